import { useEffect, useState } from "react";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this book? This cannot be undone.";

/** Delete asks first; until the page is interactive the button stays off so nothing is deleted unasked. */
export function DeleteBookButton({ className = "btn btn-danger", label = "Delete" }: { className?: string; label?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <button
      type="submit"
      name="intent"
      value="delete"
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
