import { SEARCH_DEBOUNCE_MS } from "@worker/core/shared/rules";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { SearchIcon } from "./icons";

interface Props {
  id: string;
  label: string;
  placeholder: string;
  initial: string;
  /** Query parameters a new search keeps (e.g. page size, layout); paging is always dropped. */
  keep?: string[];
  /** Extra controls inside the box (the library's microphone), given a way to search a text at once. */
  addon?: (searchNow: (text: string) => void) => ReactNode;
}

/**
 * A GET search form that submits itself once typing pauses (1000 ms), with the text
 * trimmed. The form carries only the search, so a new search starts again from the first page;
 * Enter submits at once, and without JavaScript the form still works.
 */
export function DebouncedSearch({ id, label, placeholder, initial, keep = [], addon }: Props) {
  const submit = useSubmit();
  const [params] = useSearchParams();
  const kept = keep.flatMap((name) => {
    const value = params.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  const [value, setValue] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const box = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new search from the address, and once at hydration
  useEffect(() => {
    // Only at hydration can the box show other than React's text: what was typed before the page was
    // interactive, kept and searched at once (the typing is over). Later, a new address sets the box.
    const shown = box.current!.value;
    if (shown !== value) search(shown);
    setValue(shown === value ? initial : shown);
  }, [initial]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    const trimmed = text.trim();
    const form = new FormData();
    for (const [name, keptValue] of kept) form.set(name, keptValue);
    if (trimmed) form.set("search", trimmed);
    submit(form, { method: "get", replace: true, preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      role="search"
      className="relative min-w-0 flex-1 basis-full sm:basis-auto"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        search(value);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-[11px] start-3 h-5 w-5 text-stone-600" />
      <input
        ref={box}
        id={id}
        name="search"
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        className={addon ? "field pe-11 ps-10" : "field ps-10"}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setValue(text);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
        }}
      />
      {kept.map(([name, keptValue]) => (
        <input key={name} type="hidden" name={name} value={keptValue} />
      ))}
      {addon?.((text) => {
        clearTimeout(timer.current);
        setValue(text);
        search(text);
      })}
    </Form>
  );
}
