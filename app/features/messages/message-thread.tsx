import { formatDayTime, type Reader } from "@worker/core/shared/date-format";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { ReportDialog } from "~/features/moderation";
import type { RoomMessage } from "../../../durable-objects/conversation-room";
import { ComposerField } from "./composer-field";
import { MessageText } from "./message-text";
import { useThread } from "./use-thread";

// Runs before paint in the browser; the server has nothing to measure.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

interface ThreadProps {
  conversationId: string;
  viewerId: string;
  other: { userId: string; name: string };
  initialMessages: RoomMessage[];
  initialNextToken: number | null;
  /** The viewer has blocked the other member: no composer, a way to undo it instead. */
  blockedByViewer: boolean;
  /** The other member deleted their account: the thread stays readable, with no composer. */
  otherDeleted?: boolean;
  /** What a send without JavaScript left behind: the text and why it was refused. */
  unsent?: { content: string; error: string };
}

function MessageItem({
  message,
  mine,
  otherName,
  reader,
  onReport,
}: {
  message: RoomMessage;
  mine: boolean;
  otherName: string;
  reader: Reader;
  /** Set for the other member's messages once the page is interactive. */
  onReport?: () => void;
}) {
  const t = useT();
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div className={`max-w-[85%] rounded-2xl px-4 py-2 ${mine ? "bg-brand-700 text-white" : "bg-stone-100 text-stone-900"}`}>
        <p className="sr-only">{mine ? t("You:") : t("{name}:", { name: otherName })}</p>
        {/* overflow-wrap anywhere (from body): a long URL wraps inside the bubble. */}
        <p className={`whitespace-pre-wrap ${mine ? "[&_a]:text-white" : "[&_a]:text-brand-800"}`}>
          <MessageText content={message.content} />
        </p>
        <time dateTime={new Date(message.createdAt).toISOString()} className={`block text-xs ${mine ? "text-brand-50" : "text-stone-600"}`}>
          {formatDayTime(message.createdAt, reader)}
        </time>
        {onReport && (
          <button type="button" onClick={onReport} aria-label={t("Report this message")} className="text-xs text-stone-600 underline hover:text-stone-900">
            {t("Report")}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The open conversation: messages oldest to newest in a live log (new ones are announced), older
 * pages on request, and the composer. Enter sends, Shift+Enter starts a new line; a message that
 * could not be sent stays in the box with the reason. Without JavaScript the form posts to the
 * route's action instead.
 */
export function MessageThread({
  conversationId,
  viewerId,
  other,
  initialMessages,
  initialNextToken,
  blockedByViewer,
  otherDeleted = false,
  unsent,
}: ThreadProps) {
  const thread = useThread({ conversationId, viewerId, initialMessages, initialNextToken });
  const { messages } = thread;
  const reader = useReader();
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState(unsent?.content ?? "");
  const [sendError, setSendError] = useState<string | null>(unsent?.error ?? null);
  const [sending, setSending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [reporting, setReporting] = useState<RoomMessage | null>(null);

  // Keep the newest message in view as messages arrive (not when an older page is added on top).
  const log = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.messageId;
  useBrowserLayoutEffect(() => {
    if (newest && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newest]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The box itself, not the draft: a send just after hydration may come before the draft has caught up.
    const content = String(new FormData(event.currentTarget).get("content") ?? "").trim();
    if (!content || sending) return;
    setSending(true);
    setSendError(null);
    const error = await thread.send(content);
    setSending(false);
    if (error) setSendError(error);
    // Cleared only if the box still holds what was sent (the member may have typed on meanwhile).
    else setDraft((current) => (current.trim() === content ? "" : current));
  }

  return (
    <>
      <div
        ref={log}
        role="log"
        aria-label={t("Messages with {name}", { name: other.name })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be read (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        className="h-[min(60dvh,32rem)] space-y-3 overflow-y-auto p-4"
      >
        {thread.nextToken !== null && (
          <div className="text-center">
            <button type="button" className="btn btn-secondary" onClick={thread.loadOlder} disabled={thread.loadingOlder}>
              {thread.loadingOlder ? t("Loading…") : t("Load older messages")}
            </button>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="py-12 text-center text-stone-700">{t("No messages yet.")}</p>
        ) : (
          <ol className="space-y-3">
            {messages.map((message) => (
              <MessageItem
                key={message.messageId}
                message={message}
                mine={message.fromUserId === viewerId}
                otherName={other.name}
                reader={reader}
                onReport={hydrated && message.fromUserId !== viewerId ? () => setReporting(message) : undefined}
              />
            ))}
          </ol>
        )}
      </div>
      {reporting && (
        <ReportDialog
          key={reporting.messageId}
          open
          onClose={() => setReporting(null)}
          target={{ subject: "message", conversationId, messageId: reporting.messageId }}
          title={t("Report a message from {name}", { name: other.name })}
        />
      )}
      {thread.loadError && (
        <p role="alert" className="border-t border-stone-200 px-4 py-2 text-sm text-red-800">
          {thread.loadError}
        </p>
      )}
      {otherDeleted ? (
        <p className="border-t border-stone-200 p-4 text-sm text-stone-700">{t("This member deleted their account, so they can't receive messages.")}</p>
      ) : blockedByViewer ? (
        <p className="border-t border-stone-200 p-4 text-sm text-stone-700">
          {t("You have blocked {name}. Unblock them to send messages again.", { name: other.name })}
        </p>
      ) : (
        // Offline, a send fails with 'Failed to send message' and keeps the draft for its retry.
        <form method="post" onSubmit={submit} data-offline="self" className="space-y-2 border-t border-stone-200 p-4">
          <input type="hidden" name="intent" value="send" />
          <ComposerField
            id={id}
            label={t("Message {name}", { name: other.name })}
            draft={draft}
            onDraft={setDraft}
            error={sendError}
            sendDisabled={sending || (hydrated && !draft.trim())}
          />
        </form>
      )}
    </>
  );
}
