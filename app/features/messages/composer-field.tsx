import { useT } from "~/core/i18n";
import { keepInView } from "~/ui/keep-in-view";
import { useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

/**
 * The message box of a conversation and of a club room: a labelled textarea where Enter sends and
 * Shift+Enter (or Enter while an input method composes) starts a new line, the Send button, the
 * hint, and the refusal kept in view above the bottom bar. The form around it owns the sending.
 * Its texts are the messages catalogue's: a page that shows it sends that namespace too.
 * What was typed before the page was interactive is kept (the form's submit reads the box itself).
 */
export function ComposerField({
  id,
  label,
  draft,
  onDraft,
  error,
  sendDisabled,
}: {
  id: string;
  /** The textarea's accessible name, e.g. "Message Milo". */
  label: string;
  draft: string;
  onDraft: (text: string) => void;
  error: string | null;
  sendDisabled: boolean;
}) {
  const t = useT();
  const box = useTypedBeforeHydration<HTMLTextAreaElement>(draft, onDraft);
  return (
    <>
      <label htmlFor={`${id}-message`} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          id={`${id}-message`}
          name="content"
          rows={2}
          required
          value={draft}
          onChange={(event) => onDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
          className="field min-w-0 flex-1 resize-none"
        />
        <button type="submit" className="btn btn-primary" disabled={sendDisabled}>
          {t("Send")}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {t("Enter sends, Shift+Enter starts a new line.")}
      </p>
      {error && (
        <p ref={keepInView} id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </>
  );
}
