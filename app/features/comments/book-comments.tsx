import { COMMENT_MAX_LENGTH } from "@worker/core/shared/comments";
import { formatDayTime, type Reader } from "@worker/core/shared/date-format";
import type { CommentView } from "@worker/features/comments";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { apiFetch } from "~/core/api-client";
import { useT } from "~/core/i18n";
import { useFetcherResult } from "~/core/use-fetcher-result";
import { useReader } from "~/core/use-reader";
import { MessageText } from "~/features/messages";
import { ReportDialog } from "~/features/moderation";
import { Avatar } from "~/ui/avatar";
import { FieldError } from "~/ui/field-error";
import { useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";
import type { BookCommentsData } from "./comments.server";
import type { CommentActionResult } from "./routes/book-comments";

/** Newest first; two comments of one millisecond by id, as the server pages them. */
const newestFirst = (a: CommentView, b: CommentView) => b.createdAt - a.createdAt || (a.commentId < b.commentId ? 1 : a.commentId > b.commentId ? -1 : 0);

/**
 * The comments under a book page: the form (members), the newest comments, and "Show older comments".
 * Every control is a plain form or link first, so the section works before the page's script runs;
 * once it does, posting and deleting go through a fetcher (the page's loader refreshes the list) and
 * older comments are added below instead of replacing the page.
 */
export function BookComments({ bookId, bookTitle, section }: { bookId: string; bookTitle: string; section: BookCommentsData }) {
  const t = useT();
  const { page, older: startsOlder, viewerId } = section;
  const action = `/books/${bookId}/comments`;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Older pages the member asked for, and comments they deleted here (which may sit in those pages).
  const [older, setOlder] = useState<CommentView[]>([]);
  const [olderToken, setOlderToken] = useState<string | null | undefined>(undefined);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  // A comment that leaves the first page as new ones arrive stays in view when older pages are shown.
  const shownFirst = useRef(page.items);
  useEffect(() => {
    const left = shownFirst.current.filter((comment) => !page.items.some((item) => item.commentId === comment.commentId));
    shownFirst.current = page.items;
    if (left.length > 0) setOlder((list) => (list.length > 0 ? [...left, ...list] : list));
  }, [page.items]);

  const comments = useMemo(() => {
    const byId = new Map<string, CommentView>();
    for (const comment of [...page.items, ...older]) if (!removed.has(comment.commentId)) byId.set(comment.commentId, comment);
    return [...byId.values()].sort(newestFirst);
  }, [page.items, older, removed]);
  const nextToken = olderToken === undefined ? page.nextToken : olderToken;
  const reader = useReader();
  const [reporting, setReporting] = useState<CommentView | null>(null);

  async function showOlder(event: React.MouseEvent) {
    if (!nextToken) return;
    event.preventDefault();
    if (loadingOlder) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const next = await apiFetch("/books/:id/comments", { params: { id: bookId }, query: { before: nextToken } }, t("Couldn't load older comments."));
      setOlder((list) => [...list, ...next.items]);
      setOlderToken(next.nextToken);
    } catch (error) {
      setOlderError(error instanceof Error ? error.message : t("Couldn't load older comments."));
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <section id="comments" aria-labelledby="comments-heading" className="min-w-0 space-y-4 border-t border-stone-200 pt-6">
      <h2 id="comments-heading" className="font-serif text-2xl font-semibold">
        {t("Comments")}
      </h2>
      {viewerId ? (
        <CommentForm action={action} hydrated={hydrated} />
      ) : (
        <p className="text-stone-700">
          {/* The whole sentence is the link, so it is one text in every language. */}
          <Link to={`/login?redirectTo=${encodeURIComponent(`/books/${bookId}#comments`)}`} className="font-medium text-brand-700 hover:underline">
            {t("Sign in to comment on {title}.", { title: bookTitle })}
          </Link>
        </p>
      )}
      {startsOlder && (
        <p>
          <Link to={`/books/${bookId}#comments`} className="text-sm font-medium text-brand-700 hover:underline">
            {t("Show the newest comments")}
          </Link>
        </p>
      )}
      {comments.length === 0 ? (
        <p className="text-stone-700">{t("No comments yet.")}</p>
      ) : (
        <ol className="space-y-4" aria-label={t("Comments on {title}", { title: bookTitle })}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.commentId}
              comment={comment}
              action={action}
              signedIn={Boolean(viewerId)}
              mine={comment.author.id === viewerId}
              reader={reader}
              hydrated={hydrated}
              onDeleted={() => setRemoved((set) => new Set(set).add(comment.commentId))}
              onReport={() => setReporting(comment)}
            />
          ))}
        </ol>
      )}
      {nextToken && (
        <p>
          <a
            href={`/books/${bookId}?commentsBefore=${encodeURIComponent(nextToken)}#comments`}
            onClick={showOlder}
            aria-disabled={loadingOlder || undefined}
            className="btn btn-secondary"
          >
            {loadingOlder ? t("Loading…") : t("Show older comments")}
          </a>
        </p>
      )}
      <FieldError message={olderError ?? undefined} />
      {reporting && (
        <ReportDialog
          key={reporting.commentId}
          open
          onClose={() => setReporting(null)}
          target={{ subject: "comment", commentId: reporting.commentId }}
          title={t("Report {name}'s comment", { name: reporting.author.name })}
        />
      )}
    </section>
  );
}

/** "Add a comment": a plain form post without JavaScript; with it, the box empties once the comment is in. */
function CommentForm({ action, hydrated }: { action: string; hydrated: boolean }) {
  const t = useT();
  const fetcher = useFetcher<CommentActionResult>();
  const [draft, setDraft] = useState("");
  const box = useTypedBeforeHydration<HTMLTextAreaElement>(draft, setDraft);
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? Object.values(fetcher.data.errors)[0] : undefined;
  useFetcherResult(fetcher, (result) => {
    if (result.ok) setDraft("");
  });
  return (
    <fetcher.Form method="post" action={action} className="space-y-2">
      <input type="hidden" name="intent" value="add" />
      {hydrated && <input type="hidden" name="enhanced" value="1" />}
      <label htmlFor="comment-body" className="block font-medium">
        {t("Add a comment")}
      </label>
      <textarea
        ref={box}
        id="comment-body"
        name="body"
        rows={3}
        required
        maxLength={COMMENT_MAX_LENGTH}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "comment-body-error" : "comment-body-hint"}
        className="field w-full"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id="comment-body-hint" className="text-sm text-stone-600">
          {t("Public: everyone who can see this book can read it. Up to {max} characters.", { max: COMMENT_MAX_LENGTH })}
        </p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("Posting…") : t("Post comment")}
        </button>
      </div>
      <FieldError id="comment-body-error" message={error} />
    </fetcher.Form>
  );
}

function CommentItem({
  comment,
  action,
  signedIn,
  mine,
  reader,
  hydrated,
  onDeleted,
  onReport,
}: {
  comment: CommentView;
  action: string;
  signedIn: boolean;
  mine: boolean;
  reader: Reader;
  hydrated: boolean;
  onDeleted: () => void;
  onReport: () => void;
}) {
  const t = useT();
  const fetcher = useFetcher<CommentActionResult>();
  const deleting = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? Object.values(fetcher.data.errors)[0] : undefined;
  useFetcherResult(fetcher, (result) => {
    if (result.ok) onDeleted();
  });
  const name = comment.author.name;
  return (
    <li className="flex min-w-0 gap-3">
      <Avatar src={comment.author.picture} name={name} size="sm" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm text-stone-700">
          {signedIn ? (
            <Link to={`/users/${comment.author.id}`} dir="auto" className="font-semibold text-brand-700 hover:underline">
              {name}
            </Link>
          ) : (
            <bdi className="font-semibold text-stone-900">{name}</bdi>
          )}{" "}
          · <time dateTime={new Date(comment.createdAt).toISOString()}>{formatDayTime(comment.createdAt, reader)}</time>
        </p>
        {/* A long unbroken address wraps inside the column instead of widening the page. */}
        <p className="whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere] [&_a]:text-brand-800">
          <MessageText content={comment.body} />
        </p>
        {(comment.canDelete || (signedIn && !mine && hydrated)) && (
          <div className="flex flex-wrap gap-4 text-sm">
            {comment.canDelete && (
              <fetcher.Form method="post" action={action}>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="commentId" value={comment.commentId} />
                {hydrated && <input type="hidden" name="enhanced" value="1" />}
                <button type="submit" className="text-stone-600 underline hover:text-stone-900" disabled={deleting}>
                  {/* Seen: "Delete"; heard: the whole name, one text in every language. */}
                  <span aria-hidden="true">{deleting ? t("Deleting…") : t("Delete")}</span>
                  <span className="sr-only">{mine ? t("Delete your comment") : t("Delete {name}'s comment", { name })}</span>
                </button>
              </fetcher.Form>
            )}
            {signedIn && !mine && hydrated && (
              <button type="button" onClick={onReport} className="text-stone-600 underline hover:text-stone-900">
                <span aria-hidden="true">{t("Report")}</span>
                <span className="sr-only">{t("Report {name}'s comment", { name })}</span>
              </button>
            )}
          </div>
        )}
        <FieldError message={error} />
      </div>
    </li>
  );
}
