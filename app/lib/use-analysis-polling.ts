import { useEffect, useRef } from "react";
import type { Book, BookCard } from "../../worker/services/book-view";

/** Spec §9: up to 6 attempts, waiting 500 ms more each time (500, 1000, …), never more than 3000 ms. */
export const POLL_ATTEMPTS = 6;
export const pollDelay = (attempt: number) => Math.min(3000, 500 * attempt);

/**
 * Watches books whose cover is still being read and hands back each one once its analysis is
 * done. Poll failures are swallowed and simply retried on the next attempt.
 */
export function useAnalysisPolling(books: (Book | BookCard)[], onUpdate: (book: Book) => void) {
  const watching = useRef(new Set<string>());
  const update = useRef(onUpdate);
  update.current = onUpdate;

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const book of books) {
      if (book.analysisState !== "pending" || watching.current.has(book.bookId)) continue;
      watching.current.add(book.bookId);
      const poll = (attempt: number) => {
        timers.push(
          setTimeout(async () => {
            try {
              const response = await fetch(`/api/books/${book.bookId}`);
              const body = (await response.json()) as { success: boolean; data?: Book };
              if (body.success && body.data && body.data.analysisState !== "pending") {
                watching.current.delete(book.bookId);
                update.current(body.data);
                return;
              }
            } catch {
              // Swallowed: the next attempt tries again.
            }
            if (attempt < POLL_ATTEMPTS) poll(attempt + 1);
            else watching.current.delete(book.bookId);
          }, pollDelay(attempt)),
        );
      };
      poll(1);
    }
    return () => {
      timers.forEach(clearTimeout);
      // Books still pending are picked up again by the next run of this effect.
      watching.current.clear();
    };
  }, [books]);
}
