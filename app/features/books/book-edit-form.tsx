import { msg } from "@worker/core/shared/translate";
import type { BookStatus } from "@worker/db/schema";
import type { ClubChoice } from "@worker/features/books/book-writes";
import { useEffect, useId, useRef, useState } from "react";
import { type ApiData, apiFetch } from "~/core/api-client";
import { useT } from "~/core/i18n";
import { bookFieldStyle, SelectField, TextAreaField, TextField } from "~/ui/field";
import { useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

export const STATUS_OPTIONS: { value: BookStatus; label: string }[] = [
  { value: "available", label: msg("Available") },
  { value: "reading", label: msg("Reading") },
  { value: "borrowed", label: msg("Lent") },
  { value: "giving_away", label: msg("Giving away") },
];

const LOOKUP_DEBOUNCE_MS = 300;
type FoundUser = ApiData<"/users/query">;

/** Finds the borrower by e-mail: waits 300 ms, and only looks up text with '@' and 5+ characters. */
function BorrowerLookup({ initial }: { initial: { id: string; name: string } | null }) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<FoundUser | null>(null);
  const [selected, setSelected] = useState<{ id: string; name: string } | null>(initial);
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Typed before the page was interactive: looked up once it is.
  const box = useTypedBeforeHydration<HTMLInputElement>(query, (text) => {
    setQuery(text);
    lookUp(text);
  });

  function lookUp(text: string) {
    clearTimeout(timer.current);
    setFound(null);
    setMessage(null);
    const email = text.trim();
    if (!email.includes("@") || email.length < 5) return;
    timer.current = setTimeout(async () => {
      try {
        const user = await apiFetch("/users/query", { query: { email } }, t("Failed to find user"));
        setFound(user);
      } catch (error) {
        setMessage(error instanceof Error ? error.message : t("Failed to find user"));
      }
    }, LOOKUP_DEBOUNCE_MS);
  }

  return (
    <fieldset className="space-y-2 rounded-lg border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold">{t("Lent to")}</legend>
      <input type="hidden" name="lentToUserId" value={selected?.id ?? ""} />
      <input type="hidden" name="lentToUserName" value={selected?.name ?? ""} />
      {selected ? (
        <p className="flex items-center justify-between gap-2 text-sm">
          <span>
            {t("Lent to")}{" "}
            <strong>
              <bdi>{selected.name}</bdi>
            </strong>
          </span>
          <button type="button" className="btn btn-secondary" onClick={() => setSelected(null)}>
            {t("Change")}
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={id} className="block text-sm">
            {t("Borrower's e-mail")}
          </label>
          <input
            ref={box}
            id={id}
            type="email"
            autoComplete="off"
            className="field"
            placeholder="name@example.com"
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              lookUp(event.currentTarget.value);
            }}
          />
          {found && (
            <button type="button" className="btn btn-secondary w-full justify-start" onClick={() => setSelected({ id: found.userId, name: found.name })}>
              {t("Select {name} ({email})", { name: found.name, email: found.email })}
            </button>
          )}
          {message && <p className="text-sm text-stone-700">{message}</p>}
        </>
      )}
    </fieldset>
  );
}

export interface EditableBook {
  title: string;
  author: string;
  description: string;
  status: BookStatus;
  lentToUserId: string | null;
  lentToUserName: string | null;
  clubId: string | null;
  clubName: string | null;
}

/**
 * Which club the book is shared into: "No club" or one of the owner's active clubs. A club the owner
 * has left since stays listed as the current choice, so saving other fields does not unshare it.
 */
function ClubSelect({ book, clubs, error }: { book: EditableBook; clubs: ClubChoice[]; error?: string }) {
  const t = useT();
  const current = book.clubId && !clubs.some((club) => club.clubId === book.clubId) ? { clubId: book.clubId, name: book.clubName ?? t("Current club") } : null;
  return (
    <SelectField {...bookFieldStyle} label={t("Club")} name="clubId" defaultValue={book.clubId ?? ""} error={error}>
      <option value="">{t("No club")}</option>
      {current && <option value={current.clubId}>{current.name}</option>}
      {clubs.map((club) => (
        <option key={club.clubId} value={club.clubId}>
          {club.name}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The fields of the Edit Book page and dialog; the surrounding <Form> decides where it posts.
 * Without `clubs` there is no Club select and saving leaves the book's club alone.
 */
export function BookEditFields({ book, clubs, errors }: { book: EditableBook; clubs?: ClubChoice[]; errors?: Record<string, string> }) {
  const t = useT();
  const [status, setStatus] = useState<BookStatus>(book.status);
  return (
    <div className="space-y-4">
      <TextField {...bookFieldStyle} label={t("Title")} name="title" required defaultValue={book.title} error={errors?.title} />
      <TextField {...bookFieldStyle} label={t("Author")} name="author" required defaultValue={book.author} error={errors?.author} />
      <SelectField {...bookFieldStyle} label={t("Status")} name="status" value={status} onChange={(e) => setStatus(e.currentTarget.value as BookStatus)}>
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </SelectField>
      {clubs && <ClubSelect book={book} clubs={clubs} error={errors?.clubId} />}
      {status === "borrowed" && (
        <BorrowerLookup initial={book.lentToUserId ? { id: book.lentToUserId, name: book.lentToUserName ?? book.lentToUserId } : null} />
      )}
      <TextAreaField {...bookFieldStyle} label={t("Description")} name="description" rows={4} defaultValue={book.description} />
      {errors?.form && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {errors.form}
        </p>
      )}
    </div>
  );
}
