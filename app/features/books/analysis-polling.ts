import type { Book } from "@worker/features/books/book-columns";

/** docs/product.md#cover-analysis: up to 6 attempts, waiting 500 ms more each time (500, 1000, …), never more than 3000 ms. */
export const POLL_ATTEMPTS = 6;
export const pollDelay = (attempt: number) => Math.min(3000, 500 * attempt);
/**
 * After the fast tries the queue may still be working (a busy consumer, a retry), so the
 * page keeps a slow poll going rather than showing "Reading cover…" for ever. It pauses while the
 * tab is hidden and checks at once when the tab is shown again.
 */
export const SLOW_POLL_MS = 5000;

async function fetchBook(bookId: string): Promise<Book | null> {
  try {
    const response = await fetch(`/api/books/${bookId}`);
    const body = (await response.json()) as { success: boolean; data?: Book };
    return body.success && body.data ? body.data : null;
  } catch {
    // Swallowed: the next attempt tries again.
    return null;
  }
}

/** Polls the books whose cover is still being read and hands back each one once its analysis is done; returns the stop. */
export function pollAnalysis(bookIds: string[], onUpdate: (book: Book) => void): () => void {
  const pending = new Set(bookIds);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const check = async () => {
    const answers = await Promise.all([...pending].map(fetchBook));
    for (const book of answers) {
      if (stopped || !book || book.analysisState === "pending") continue;
      pending.delete(book.bookId);
      onUpdate(book);
    }
  };
  const schedule = (attempt: number) => {
    if (stopped || pending.size === 0) return;
    const fast = attempt <= POLL_ATTEMPTS;
    if (!fast && document.visibilityState === "hidden") return; // resumed by the visibility listener
    timer = setTimeout(
      async () => {
        await check();
        schedule(attempt + 1);
      },
      fast ? pollDelay(attempt) : SLOW_POLL_MS,
    );
  };
  const onVisible = () => {
    if (document.visibilityState !== "visible" || stopped) return;
    clearTimeout(timer);
    void check().then(() => schedule(POLL_ATTEMPTS + 1));
  };

  schedule(1);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
