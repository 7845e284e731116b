import { isUiLanguage, SOURCE_LANGUAGE } from "@worker/core/shared/languages";
import { handleSocketSend } from "@worker/core/socket-sends";
import { mirrorConversationSummary, type RoomSummary } from "./conversation-mirror";
import { LiveRoom, type StoredMessageRow as MessageRow, type PostRefusal, type RoomAttachment, VISIBLE } from "./live-room";
import type { RoomCommand, RoomEvent } from "./room-protocol";

/** A message as the API gives it, plus the room's sequence number (its order, and the key for read marks). */
export interface RoomMessage {
  messageId: string;
  conversationId: string;
  fromUserId: string;
  content: string;
  createdAt: number;
  seq: number;
}

export type { PostRefusal };

export interface MessagePage {
  items: RoomMessage[];
  /** The seq to pass as `before` for the next (older) page, or null at the start of the conversation. */
  nextToken: number | null;
}

/** Retry a failed D1 mirror after this long; alarms wake the object, they do not keep it awake. */
const MIRROR_RETRY_MS = 2_000;

/**
 * One conversation between two members: its messages in order, each member's read mark, and the
 * members' hibernating WebSockets. Everything lives in the object's SQLite storage, so eviction or
 * hibernation loses nothing; unread = latest seq − the member's last read seq − messages hidden since,
 * exact by construction.
 * After each change the summary is mirrored into the D1 `conversations` row (idempotently, keyed by
 * the room's version), so the conversation list and the unread badge stay one indexed D1 query.
 */
export class ConversationRoom extends LiveRoom {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql.exec("CREATE TABLE IF NOT EXISTS read_marks (user_id TEXT PRIMARY KEY, last_read_seq INTEGER NOT NULL)");
  }

  protected async onRead(memberId: string): Promise<void> {
    await this.markRead(memberId);
  }

  /** Sends over sockets run one after another, so a member's messages are stored in the order they sent them. */
  private sending: Promise<void> = Promise.resolve();

  /**
   * A send over the member's socket: the messages feature's handler checks it as the HTTP POST does
   * (same schema, rate limit, blocks, idempotency), stores it here and delivers it; the sender gets
   * an ack with the stored message or an error frame. The follow-up is handed to waitUntil, so it
   * never holds up the next send.
   */
  protected override async onSend(socket: WebSocket, attachment: RoomAttachment, command: Extract<RoomCommand, { type: "send" }>): Promise<void> {
    const conversationId = this.meta("conversation_id");
    const run = this.sending.then(async () => {
      if (!conversationId) {
        this.send(socket, { type: "error", messageId: command.messageId, error: "Conversation not found" });
        return;
      }
      const answer = await handleSocketSend(
        this.env,
        {
          conversationId,
          memberId: attachment.memberId,
          memberName: attachment.name ?? "",
          sessionId: attachment.sessionId,
          language: isUiLanguage(attachment.language) ? attachment.language : SOURCE_LANGUAGE,
          messageId: command.messageId,
          body: command.body,
        },
        this,
        (work) => this.ctx.waitUntil(work),
      );
      this.send(socket, answer as RoomEvent);
    });
    this.sending = run.catch((error) => console.warn("A socket send failed", error));
    await run.catch(() => this.send(socket, { type: "error", messageId: command.messageId, error: "The message could not be sent. Please try again." }));
  }

  /** Names the room's conversation and its two members; the same call again changes nothing. */
  open(conversationId: string, members: [string, string]): void {
    const known = this.meta("conversation_id");
    if (known && known !== conversationId) throw new Error("This room belongs to another conversation");
    if (known) return;
    this.ctx.storage.transactionSync(() => {
      this.setMeta("conversation_id", conversationId);
      this.setMeta("members", JSON.stringify([...members].sort()));
      for (const member of members) this.sql.exec("INSERT OR IGNORE INTO read_marks (user_id, last_read_seq) VALUES (?, 0)", member);
    });
  }

  /**
   * Adds a message from one of the two members and delivers it to every open socket. A retried post
   * with the same `messageId` returns the stored message instead of adding it twice, but only to its
   * sender and only while it is visible: otherwise a refusal, so a retry never stores a second copy
   * and never reads back what a moderator hid.
   */
  async post(
    fromUserId: string,
    content: string,
    messageId: string = crypto.randomUUID(),
    /** Names the room on its first message, so a send is one call (see `open`). */
    room?: { conversationId: string; members: [string, string] },
  ): Promise<RoomMessage | PostRefusal> {
    if (room) this.open(room.conversationId, room.members);
    this.requireMember(fromUserId);
    const posted = this.postOnce(fromUserId, content, messageId, {
      stored: (row) => this.toMessage(row),
      store: (row) => {
        // The sender has seen everything up to their own message.
        this.sql.exec("UPDATE read_marks SET last_read_seq = ? WHERE user_id = ?", row.seq, fromUserId);
        this.bumpVersion();
        return this.toMessage(row);
      },
    });
    if ("refused" in posted) return posted;
    if (!posted.created) return posted.message;
    const { message } = posted;
    this.broadcast((memberId) => ({ type: "message", message, unread: this.unreadFor(memberId) }));
    await this.mirror();
    return message;
  }

  /** Newest first: `limit` messages older than `before` (a seq), for the thread and its "older" pages. */
  list(viewerId: string, limit: number, before?: number): MessagePage {
    this.requireMember(viewerId);
    const { rows, more } = this.pageRows(limit, before);
    const page = rows.map((row) => this.toMessage(row));
    return { items: page, nextToken: more ? page[page.length - 1]!.seq : null };
  }

  /** One visible message, for a member reporting it (the moderator's copy of what was said). */
  findMessage(viewerId: string, messageId: string): RoomMessage | null {
    this.requireMember(viewerId);
    const row = this.visibleRow(messageId);
    return row ? this.toMessage(row) : null;
  }

  /**
   * A moderator's decision: the message disappears for both members from every later thread load and
   * from the conversation's snippet. Returns false when there is no such message.
   */
  async hideMessage(messageId: string): Promise<boolean> {
    const added = this.recordHide(messageId);
    if (added === null) return false;
    if (added) {
      this.bumpVersion();
      this.broadcast(() => ({ type: "hidden", messageId }));
      await this.mirror();
    }
    return true;
  }

  /** Marks everything so far as read by `memberId`; their unread count becomes 0. */
  async markRead(memberId: string): Promise<{ unread: number }> {
    this.requireMember(memberId);
    const latest = this.latestSeq();
    const changed = this.sql.exec("UPDATE read_marks SET last_read_seq = ? WHERE user_id = ? AND last_read_seq < ?", latest, memberId, latest).rowsWritten;
    if (changed > 0) {
      this.bumpVersion();
      this.broadcast((member) => (member === memberId ? { type: "read", unread: 0 } : null));
      await this.mirror();
    }
    return { unread: 0 };
  }

  unreadFor(memberId: string): number {
    const mark = this.sql.exec<{ last_read_seq: number }>("SELECT last_read_seq FROM read_marks WHERE user_id = ?", memberId).toArray()[0];
    if (!mark) return 0;
    // A message a moderator hid after it arrived no longer counts: the member could never read it.
    const hidden = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM hidden_messages WHERE seq > ?", mark.last_read_seq).one().n;
    return this.latestSeq() - mark.last_read_seq - hidden;
  }

  /**
   * The WebSocket upgrade, already authenticated by the Worker (session, Origin, participant), which
   * names the member in `X-Member-Id` and their session in `X-Session-Id`. The socket hibernates with
   * the room; its tags and attachment say whose it is and which session opened it, so it can be
   * closed when that session ends (`signOut`).
   */
  async fetch(request: Request): Promise<Response> {
    const memberId = this.upgradingMember(request);
    if (!memberId || !this.isMember(memberId)) return new Response("Not found", { status: 404 });
    return this.acceptMember(request, memberId, { type: "ready", unread: this.unreadFor(memberId) });
  }

  /** Retries a D1 mirror that failed (D1 briefly unavailable); the version guard keeps it harmless. */
  async alarm(): Promise<void> {
    await this.mirror();
  }

  /** The summary the D1 row mirrors: snippet, time and each member's unread count at this version. */
  summary(): RoomSummary | null {
    const conversationId = this.meta("conversation_id");
    if (!conversationId) return null;
    const [userA, userB] = JSON.parse(this.meta("members")!) as [string, string];
    const last = this.sql.exec<MessageRow>(`SELECT * FROM messages WHERE ${VISIBLE} ORDER BY seq DESC LIMIT 1`).toArray()[0];
    return {
      conversationId,
      version: Number(this.meta("version") ?? 0),
      lastMessageSnippet: last ? last.content.slice(0, 120) : null,
      lastMessageAt: last ? last.created_at : null,
      unreadA: this.unreadFor(userA),
      unreadB: this.unreadFor(userB),
    };
  }

  private async mirror(): Promise<void> {
    const summary = this.summary();
    if (!summary) return;
    try {
      await mirrorConversationSummary(this.env.DB, summary);
    } catch (error) {
      console.warn("Mirroring a conversation summary to D1 failed; retrying", error);
      await this.ctx.storage.setAlarm(Date.now() + MIRROR_RETRY_MS);
    }
  }

  private isMember(memberId: string): boolean {
    const members = this.meta("members");
    return members !== null && (JSON.parse(members) as string[]).includes(memberId);
  }

  private requireMember(memberId: string): void {
    if (!this.isMember(memberId)) throw new Error("Not a member of this conversation");
  }

  private toMessage(row: MessageRow): RoomMessage {
    return {
      messageId: row.message_id,
      conversationId: this.meta("conversation_id")!,
      fromUserId: row.from_user_id,
      content: row.content,
      createdAt: row.created_at,
      seq: row.seq,
    };
  }
}
