import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { AUDIENCE_LABELS, audienceOf } from "@worker/core/shared/audience";
import { canLookUpAgain } from "@worker/core/shared/book-listing";
import { BOOK_META_DESCRIPTION_MAX as META_DESCRIPTION_MAX } from "@worker/core/shared/rules";
import { findBookById } from "@worker/features/books/library";
import { findOtherCopies } from "@worker/features/books/other-copies";
import { viewerCell } from "@worker/features/geo";
import { bookLoanPanel } from "@worker/features/loans";
import { myWantOfBook } from "@worker/features/wanted";
import { useMemo } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { PUBLIC_PAGE_HANDLE, useI18n, useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { readerFor, serviceContext } from "~/core/route-context.server";
import { loadBookComments } from "~/features/comments/index.server";
import { BookLoanPanel, BorrowButton } from "~/features/loans";
import { loanIntentAction, timeFor, todayFor, withDueLabel } from "~/features/loans/index.server";
import { ReportButton } from "~/features/moderation";
import { deferred } from "~/ui/deferred";
import { BackArrow } from "~/ui/icons";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { BookCover } from "../book-cover";
import { coverAlt } from "../cover-alt";
import { DeleteBookButton } from "../delete-book-button";
import { languageName } from "../language-name";
import { NeedsDetailsBadge } from "../needs-details-badge";
import { DueNote, StatusBadge } from "../status-badge";
import { useAnalysisPolling } from "../use-analysis-polling";
import type { Route } from "./+types/book-detail";

// Below the fold: the comments' and the metadata's code is not in the page's first load (the server renders them in place).
const BookComments = deferred(() => import("~/features/comments").then((module) => module.BookComments));
const GoogleMetadataSection = deferred(() => import("../metadata-sections").then((module) => module.GoogleMetadataSection));
const OtherCopies = deferred(() => import("../other-copies").then((module) => module.OtherCopies));
// Acts only once pressed, and is a plain form until its code comes.
const WantButton = deferred(() => import("~/features/wanted").then((module) => module.WantButton));
const CoverAnalysisSection = deferred(() => import("../metadata-sections").then((module) => module.CoverAnalysisSection));

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = serviceContext(context);
  const found = findBookById(ctx, params.bookId);
  const [book, panel, comments, catalogue, copies, wantedId] = await Promise.all([
    found,
    // No book, no panel: the 404 below says so.
    bookLoanPanel(ctx, params.bookId).catch((error: unknown) => {
      if (error instanceof ServiceError && error.status === 404) return null;
      throw error;
    }),
    loadBookComments(ctx, params.bookId, request),
    // The lending panel, the comments and the report button are other features'; cover analysis notes are the covers' catalogue.
    pageMessages(context, "books", "covers", "loans", "comments", "moderation", "wanted"),
    // Nearest first from the member's area; a visitor's come newest first.
    viewerCell(ctx).then((origin) => findOtherCopies(ctx, params.bookId, origin)),
    // Whether I already want it ("On your wanted list"): by its title and author, so any copy of it says so.
    found.then((book) => (book && ctx.user && book.userId !== ctx.user.id ? myWantOfBook(ctx, book) : null)),
  ]);
  if (!book || !panel) throw refusal(translate("We couldn't find that book. It may have been removed by its owner."), 404);
  const reader = readerFor(request, context);
  const today = todayFor(reader);
  const offerUntil = panel.waitlist.offerExpiresAt === null ? null : timeFor(reader, panel.waitlist.offerExpiresAt);
  return {
    book: withDueLabel(book, today, reader),
    isOwner: ctx.user?.id === book.userId,
    signedIn: Boolean(ctx.user),
    panel,
    today,
    offerUntil,
    comments,
    copies,
    wantedId,
    viewerId: ctx.user?.id ?? null,
    catalogue,
    head: headFor(book),
  };
}

/** The page's title and description, written in the request's language (meta has no translator). */
function headFor(book: { title: string; author: string; description: string; userName: string }) {
  const title = book.title || translate("Untitled Book");
  const base =
    book.description ||
    translate("{title} by {author}, shared by {owner} on BookClub.", { title, author: book.author || translate("Unknown"), owner: book.userName });
  const description = base.length > META_DESCRIPTION_MAX ? `${base.slice(0, META_DESCRIPTION_MAX - 1).trimEnd()}…` : base;
  return { title, description };
}

/** The lending panel's forms (request, cancel, waitlist); visitors are sent to sign in and back here. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const back = `/books/${params.bookId}`;
  return loanIntentAction({ request, context, bookId: params.bookId, errorKey: () => "loan", back });
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  // No loader data: the error boundary writes the page's title, in the reader's language.
  if (!loaderData) return [];
  const { book, head } = loaderData;
  const { title, description } = head;
  const isbn = book.isbn13 ?? book.isbn10 ?? undefined;
  return [
    { title: `${title} — BookClub` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:type", content: "book" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Book",
        name: title,
        ...(book.author ? { author: { "@type": "Person", name: book.author } } : {}),
        ...(isbn ? { isbn } : {}),
        ...(book.publisher ? { publisher: { "@type": "Organization", name: book.publisher } } : {}),
        ...(book.publishedDate ? { datePublished: book.publishedDate } : {}),
        ...(book.pageCount ? { numberOfPages: book.pageCount } : {}),
        ...(book.language ? { inLanguage: book.language } : {}),
        ...(book.coverImage ? { image: book.coverImage } : {}),
        description,
      },
    },
  ];
}

function Fact({
  label,
  value,
  written = false,
}: {
  label: string;
  value: string | number | null | undefined /** A member wrote it: its own direction. */;
  written?: boolean;
}) {
  if (value === null || value === undefined || value === "") return null;
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd dir={written ? "auto" : undefined} className="text-stone-900">
        {value}
      </dd>
    </div>
  );
}

export default function BookDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { locale } = useI18n();
  const { book, isOwner, signedIn, panel, today, offerUntil, comments, copies, wantedId, viewerId } = loaderData;
  const title = book.title || t("Untitled Book");
  const owner = book.userName || "owner";
  const audience = audienceOf(book);
  // Accepted, or offered to the next on its waitlist: not to be had now, whatever the owner's status says.
  const promised =
    book.status === "available" &&
    !book.membersOnly &&
    (panel.holding?.state === "accepted" || (!panel.holding && panel.waitlist.size > 0 && panel.waitlist.myState !== "offered"));
  // While the cover is being read, poll and refresh the page once the analysis lands.
  const revalidator = useRevalidator();
  const pending = useMemo(() => (book.analysisState === "pending" ? [book] : []), [book]);
  useAnalysisPolling(pending, () => revalidator.revalidate());

  return (
    <article className="space-y-6">
      <Link to={isOwner ? "/my-books" : "/library"} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {isOwner ? t("Back to My Books") : t("Back to Library")}
      </Link>
      <div className="grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
        <div className="mx-auto w-full max-w-72">
          <BookCover src={book.coverImage} title={title} alt={coverAlt(t, title, book.author, book.coverAlt)} eager className="rounded-lg shadow-md" />
        </div>
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            {promised ? (
              // An accepted request holds the book: "Available" beside "Join the waitlist" would contradict the panel.
              <span data-status="promised" className="inline-flex items-center rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
                {t("Promised")}
              </span>
            ) : (
              <StatusBadge status={book.status} />
            )}
            {book.status === "borrowed" && book.lentToUserId && (
              <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
                {t("Lent to {name}", { name: book.lentToUserName || book.lentToUserId })}
              </span>
            )}
            <DueNote due={book.due} />
            {book.membersOnly && <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">{t("Members only")}</span>}
            {isOwner && book.analysisState !== "pending" && <NeedsDetailsBadge book={book} />}
          </div>
          {/* The title keeps the direction it was written in, whatever the page's. */}
          <h1 className="font-serif text-3xl font-bold" dir="auto">
            {title}
          </h1>
          {/* Only the owner gets this far with a hidden book; everyone else gets a 404. */}
          {book.hidden && (
            <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
              {book.hidden === "moderation"
                ? t("A moderator hid this book. Other members can't see it in the library or open this page.")
                : book.hidden === "untitled"
                  ? t("Only you can see this book until it has a title. Then it is listed in the library.")
                  : t("This book is hidden while your account is suspended.")}
            </p>
          )}
          {isOwner && book.analysisState !== "pending" && canLookUpAgain(book) && (
            <Form method="post" action={`/books/${book.bookId}/lookup`}>
              <button type="submit" className="btn btn-secondary">
                {t("Look up again")}
              </button>
            </Form>
          )}
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
            <Fact label={t("Author")} value={book.author || t("Unknown")} written={Boolean(book.author)} />
            <div>
              <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t("Owner")}</dt>
              <dd dir="auto">
                {signedIn ? (
                  <Link to={`/users/${book.userId}`} className="text-brand-700 hover:underline">
                    {owner}
                  </Link>
                ) : (
                  owner
                )}
              </dd>
            </div>
            {book.clubId && (
              <div>
                <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{t("Club")}</dt>
                <dd>
                  {book.clubIsPrivate ? t("{club} (private)", { club: book.clubName ?? t("Club") }) : (book.clubName ?? t("Club"))}
                  {/* Outsiders of a private club would only find a 404 there. */}
                  {!book.membersOnly && (
                    <>
                      {" "}
                      <Link to={`/clubs/${book.clubId}`} className="text-sm text-brand-700 hover:underline">
                        {t("(manage)")}
                      </Link>
                    </>
                  )}
                </dd>
              </div>
            )}
            <Fact label="ISBN-10" value={book.isbn10} />
            <Fact label="ISBN-13" value={book.isbn13} />
            <Fact label={t("Published")} value={book.publishedDate} />
            <Fact label={t("Pages")} value={book.pageCount} />
            <Fact label={t("Language")} value={book.language ? languageName(book.language, locale) : null} />
            <Fact label={t("Publisher")} value={book.publisher} />
            {/* The audience's labels are core's catalogue (worker/core/shared/audience.ts). */}
            <Fact label={t("Audience")} value={audience ? t(AUDIENCE_LABELS[audience]) : null} />
          </dl>
          {book.description && (
            <p dir="auto" className="leading-relaxed whitespace-pre-line text-stone-800">
              {book.description}
            </p>
          )}
          {!book.membersOnly && (
            <BookLoanPanel
              bookId={book.bookId}
              ownerName={owner}
              isOwner={isOwner}
              signedIn={signedIn}
              panel={panel}
              today={today}
              offerUntil={offerUntil}
              refused={actionData && !actionData.ok ? actionData.errors.loan : undefined}
            />
          )}
          <div className="flex flex-wrap gap-3">
            {isOwner ? (
              <>
                <Link to={`/books/${book.bookId}/edit`} className="btn btn-secondary">
                  {t("Edit")}
                </Link>
                <Form method="post" action={`/books/${book.bookId}/delete`}>
                  <DeleteBookButton />
                </Form>
              </>
            ) : book.membersOnly ? (
              // Only the club's members may borrow a private club's books.
              <p className="text-sm text-stone-700">{t("Members only: {title} is shared in a private club, so only its members can borrow it.", { title })}</p>
            ) : (
              signedIn && (
                // The one borrow action ("Borrow from {owner}") is the lending panel's, above.
                <Link to={`/users/${book.userId}`} className="btn btn-secondary">
                  {t("View {owner}'s profile", { owner })}
                </Link>
              )
            )}
            {/* Any copy, even far away: the want is for the book, and a copy near me is told when it comes. */}
            {!isOwner && <WantButton bookId={book.bookId} signedIn={signedIn} wantedId={wantedId} />}
            {signedIn && !isOwner && <ReportButton target={{ subject: "book", bookId: book.bookId }} title={t("Report {title}", { title })} />}
          </div>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <GoogleMetadataSection metadata={book.google_metadata} />
        <CoverAnalysisSection analysis={book.cover_analysis} state={book.analysisState} message={book.analysisMessage} forOwner={isOwner} />
      </div>
      {/* Other copies are for a reader looking for one to borrow, not for the book's owner. */}
      {!isOwner && copies && copies.items.length > 0 && (
        <OtherCopies copies={copies} viewerId={viewerId} borrow={(copy) => <BorrowButton bookId={copy.bookId} owner={copy.userName} />} />
      )}
      {comments && <BookComments key={book.bookId} bookId={book.bookId} bookTitle={title} section={comments} />}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refused page has no loader data, so no catalogue of its own: these read in English unless core's has them.
  const t = useT();
  return <RouteErrorBoundary error={error} heading={t("Failed to load book")} byStatus={{ 404: t("Book not found") }} />;
}
