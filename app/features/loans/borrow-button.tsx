import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useToast } from "~/ui/toaster";

// docs/product.md#borrow-from-the-owner: what the borrow flow tells the member on its way to the chat.
export const BORROW_SENT = "Message sent to the owner. Opening chat…";
export const BORROW_FAILED = "Could not start a chat. Opening Messages…";

type BorrowAnswer = { ok: true; conversationId: string } | { ok: false; error: string; stay?: boolean };

/**
 * "Borrow from {owner}": posts to /books/{id}/borrow, which opens the chat with the owner
 * and sends the request, then goes to that chat. Without JavaScript the same form posts and the
 * server redirects. One press, one request: a second press (or a retry) reuses the request id.
 */
export function BorrowButton({ bookId, owner }: { bookId: string; owner: string }) {
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
      answer = { ok: false, error: BORROW_FAILED };
    }
    if (answer.ok) {
      notify("success", BORROW_SENT);
      setNotice(BORROW_SENT);
      navigate(`/messages/${answer.conversationId}`);
    } else if (answer.stay) {
      // Nothing to open (e.g. 'This is your own book.'): say so here.
      setNotice(answer.error);
      setBusy(false);
    } else {
      notify("error", BORROW_FAILED);
      setNotice(BORROW_FAILED);
      navigate("/messages");
    }
  }

  return (
    <form method="post" action={action} onSubmit={borrow} className="contents">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Borrow from {owner}
      </button>
      <p role="status" className={notice ? "basis-full text-sm text-stone-700" : "sr-only"}>
        {notice}
      </p>
    </form>
  );
}
