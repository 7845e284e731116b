import type { BookCard as BookCardData } from "@worker/features/books/book-columns";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { marked } from "~/ui/marked-text";
import { BookCover } from "./book-cover";
import { DistanceNote } from "./distance-note";
import { DueNote, StatusBadge } from "./status-badge";

interface Props {
  /** `due`: the lent book's due label, made by the loader in the viewer's timezone. */
  book: BookCardData & { due?: { text: string; overdue: boolean } | null; distanceKm?: number; coverAltText?: string };
  /** True when the book has no club or the viewer belongs to its club. */
  isClubMember: boolean;
  layout: "grid" | "list";
  eager?: boolean;
  /** A line of context under the owner, from the section that shows the card ("You want this"). */
  note?: string;
}

/**
 * The book's club. A private club's book is "members only" to everyone outside the club (no
 * borrowing); the club's page is linked where the viewer may open it (members, or any public club).
 */
function ClubNote({ book, isClubMember }: Pick<Props, "book" | "isClubMember">) {
  const t = useT();
  if (!book.clubId) return null;
  const membersOnly = book.clubIsPrivate && !isClubMember;
  const name = book.clubName ?? t("a club");
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs text-stone-700">
      <span>
        {t("Club:")} {/* A club's name is its own text in its own direction, inside the page's sentence. */}
        {membersOnly ? (
          <bdi>{name}</bdi>
        ) : (
          <Link to={`/clubs/${book.clubId}`} className="underline hover:text-brand-700">
            <bdi>{name}</bdi>
          </Link>
        )}
        {book.clubIsPrivate ? ` ${t("(private)")}` : ""}
      </span>
      {membersOnly && <span className="rounded-full bg-stone-200 px-1.5 py-0.5 font-semibold text-stone-800">{t("Members only")}</span>}
    </p>
  );
}

/** One card for both layouts: the list's row and the grid's tile differ only in their classes and where the status sits. */
export function BookCard({ book, isClubMember, layout, eager, note }: Props) {
  const t = useT();
  const title = book.title || t("Untitled Book");
  const list = layout === "list";
  const clamp = list ? "" : "line-clamp-1 ";
  const status = (
    <div className={list ? "shrink-0" : "mt-auto pt-2"}>
      <StatusBadge status={book.status} />
      <DueNote due={book.due} />
    </div>
  );
  return (
    <li className={list ? "card flex gap-4 p-3" : "card group flex flex-col overflow-hidden"}>
      <Link to={`/books/${book.bookId}`} className={list ? "w-16 shrink-0" : "block"} tabIndex={-1} aria-hidden="true">
        <BookCover
          src={book.coverImage}
          title={title}
          alt={book.coverAltText}
          eager={eager}
          className={list ? "rounded" : "transition-opacity group-hover:opacity-90"}
        />
      </Link>
      <div className={list ? "min-w-0 flex-1 space-y-1" : "flex flex-1 flex-col gap-1 p-3"}>
        <h2 className={`${list ? "text-lg" : "line-clamp-2 text-base"} font-serif leading-snug font-semibold`}>
          {/* Titles and authors keep the direction they were written in (an English title on an Arabic page). */}
          <Link to={`/books/${book.bookId}`} className="hover:underline" dir="auto">
            {marked(book.highlight?.title, title)}
          </Link>
        </h2>
        <p className={`${clamp}text-sm text-stone-700`} dir="auto">
          {marked(book.highlight?.author, book.author || t("Unknown"))}
        </p>
        <p className={`${clamp}text-xs text-stone-700`}>
          {t("Owner:")} <bdi>{book.userName}</bdi>
        </p>
        {note && <p className="text-xs font-semibold text-brand-800">{note}</p>}
        <ClubNote book={book} isClubMember={isClubMember} />
        {book.distanceKm !== undefined && <DistanceNote km={book.distanceKm} />}
        {!list && status}
      </div>
      {list && status}
    </li>
  );
}
