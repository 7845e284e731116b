import { matchKey } from "@worker/core/shared/copy-match";
import type { BookCard } from "@worker/features/books";
import { Form } from "react-router";
import { useT } from "~/core/i18n";

/** Stand-ins (private-use characters) for the parts TitleByAuthor styles. */
const TITLE = "\uE000";
const AUTHOR = "\uE001";

/**
 * "Title by Author" with the title in bold, in the page's language's order: the sentence is
 * translated whole with stand-ins, then the styled title and author are put in their places.
 */
export function TitleByAuthor({ title, author }: { title: string; author: string }) {
  const t = useT();
  if (!author) return <span className="font-medium">{title}</span>;
  const parts = t("{title} by {author}", { title: TITLE, author: AUTHOR }).split(/(\uE000|\uE001)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sentence's parts, in order
        <span key={index} className={part === TITLE ? "font-medium" : "text-stone-700"}>
          {part === TITLE ? title : part === AUTHOR ? author : part}
        </span>
      ))}
    </>
  );
}

type LibraryBook = Pick<BookCard, "bookId" | "title" | "author" | "userName">;

/** Search results as books: copies of one book (the same match key copies are found by) together, in the order found. */
export function groupCopies<Book extends LibraryBook>(found: Book[]): { key: string; title: string; author: string; copies: Book[] }[] {
  const groups = new Map<string, { key: string; title: string; author: string; copies: Book[] }>();
  for (const book of found) {
    const key = matchKey(book.title, book.author);
    const group = groups.get(key);
    if (group) group.copies.push(book);
    else groups.set(key, { key, title: book.title, author: book.author, copies: [book] });
  }
  return [...groups.values()];
}

/** "2 copies: Ann's copy, Ben's copy": whose each copy is. */
function Owners({ copies }: { copies: LibraryBook[] }) {
  const t = useT();
  return (
    <p className="text-sm text-stone-700">
      {t("{count, plural, one {# copy} other {# copies}}", { count: copies.length })}
      {": "}
      {copies.map((copy) => t("{owner}'s copy", { owner: copy.userName })).join(", ")}
    </p>
  );
}

/**
 * Library search results to choose from, one row per book with whose copies it has ("Ann's copy,
 * Ben's copy"), so two copies of one book never look like two books. `checkbox` ticks books inside
 * the caller's form (a poll's candidates); `button` posts `intent=set-book` with the first copy.
 */
export function LibraryPicks({ books, pick }: { books: LibraryBook[]; pick: "checkbox" | "button" }) {
  const t = useT();
  return (
    <ul className="divide-y divide-stone-200" aria-label={t("Books in the library")}>
      {groupCopies(books).map((group) => {
        const first = group.copies[0]!;
        return pick === "checkbox" ? (
          <li key={group.key} className="py-2">
            <label className="flex items-start gap-3">
              <input type="checkbox" name="bookId" value={first.bookId} className="mt-1.5 size-5 shrink-0" />
              <span className="min-w-0 break-words">
                <TitleByAuthor title={group.title} author={group.author} />
                <Owners copies={group.copies} />
              </span>
            </label>
          </li>
        ) : (
          <li key={group.key} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span className="min-w-0 break-words">
              <TitleByAuthor title={group.title} author={group.author} />
              <Owners copies={group.copies} />
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="set-book" />
              <input type="hidden" name="bookId" value={first.bookId} />
              <button type="submit" className="btn btn-secondary min-h-11" aria-label={t("Read {title}", { title: group.title })}>
                {t("Read this book")}
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
