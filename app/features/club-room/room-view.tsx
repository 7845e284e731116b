import { formatDayTime, type Reader } from "@worker/core/shared/date-format";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { ComposerField, MessageText } from "~/features/messages";
import { ReportDialog } from "~/features/moderation";
import { isolated, slot } from "~/ui/isolate";
import { type Milestone, type RoomEntry, useClubRoom } from "./use-club-room";

// Runs before paint in the browser; the server has nothing to measure.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

interface RoomProps {
  clubId: string;
  clubName: string;
  viewerId: string;
  canManage: boolean;
  milestones: Milestone[];
  initialMessages: RoomEntry[];
  initialNextToken: number | null;
  initialPinned: RoomEntry[];
  /** What a post without JavaScript left behind: the text and why it was refused. */
  unsent?: { content: string; error: string };
  /** The room filtered to one milestone's thread (`?milestone=`), or null for every message. */
  thread: string | null;
}

/** Consecutive messages folded behind the same milestone form one group with one "show" button. */
type Group = { key: string; spoiler: string | null; messages: RoomEntry[] };

function groupsOf(messages: RoomEntry[]): Group[] {
  const groups: Group[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    if (message.spoiler && last?.spoiler === message.spoiler) last.messages.push(message);
    else groups.push({ key: message.messageId, spoiler: message.spoiler, messages: [message] });
  }
  return groups;
}

function MessageBubble({
  message,
  mine,
  reader,
  onReport,
  onHide,
}: {
  message: RoomEntry;
  mine: boolean;
  reader: Reader;
  onReport?: () => void;
  onHide?: () => void;
}) {
  const t = useT();
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div className={`max-w-[85%] rounded-2xl px-4 py-2 ${mine ? "bg-brand-700 text-white" : "bg-stone-100 text-stone-900"}`}>
        <p className={`text-xs font-semibold ${mine ? "text-brand-50" : "text-stone-700"}`}>{mine ? t("You") : (message.fromName ?? t("A member"))}</p>
        {message.milestoneLabel && (
          <p className={`text-xs ${mine ? "text-brand-50" : "text-stone-700"}`}>{t("Thread: {label}", { label: message.milestoneLabel })}</p>
        )}
        <p className={`whitespace-pre-wrap ${mine ? "[&_a]:text-white" : "[&_a]:text-brand-800"}`}>
          <MessageText content={message.content ?? ""} />
        </p>
        <time dateTime={new Date(message.createdAt).toISOString()} className={`block text-xs ${mine ? "text-brand-50" : "text-stone-600"}`}>
          {formatDayTime(message.createdAt, reader)}
        </time>
        <span className="flex gap-3">
          {onReport && (
            <button type="button" onClick={onReport} aria-label={t("Report this message")} className="text-xs text-stone-600 underline hover:text-stone-900">
              {t("Report")}
            </button>
          )}
          {onHide && (
            <button
              type="button"
              onClick={onHide}
              aria-label={t("Hide this message")}
              className={`text-xs underline ${mine ? "text-brand-50" : "text-stone-600 hover:text-stone-900"}`}
            >
              {t("Hide")}
            </button>
          )}
        </span>
      </div>
    </li>
  );
}

/** "Show: All messages · Chapters 1–8 · …": the room filtered to one milestone's thread, by link (no script needed). */
function MilestoneFilter({ clubId, milestones, current }: { clubId: string; milestones: Milestone[]; current: string | null }) {
  const t = useT();
  const links = [{ milestoneId: null as string | null, label: t("All messages") }, ...milestones];
  return (
    <nav aria-label={t("Filter by milestone")} className="border-b border-stone-200 px-4 py-2">
      <ul className="flex flex-wrap gap-2 text-sm">
        {links.map((link) => (
          <li key={link.milestoneId ?? "all"}>
            <Link
              to={link.milestoneId ? `/clubs/${clubId}/room?milestone=${link.milestoneId}` : `/clubs/${clubId}/room`}
              aria-current={link.milestoneId === current ? "page" : undefined}
              // A milestone's label is the club's own words: it keeps its direction.
              dir={link.milestoneId ? "auto" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-3 ${link.milestoneId === current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 text-stone-800 hover:bg-stone-50"}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The club room: pinned announcements, then the messages oldest to newest in a live log, messages
 * in a milestone the reader has not reached folded per group behind "Spoilers for {label}: show"
 * (they arrive without their text; "show" asks for it),
 * and the composer (a thread to write in; admins may post an announcement). Enter sends,
 * Shift+Enter starts a new line, as in Messages.
 */
export function ClubRoomView({
  clubId,
  clubName,
  viewerId,
  canManage,
  milestones,
  initialMessages,
  initialNextToken,
  initialPinned,
  unsent,
  thread: filter,
}: RoomProps) {
  const t = useT();
  const room = useClubRoom({ clubId, viewerId, milestones, initialMessages, initialNextToken, initialPinned, thread: filter });
  const reader = useReader();
  const id = useId();
  const [draft, setDraft] = useState(unsent?.content ?? "");
  const [thread, setThread] = useState(filter ?? "");
  const [announce, setAnnounce] = useState(false);
  const [error, setError] = useState<string | null>(unsent?.error ?? null);
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState<Set<string>>(() => new Set());
  const [reporting, setReporting] = useState<RoomEntry | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const log = useRef<HTMLDivElement>(null);
  const newest = room.messages.at(-1)?.messageId;
  useBrowserLayoutEffect(() => {
    if (newest && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newest]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The box itself, not the draft: a send just after hydration may come before the draft has caught up.
    const content = String(new FormData(event.currentTarget).get("content") ?? "").trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    const refused = await room.send(content, announce ? null : thread || null, announce);
    setSending(false);
    if (refused) setError(refused);
    else {
      setDraft((current) => (current.trim() === content ? "" : current));
      setAnnounce(false);
    }
  }

  const actions = (message: RoomEntry) => ({
    onReport: hydrated && message.fromUserId !== viewerId ? () => setReporting(message) : undefined,
    onHide: hydrated && canManage ? () => void room.hide(message.messageId).then((e) => e && setError(e)) : undefined,
  });

  return (
    <>
      {room.pinned.length > 0 && (
        <section aria-labelledby={`${id}-pinned`} className="space-y-2 border-b border-stone-200 bg-amber-50 p-4">
          <h2 id={`${id}-pinned`} className="text-sm font-semibold text-amber-900">
            {t("Pinned announcements")}
          </h2>
          <ul className="space-y-2">
            {room.pinned.map((message) => (
              <li key={message.messageId} className="text-stone-900">
                <p className="whitespace-pre-wrap [&_a]:text-brand-800">
                  <MessageText content={message.content ?? ""} />
                </p>
                <p className="text-xs text-stone-700">
                  {message.fromName ?? t("An admin")} · {formatDayTime(message.createdAt, reader)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {milestones.length > 0 && <MilestoneFilter clubId={clubId} milestones={milestones} current={filter} />}
      <div
        ref={log}
        role="log"
        aria-label={t("Messages in {club}", { club: clubName })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be read (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        className="h-[min(60dvh,32rem)] space-y-3 overflow-y-auto p-4"
      >
        {room.nextToken !== null && (
          <div className="text-center">
            <button type="button" className="btn btn-secondary" onClick={room.loadOlder}>
              {t("Load older messages")}
            </button>
          </div>
        )}
        {room.messages.length === 0 ? (
          <p className="py-12 text-center text-stone-700">{t("No messages yet. Say hello to your club!")}</p>
        ) : (
          <ol className="space-y-3">
            {groupsOf(room.messages).map((group) =>
              // An opened group folds again when a message arrives in it without its text.
              group.spoiler && (!shown.has(group.key) || group.messages.some((m) => m.content === null)) ? (
                <li key={group.key} className="flex justify-start">
                  <button
                    type="button"
                    className="rounded-2xl border border-dashed border-stone-400 px-4 py-2 text-sm text-stone-800 hover:bg-stone-50"
                    // Opening the fold is the explicit request for the texts the room left out.
                    onClick={() => void room.reveal(group.messages).then((opened) => opened && setShown((current) => new Set(current).add(group.key)))}
                  >
                    {isolated(t("Spoilers for {label}: show", { label: slot(0) }), [group.spoiler])}
                    <span className="sr-only"> {t("({count, plural, one {# message} other {# messages}})", { count: group.messages.length })}</span>
                  </button>
                </li>
              ) : (
                group.messages.map((message) => (
                  <MessageBubble key={message.messageId} message={message} mine={message.fromUserId === viewerId} reader={reader} {...actions(message)} />
                ))
              ),
            )}
          </ol>
        )}
      </div>
      {reporting && (
        <ReportDialog
          key={reporting.messageId}
          open
          onClose={() => setReporting(null)}
          target={{ subject: "club_message", clubId, messageId: reporting.messageId }}
          title={reporting.fromName ? t("Report a message from {name}", { name: reporting.fromName }) : t("Report a message from a member")}
        />
      )}
      {room.loadError && (
        <p role="alert" className="border-t border-stone-200 px-4 py-2 text-sm text-red-800">
          {room.loadError}
        </p>
      )}
      {/* Without JavaScript the form posts to the route's action. */}
      <form method="post" onSubmit={submit} data-offline="self" className="space-y-2 border-t border-stone-200 p-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {milestones.length > 0 && (
            <label className="flex min-w-0 items-center gap-2">
              <span className="shrink-0">{t("Thread")}</span>
              <select
                name="milestoneId"
                className="field min-w-0 py-1"
                value={thread}
                onChange={(event) => setThread(event.currentTarget.value)}
                disabled={announce}
              >
                <option value="">{t("Everyone (no spoilers)")}</option>
                {milestones.map((m) => (
                  <option key={m.milestoneId} value={m.milestoneId}>
                    {m.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {canManage && (
            <label className="flex items-center gap-2">
              <input type="checkbox" name="announce" checked={announce} onChange={(event) => setAnnounce(event.currentTarget.checked)} />
              {t("Post as an announcement")}
            </label>
          )}
        </div>
        <ComposerField
          id={id}
          label={t("Message {club}", { club: clubName })}
          draft={draft}
          onDraft={setDraft}
          error={error}
          sendDisabled={sending || (hydrated && !draft.trim())}
        />
      </form>
    </>
  );
}
