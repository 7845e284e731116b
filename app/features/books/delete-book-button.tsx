import { msg } from "@worker/core/shared/translate";
import { useEffect, useState } from "react";
import { useT } from "~/core/i18n";

/** The confirmation Delete asks (a catalogue text: show it with `t(DELETE_CONFIRMATION)`). */
export const DELETE_CONFIRMATION = msg("Are you sure you want to delete this book? This cannot be undone.");

/**
 * Delete asks first; until the page is interactive the button stays off so nothing is deleted
 * unasked. It submits its form to the delete action (`formAction`) when it sits in another form.
 */
export function DeleteBookButton({ className = "btn btn-danger", label, formAction }: { className?: string; label?: string; formAction?: string }) {
  const t = useT();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button
      type="submit"
      formAction={formAction}
      className={className}
      disabled={!ready}
      aria-label={label ?? t("Delete")}
      onClick={(event) => {
        if (!window.confirm(t(DELETE_CONFIRMATION))) event.preventDefault();
      }}
    >
      {t("Delete")}
    </button>
  );
}
