import { translate } from "@worker/core/i18n/request-language";
import { decodeCursor } from "@worker/core/paging";
import { msg } from "@worker/core/shared/translate";
import type { Book, BookCard } from "@worker/features/books/book-columns";
import { notLendingAmong } from "@worker/features/books/book-writes";
import { countLibraryBooks, listLibraryBooksWithSeqs } from "@worker/features/books/library";
import { findRunningImport } from "@worker/features/imports";
import { wantersNearby } from "@worker/features/wanted";
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext, readerFor } from "~/core/route-context.server";
import { useFetcherResult } from "~/core/use-fetcher-result";
import { useReader } from "~/core/use-reader";
import { revalidateUnlessDialogChange, useUrlDialog } from "~/core/use-url-dialog";
import type { ImportBooksProps } from "~/features/imports";
import { dueLabel } from "~/features/loans";
import { todayFor } from "~/features/loans/index.server";
import { dropSharedCovers, readSharedCovers } from "~/features/pwa";
import { OpenDialogButton } from "~/ui/dialog";
import { NextArrow } from "~/ui/icons";
import { useToast } from "~/ui/toaster";
import { AddBooksDialog } from "../add-books-dialog";
import { BookCover } from "../book-cover";
import { BookEditFields } from "../book-edit-form";
import { coverAlt } from "../cover-alt";
import { DELETE_CONFIRMATION } from "../delete-book-button";
import { NeedsDetailsBadge } from "../needs-details-badge";
import { DueNote, StatusBadge } from "../status-badge";
import { useAnalysisPolling } from "../use-analysis-polling";
import type { Route } from "./+types/my-books";
import type { action as deleteAction } from "./book-delete";
import type { action as editAction, loader as editLoader } from "./book-edit";

export const MY_BOOKS_PAGE_SIZE = 100;

// Loaded when the member opens it: the import UI is no part of the page's first JavaScript.
const ImportBooks = lazy(() => import("~/features/imports").then((module) => ({ default: module.ImportBooks })));

export const shouldRevalidate = revalidateUnlessDialogChange();

const MY_BOOKS_TITLE = msg("My Books — BookClub");

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? MY_BOOKS_TITLE }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const url = new URL(request.url);
  const query = { limit: MY_BOOKS_PAGE_SIZE, userId: ctx.user.id, nextToken: decodeCursor(url.searchParams.get("nextToken")) };
  const [page, total, runningImport, catalogue] = await Promise.all([
    listLibraryBooksWithSeqs(ctx, query),
    countLibraryBooks(ctx, { userId: ctx.user.id }),
    findRunningImport(ctx),
    // The importer is the imports feature's.
    pageMessages(context, "books", "imports", "loans"),
  ]);
  // How many members nearby want each book: one grouped read for the page, by the books' seqs (which stay here).
  const [counts, notLending] = await Promise.all([
    wantersNearby(ctx, page.seqs),
    notLendingAmong(
      ctx,
      page.items.map((book) => book.bookId),
    ),
  ]);
  const wanters = Object.fromEntries(page.items.flatMap((book, i) => (counts.get(page.seqs[i]!) ? [[book.bookId, counts.get(page.seqs[i]!)!]] : [])));
  return {
    books: page.items,
    wanters,
    notLending: [...notLending],
    nextToken: page.nextToken,
    total: total.count,
    today: todayFor(readerFor(request, context)),
    runningImport,
    catalogue,
    title: translate(MY_BOOKS_TITLE),
  };
}

type Item = BookCard | Book;

/** The Edit Book dialog: the book comes from the edit page's loader, and saves through its action. */
function EditBookDialog({ bookId, onClose, onSaved }: { bookId: string | null; onClose: () => void; onSaved: (book: Book) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const loaded = useFetcher<typeof editLoader>();
  const fetcher = useFetcher<typeof editAction>();
  const { notify } = useToast();
  const t = useT();
  const { load } = loaded;
  useEffect(() => {
    if (bookId) void load(`/books/${bookId}/edit`);
  }, [bookId, load]);
  const book = bookId && loaded.data?.book.bookId === bookId ? loaded.data.book : null;
  useEffect(() => {
    if (book && !dialog.current?.open) dialog.current?.showModal();
    if (!bookId && dialog.current?.open) dialog.current.close();
  }, [book, bookId]);
  useFetcherResult(fetcher, (result) => {
    if (result.ok && "book" in result) {
      onSaved(result.book);
      notify("success", t("Book updated"));
    } else if (!result.ok && result.errors.form && result.errors.form !== t("Please select who you lent the book to.")) {
      // The missing borrower (book-writes' LENT_TO_REQUIRED, in the page's language) is said in the form; anything else also gets a toast.
      notify("error", t("Failed to update book"));
    }
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;

  return (
    <dialog
      ref={dialog}
      aria-labelledby="edit-book-title"
      onCancel={onClose}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
    >
      {book && (
        <fetcher.Form method="post" action={`/books/${book.bookId}/edit`} className="space-y-4 p-5" key={book.bookId}>
          <h2 id="edit-book-title" className="font-serif text-2xl font-semibold">
            {t("Edit Book")}
          </h2>
          <input type="hidden" name="from" value="dialog" />
          <BookEditFields book={book} clubs={loaded.data?.clubs} errors={errors} />
          <div className="flex justify-end gap-3">
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t("Cancel")}
            </button>
            <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? t("Saving…") : t("Save")}
            </button>
          </div>
        </fetcher.Form>
      )}
    </dialog>
  );
}

function MyBookCard({
  book,
  today,
  wanters,
  notLending,
  onEdit,
  onDeleted,
}: {
  book: Item;
  today: string;
  wanters: number;
  /** Its lending rule is "nobody for now": shown, never hidden. */
  notLending: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { locale } = useReader();
  const fetcher = useFetcher<typeof deleteAction>();
  const { notify } = useToast();
  const t = useT();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      notify("success", t("Book deleted"));
      onDeleted();
    } else notify("error", t("Failed to delete book"));
  });
  const title = book.title || t("Untitled Book");
  return (
    <li className="card flex flex-col overflow-hidden" data-book-id={book.bookId}>
      <Link to={`/books/${book.bookId}`} tabIndex={-1} aria-hidden="true">
        <BookCover src={book.coverImage} title={title} alt={coverAlt(t, title, book.author, book.coverAlt)} />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 font-serif font-semibold">
          <Link to={`/books/${book.bookId}`} className="hover:underline">
            {title}
          </Link>
        </h2>
        <p className="line-clamp-1 text-sm text-stone-700">{book.author || t("Unknown")}</p>
        <div className="flex flex-wrap gap-1 pt-1">
          <StatusBadge status={book.status} />
          {book.analysisState === "pending" && (
            <span role="status" className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">
              {t("Reading cover…")}
            </span>
          )}
          {book.analysisState !== "pending" && <NeedsDetailsBadge book={book} />}
          {notLending && <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">{t("Not lending for now")}</span>}
          {book.hidden && book.hidden !== "untitled" && (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
              {book.hidden === "moderation" ? t("Hidden by a moderator") : t("Hidden while suspended")}
            </span>
          )}
        </div>
        {book.status === "borrowed" && book.lentToUserName && (
          <p className="text-xs text-stone-700">
            {t("Lent to {name}", { name: book.lentToUserName })}
            <DueNote due={book.dueDate ? dueLabel(book.dueDate, today, locale, t) : null} />
          </p>
        )}
        {wanters > 0 && (
          <p className="text-xs font-semibold text-brand-800">
            {t("{count, plural, one {# member nearby wants this} other {# members nearby want this}}", { count: wanters })}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button type="button" className="btn btn-secondary flex-1 px-2" onClick={onEdit} aria-label={t("Edit {title}", { title })}>
            {t("Edit")}
          </button>
          <fetcher.Form
            method="post"
            action={`/books/${book.bookId}/delete`}
            className="flex-1"
            onSubmit={(event) => {
              if (!window.confirm(t(DELETE_CONFIRMATION))) event.preventDefault();
            }}
          >
            <input type="hidden" name="from" value="my-books" />
            <button type="submit" className="btn btn-danger w-full px-2" aria-label={t("Delete {title}", { title })}>
              {t("Delete")}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}

/**
 * Memoised: a server-rendered importer hydrates once its lazy code arrives, and any new props before
 * then would make React drop its HTML and render it afresh, losing a file the member already picked.
 */
const Importer = memo(function Importer(props: ImportBooksProps) {
  const t = useT();
  return (
    <Suspense fallback={<p className="text-sm text-stone-700">{t("Loading the importer…")}</p>}>
      <ImportBooks {...props} />
    </Suspense>
  );
});

export default function MyBooks({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const [books, setBooks] = useState<Item[]>(loaderData.books);
  const notLendingIds = new Set(loaderData.notLending);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const revalidator = useRevalidator();
  // The importer opens from the address (?dialog=import), so the server renders it open and it shows
  // before hydration, as the other dialogs do.
  const { dialog, close: closeDialog } = useUrlDialog();
  const importing = dialog === "import";
  // Kept mounted once opened, so an import's progress stays on the page after its dialog closes.
  // An import still running when the page loads shows its progress again.
  const [importOpened, setImportOpened] = useState(importing);
  useEffect(() => {
    if (importing) setImportOpened(true);
  }, [importing]);
  const importMounted = importing || importOpened || Boolean(loaderData.runningImport);
  const { revalidate } = revalidator;
  const refreshBooks = useCallback(() => void revalidate(), [revalidate]);
  useEffect(() => setBooks(loaderData.books), [loaderData.books]);

  // The Add Books nav item and the bottom bar's Add arrive with navigation state { openAddBooks: true }.
  const openAddBooks = (location.state as { openAddBooks?: boolean } | null)?.openAddBooks === true;
  useEffect(() => {
    if (!openAddBooks) return;
    setAdding(true);
    navigate(location.pathname + location.search, { replace: true, state: null });
  }, [openAddBooks, location.pathname, location.search, navigate]);

  // ?add=1 (the installed app's Add Books shortcut) opens the dialog; ?shared=1 also brings the
  // photos shared from the gallery, which the service worker kept on this device.
  const [params] = useSearchParams();
  const [shared, setShared] = useState<File[]>();
  const arrival = params.get("shared") === "1" ? "shared" : params.get("add") === "1" ? "add" : null;
  useEffect(() => {
    if (!arrival) return;
    setAdding(true);
    if (arrival === "shared") void readSharedCovers().then(setShared);
    const rest = new URLSearchParams(params);
    rest.delete("add");
    rest.delete("shared");
    navigate(`${location.pathname}${rest.size > 0 ? `?${rest}` : ""}`, { replace: true, preventScrollReset: true });
  }, [arrival, params, location.pathname, navigate]);
  const closeAdding = () => {
    setAdding(false);
    // Uploaded or set aside: either way the shared photos leave the device's cache.
    if (shared) void dropSharedCovers();
    setShared(undefined);
  };

  const empty = books.length === 0 && !loaderData.nextToken;

  useAnalysisPolling(books, (updated) => setBooks((list) => list.map((b) => (b.bookId === updated.bookId ? updated : b))));

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-bold">{t("My Books")}</h1>
          <p className="text-stone-700">{t("{count, plural, other {# books on your shelf}}", { count: loaderData.total })}</p>
        </div>
        {/* An empty shelf has nothing to download: its ways to add books are in the empty state below. */}
        <div className="flex flex-wrap gap-2">
          {!empty && (
            <>
              <OpenDialogButton dialog="import">{t("Import from Goodreads or StoryGraph")}</OpenDialogButton>
              <a href="/api/my-books/export?format=csv" download className="btn btn-secondary">
                {t("Download my books")}
              </a>
              <a href="/api/my-books/export?format=json" download className="btn btn-secondary">
                {t("Download as JSON")}
              </a>
              <Link to="/books/new" className="btn btn-secondary">
                {t("Add by hand")}
              </Link>
            </>
          )}
          <Link to="/wanted" className="btn btn-secondary">
            {t("Wanted books")}
          </Link>
          {!empty && (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t("Add Books")}
            </button>
          )}
        </div>
      </div>
      {importMounted && <Importer open={importing} onClose={closeDialog} onProgress={refreshBooks} resumeJobId={loaderData.runningImport} />}
      {empty ? (
        <section aria-labelledby="empty-shelf" className="card space-y-4 p-6 text-center">
          {/* In the words of the device: a phone taps, a mouse clicks. */}
          <h2 id="empty-shelf" className="text-stone-800">
            <span className="pointer-coarse:hidden">{t("You haven't added any books yet. Click 'Add Books' to get started!")}</span>
            <span className="hidden pointer-coarse:inline">{t("You haven't added any books yet. Tap 'Add Books' to get started!")}</span>
          </h2>
          <p className="text-sm text-stone-700">
            {t("Photograph a cover or scan its barcode, type a book in, or bring your list from Goodreads or StoryGraph.")}
          </p>
          <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:justify-center">
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t("Add Books")}
            </button>
            <Link to="/books/new" className="btn btn-secondary">
              {t("Add by hand")}
            </Link>
            <OpenDialogButton dialog="import">{t("Import from Goodreads or StoryGraph")}</OpenDialogButton>
          </div>
        </section>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {books.map((book) => (
            <MyBookCard
              key={book.bookId}
              book={book}
              today={loaderData.today}
              wanters={loaderData.wanters[book.bookId] ?? 0}
              notLending={notLendingIds.has(book.bookId)}
              onEdit={() => setEditingId(book.bookId)}
              onDeleted={() => setBooks((list) => list.filter((b) => b.bookId !== book.bookId))}
            />
          ))}
        </ul>
      )}
      {loaderData.nextToken && (
        <div className="flex justify-center">
          <Link to={`?nextToken=${loaderData.nextToken}`} className="btn btn-secondary">
            {t("Next")} <NextArrow />
          </Link>
        </div>
      )}
      <AddBooksDialog
        open={adding}
        incoming={shared}
        onClose={closeAdding}
        onBookAdded={(book) => setBooks((list) => [book, ...list])}
        onFinished={() => {
          closeAdding();
          // The shelf's count and order come from the server once the batch is in.
          if (location.pathname !== "/my-books") navigate("/my-books");
          else void revalidator.revalidate();
        }}
      />
      <EditBookDialog
        bookId={editingId}
        onClose={() => setEditingId(null)}
        onSaved={(book) => {
          setBooks((list) => list.map((b) => (b.bookId === book.bookId ? book : b)));
          setEditingId(null);
        }}
      />
    </div>
  );
}
