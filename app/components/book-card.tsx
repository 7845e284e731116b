import { Link } from "react-router";
import type { BookCard as BookCardData } from "../../worker/services/book-view";
import { BookCover } from "./book-cover";
import { StatusBadge } from "./status-badge";

interface Props {
  book: BookCardData;
  /** True when the book has no club or the viewer belongs to its club. */
  isClubMember: boolean;
  layout: "grid" | "list";
  eager?: boolean;
}

/**
 * The book's club. A private club's book is "members only" to everyone outside the club (no
 * borrowing); the club's page is linked where the viewer may open it (members, or any public club).
 */
function ClubNote({ book, isClubMember }: Pick<Props, "book" | "isClubMember">) {
  if (!book.clubId) return null;
  const membersOnly = book.clubIsPrivate && !isClubMember;
  const name = book.clubName ?? "a club";
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs text-stone-700">
      <span>
        Club:{" "}
        {membersOnly ? (
          name
        ) : (
          <Link to={`/clubs/${book.clubId}`} className="underline hover:text-brand-700">
            {name}
          </Link>
        )}
        {book.clubIsPrivate ? " (private)" : ""}
      </span>
      {membersOnly && <span className="rounded-full bg-stone-200 px-1.5 py-0.5 font-semibold text-stone-800">Members only</span>}
    </p>
  );
}

export function BookCard({ book, isClubMember, layout, eager }: Props) {
  const title = book.title || "Untitled Book";
  const author = book.author || "Unknown";
  if (layout === "list") {
    return (
      <li className="card flex gap-4 p-3">
        <Link to={`/books/${book.bookId}`} className="w-16 shrink-0" tabIndex={-1} aria-hidden="true">
          <BookCover src={book.coverImage} title={title} className="rounded" eager={eager} />
        </Link>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="font-serif text-lg leading-snug font-semibold">
            <Link to={`/books/${book.bookId}`} className="hover:underline">
              {title}
            </Link>
          </h2>
          <p className="text-sm text-stone-700">{author}</p>
          <p className="text-xs text-stone-700">Owner: {book.userName}</p>
          <ClubNote book={book} isClubMember={isClubMember} />
        </div>
        <div className="shrink-0">
          <StatusBadge status={book.status} />
        </div>
      </li>
    );
  }
  return (
    <li className="card group flex flex-col overflow-hidden">
      <Link to={`/books/${book.bookId}`} className="block" tabIndex={-1} aria-hidden="true">
        <BookCover src={book.coverImage} title={title} eager={eager} className="transition-opacity group-hover:opacity-90" />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 font-serif text-base leading-snug font-semibold">
          <Link to={`/books/${book.bookId}`} className="hover:underline">
            {title}
          </Link>
        </h2>
        <p className="line-clamp-1 text-sm text-stone-700">{author}</p>
        <p className="line-clamp-1 text-xs text-stone-700">Owner: {book.userName}</p>
        <ClubNote book={book} isClubMember={isClubMember} />
        <div className="mt-auto pt-2">
          <StatusBadge status={book.status} />
        </div>
      </div>
    </li>
  );
}
