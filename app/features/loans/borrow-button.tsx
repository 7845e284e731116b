import { msg } from "@worker/core/shared/translate";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";

// docs/product.md#borrow-from-the-owner: what the borrow flow tells the member on its way to the chat
// (the action writes them in the request's language; the page, when the action could not be reached).
export const BORROW_SENT = msg("Message sent to the owner. Opening chat…");
export const BORROW_FAILED = msg("Could not start a chat. Opening Messages…");
/** A second press, once the request is recorded: nothing new is sent. */
export const BORROW_OPENING = msg("You have already asked to borrow this book. Opening chat…");

/** What the borrow action answers the fetcher when it keeps the member on the book page (a success or a failure redirects). */
export type BorrowRefusal = { ok: false; error: string };

/**
 * "Borrow from {owner}", the book page's one borrow action: posts to /books/{id}/borrow through a fetcher, like the
 * rest of the lending panel. The action records the loan request and opens the chat with the owner with the spec's
 * message, then redirects there (the fetcher follows); a refusal of the request stays here in the ledger's words.
 * Without JavaScript the same form posts and the server redirects. One press, one request: a second press (or a
 * retry) reuses the request id, and an existing request just opens the chat.
 */
export function BorrowButton({ bookId, owner }: { bookId: string; owner: string }) {
  const t = useT();
  const fetcher = useFetcher<BorrowRefusal>();
  const requestId = useRef<string | undefined>(undefined);
  const action = `/books/${bookId}/borrow`;
  const busy = fetcher.state !== "idle";
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  function borrow(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    requestId.current ??= globalThis.crypto.randomUUID?.();
    const form = new FormData(event.currentTarget);
    // The action answers a refusal as data for the fetcher, where a plain post is redirected back with it.
    form.set("via", "fetcher");
    if (requestId.current) form.set("requestId", requestId.current);
    void fetcher.submit(form, { method: "post", action });
  }

  return (
    <form method="post" action={action} onSubmit={borrow} className="contents">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("Borrow from {owner}", { owner })}
      </button>
      <p role="status" className={refusal ? "basis-full text-sm text-stone-700" : "sr-only"}>
        {refusal}
      </p>
    </form>
  );
}
