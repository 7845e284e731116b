import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { msg } from "@worker/core/shared/translate";
import { useT } from "~/core/i18n";
import { useToast } from "~/ui/toaster";

// docs/product.md#borrow-from-the-owner: what the borrow flow tells the member on its way to the chat
// (the action writes them in the request's language; the page, when the action could not be reached).
export const BORROW_SENT = msg("Message sent to the owner. Opening chat…");
export const BORROW_FAILED = msg("Could not start a chat. Opening Messages…");
/** A second press, once the request is recorded: nothing new is sent. */
export const BORROW_OPENING = msg("You have already asked to borrow this book. Opening chat…");

type BorrowAnswer = { ok: true; conversationId: string; notice?: string } | { ok: false; error: string; stay?: boolean };

/**
 * "Borrow from {owner}", the book page's one borrow action: posts to /books/{id}/borrow, which
 * records the loan request and opens the chat with the owner with the spec's message, then goes to
 * that chat. Without JavaScript the same form posts and the server redirects. One press, one
 * request: a second press (or a retry) reuses the request id, and an existing request just opens the chat.
 */
export function BorrowButton({ bookId, owner }: { bookId: string; owner: string }) {
  const t = useT();
  const navigate = useNavigate();
  const { notify } = useToast();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const requestId = useRef<string | undefined>(undefined);
  const action = `/books/${bookId}/borrow`;

  async function borrow(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    requestId.current ??= globalThis.crypto.randomUUID?.();
    const form = new FormData(event.currentTarget);
    form.set("enhanced", "1");
    if (requestId.current) form.set("requestId", requestId.current);
    let answer: BorrowAnswer;
    try {
      const response = await fetch(action, { method: "POST", body: form, headers: { Accept: "application/json" } });
      answer = (await response.json()) as BorrowAnswer;
    } catch {
      answer = { ok: false, error: t(BORROW_FAILED) };
    }
    if (answer.ok) {
      const notice = answer.notice ?? t(BORROW_SENT);
      notify("success", notice);
      setNotice(notice);
      navigate(`/messages/${answer.conversationId}`);
    } else if (answer.stay) {
      // The request was refused (e.g. 'This is your own book.', offered to the next in line): say so here.
      setNotice(answer.error);
      setBusy(false);
    } else {
      notify("error", t(BORROW_FAILED));
      setNotice(t(BORROW_FAILED));
      navigate("/messages");
    }
  }

  return (
    <form method="post" action={action} onSubmit={borrow} className="contents">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("Borrow from {owner}", { owner })}
      </button>
      <p role="status" className={notice ? "basis-full text-sm text-stone-700" : "sr-only"}>
        {notice}
      </p>
    </form>
  );
}
