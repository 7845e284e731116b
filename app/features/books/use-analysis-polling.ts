import type { Book, BookCard } from "@worker/features/books/book-columns";
import { useEffect, useRef } from "react";

/**
 * Watches books whose cover is still being read and hands back each one once its analysis is done.
 * The poller (analysis-polling.ts) is fetched only when a book is pending: most pages have none.
 */
export function useAnalysisPolling(books: (Book | BookCard)[], onUpdate: (book: Book) => void) {
  const update = useRef(onUpdate);
  useEffect(() => {
    update.current = onUpdate;
  });

  useEffect(() => {
    const pending = books.filter((book) => book.analysisState === "pending").map((book) => book.bookId);
    if (pending.length === 0) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./analysis-polling").then(({ pollAnalysis }) => {
      if (!cancelled) stop = pollAnalysis(pending, (book) => update.current(book));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [books]);
}
