import { useEffect, useState } from "react";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this book? This cannot be undone.";

/**
 * Delete asks first; until the page is interactive the button stays off so nothing is deleted
 * unasked. It submits its form to the delete action (`formAction`) when it sits in another form.
 */
export function DeleteBookButton({
  className = "btn btn-danger",
  label = "Delete",
  formAction,
}: {
  className?: string;
  label?: string;
  formAction?: string;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button
      type="submit"
      formAction={formAction}
      className={className}
      disabled={!ready}
      aria-label={label}
      onClick={(event) => {
        if (!window.confirm(DELETE_CONFIRMATION)) event.preventDefault();
      }}
    >
      Delete
    </button>
  );
}
