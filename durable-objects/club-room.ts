import { LiveRoom, type PostRefusal, REMOVED_CLOSE, type StoredMessageRow, VISIBLE } from "./live-room";
import type { RoomEvent, RoomMessageBase } from "./room-protocol";

/** A message in a club's room: the shared fields, its club, the milestone thread it belongs to, and whether an admin pinned it as an announcement. */
export type ClubRoomMessage = RoomMessageBase & { clubId: string; milestoneId: string | null; announcement: boolean };
/**
 * A message as the room delivers it live: with the sender's name as it was when they wrote (not
 * stored; pages read names from D1) and, for this reader, the milestone label it is folded behind
 * (then its `content` is null: the reader opens the fold with an explicit request) or null.
 */
export type LiveClubMessage = Omit<ClubRoomMessage, "content"> & {
  content: string | null;
  fromName?: string;
  spoiler?: string | null;
  /** Its milestone thread's label, for every socket (the writer's and the readers' too): the label stays on each message. */
  milestoneLabel?: string | null;
};

/** A milestone thread's message (labelled `label`) is folded for every socket but its writer's and those of the members who reached the milestone. */
export type RoomFold = { label: string; readers: readonly string[] };

export type ClubRoomEvent = RoomEvent<LiveClubMessage>;

export type ClubPostRefusal = PostRefusal;

export interface ClubMessagePage {
  items: ClubRoomMessage[];
  /** The seq to pass as `before` for the next (older) page, or null at the start of the room. */
  nextToken: number | null;
}

type ClubMessageRow = StoredMessageRow & { milestone_id: string | null; announcement: number | null };

/** Messages of a suspended member are left out while the suspension lasts (hidden_senders). */
const SENDER_SHOWN = "from_user_id NOT IN (SELECT member_id FROM hidden_senders)";
/** How many of a newly suspended member's latest messages open rooms are told to drop (a page's worth and more). */
const LIVE_HIDE_LIMIT = 100;

/** The room's messages with their club fields (a message without a row in club_messages is a plain one). */
const WITH_CLUB_FIELDS = "SELECT m.*, c.milestone_id, c.announcement FROM messages m LEFT JOIN club_messages c ON c.seq = m.seq";

/**
 * One club's room: its messages in order (each optionally in a milestone's thread, or an admin's
 * announcement, pinned at the top), and the members' hibernating WebSockets. Same storage and
 * protocol as a conversation (LiveRoom). The room does not keep the member list: the Worker checks
 * the membership in D1 before every call and upgrade, and tells the room when a member leaves or is
 * removed (`removeMember`), which closes their sockets at once. Unread counts live in D1
 * (club_room_reads), so My Clubs reads every club's count in one query.
 */
export class ClubRoom extends LiveRoom<ClubRoomEvent> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql.exec("CREATE TABLE IF NOT EXISTS club_messages (seq INTEGER PRIMARY KEY, milestone_id TEXT, announcement INTEGER NOT NULL DEFAULT 0)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS hidden_senders (member_id TEXT PRIMARY KEY)");
  }

  protected override visibleWhere(): string {
    return `${VISIBLE} AND ${SENDER_SHOWN}`;
  }

  /** A read over the socket: the member's count in D1 becomes 0 (the HTTP read also clears the bell item). */
  protected async onRead(memberId: string): Promise<void> {
    const clubId = this.meta("club_id");
    if (!clubId) return;
    await this.env.DB.prepare("UPDATE club_room_reads SET unread = 0, last_read_at = ? WHERE club_id = ? AND user_id = ?")
      .bind(Date.now(), clubId, memberId)
      .run();
    this.broadcast((member) => (member === memberId ? { type: "read", unread: 0 } : null));
  }

  /**
   * Adds a message and delivers it to every open socket: whole, or folded (without its text) for the
   * members `fold` does not name as the milestone's readers. A retried post with the same `messageId`
   * answers the stored message (only to its sender, only while visible), so a retry never stores a
   * second copy.
   */
  post(
    clubId: string,
    fromUserId: string,
    content: string,
    messageId: string,
    options: { milestoneId?: string | null; announcement?: boolean; fromName?: string; fold?: RoomFold } = {},
  ): ClubRoomMessage | ClubPostRefusal {
    this.nameClub(clubId);
    const posted = this.postOnce(fromUserId, content, messageId, {
      stored: (row) => this.toMessage(this.rowBySeq(row.seq)!),
      store: (row) => {
        const milestoneId = options.milestoneId ?? null;
        const announcement = options.announcement ? 1 : 0;
        if (milestoneId || announcement) {
          this.sql.exec("INSERT INTO club_messages (seq, milestone_id, announcement) VALUES (?, ?, ?)", row.seq, milestoneId, announcement);
        }
        return this.toMessage({ ...row, milestone_id: milestoneId, announcement });
      },
    });
    if ("refused" in posted) return posted;
    const { message } = posted;
    if (!posted.created) return message;
    const whole: LiveClubMessage = { ...message, fromName: options.fromName, spoiler: null, milestoneLabel: options.fold?.label ?? null };
    const fold = options.fold;
    const readers = new Set(fold?.readers);
    const folded: LiveClubMessage = fold ? { ...whole, content: null, spoiler: fold.label } : whole;
    this.broadcast((member) => ({ type: "message", message: member === fromUserId || readers.has(member) ? whole : folded }));
    return message;
  }

  /** Newest first: `limit` visible messages older than `before`; only one milestone's thread when `milestoneId` is given. */
  list(limit: number, before?: number, milestoneId?: string): ClubMessagePage {
    const { rows, more } = milestoneId
      ? this.pageRows(limit, before, "seq IN (SELECT seq FROM club_messages WHERE milestone_id = ?)", milestoneId)
      : this.pageRows(limit, before);
    const items = rows.map((row) => this.toMessage(this.rowBySeq(row.seq)!));
    return { items, nextToken: more ? items[items.length - 1]!.seq : null };
  }

  /** The newest visible announcements, pinned at the top of the room. */
  pinned(limit: number): ClubRoomMessage[] {
    return this.sql
      .exec<ClubMessageRow>(
        `${WITH_CLUB_FIELDS} WHERE c.announcement = 1 AND m.seq NOT IN (SELECT seq FROM hidden_messages) AND m.${SENDER_SHOWN} ORDER BY m.seq DESC LIMIT ?`,
        limit,
      )
      .toArray()
      .map((row) => this.toMessage(row));
  }

  /** Messages `memberId` wrote, newest first, page by page (their data download). */
  writtenBy(memberId: string, limit: number, before?: number): ClubMessagePage {
    const { rows, more } = this.pageRows(limit, before, "from_user_id = ?", memberId);
    const items = rows.map((row) => this.toMessage(this.rowBySeq(row.seq)!));
    return { items, nextToken: more ? items[items.length - 1]!.seq : null };
  }

  /** One visible message, for a member reporting it. */
  findMessage(messageId: string): ClubRoomMessage | null {
    const row = this.visibleRow(messageId);
    return row ? this.toMessage(this.rowBySeq(row.seq)!) : null;
  }

  /** A moderator's decision: the message leaves every open room and every later load. False when there is no such message. */
  hideMessage(messageId: string): boolean {
    const added = this.recordHide(messageId);
    if (added === null) return false;
    if (added) this.broadcast(() => ({ type: "hidden", messageId }));
    return true;
  }

  /**
   * A moderator suspended the member (`hidden`) or lifted it: their messages leave every later load
   * and open rooms drop the latest, or come back on the next load. Their own rows stay, as a
   * moderator's hide keeps them, and what a moderator hid stays hidden either way.
   */
  hideSender(memberId: string, hidden: boolean): void {
    if (!hidden) {
      this.sql.exec("DELETE FROM hidden_senders WHERE member_id = ?", memberId);
      return;
    }
    if (this.sql.exec("INSERT OR IGNORE INTO hidden_senders (member_id) VALUES (?)", memberId).rowsWritten === 0) return;
    const latest = this.sql
      .exec<{ message_id: string }>(
        `SELECT message_id FROM messages WHERE from_user_id = ? AND ${VISIBLE} ORDER BY seq DESC LIMIT ?`,
        memberId,
        LIVE_HIDE_LIMIT,
      )
      .toArray();
    for (const row of latest) this.broadcast(() => ({ type: "hidden", messageId: row.message_id }));
  }

  /** The member left the club or was removed: their open sockets close now (4403), and the client stops reconnecting. */
  removeMember(memberId: string): number {
    // An upgrade the Worker checked before the removal may still be on its way: it is closed when it arrives.
    this.rememberEnding("removed", memberId);
    return this.closeSockets(memberId, memberId, REMOVED_CLOSE, "No longer a member");
  }

  /** The club was deleted: every socket closes and the room's storage goes. */
  async destroy(): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.close(REMOVED_CLOSE, "The club was deleted");
      } catch {
        // Already closed.
      }
    }
    await this.ctx.storage.deleteAll();
  }

  /** The upgrade, authenticated by the Worker (session, Origin, active membership). */
  async fetch(request: Request): Promise<Response> {
    const memberId = this.upgradingMember(request);
    if (!memberId) return new Response("Not found", { status: 404 });
    return this.acceptMember(request, memberId, { type: "ready", unread: 0 });
  }

  private nameClub(clubId: string): void {
    const known = this.meta("club_id");
    if (known && known !== clubId) throw new Error("This room belongs to another club");
    if (!known) this.setMeta("club_id", clubId);
  }

  private rowBySeq(seq: number): ClubMessageRow | null {
    return this.sql.exec<ClubMessageRow>(`${WITH_CLUB_FIELDS} WHERE m.seq = ?`, seq).toArray()[0] ?? null;
  }

  private toMessage(row: ClubMessageRow): ClubRoomMessage {
    return {
      messageId: row.message_id,
      clubId: this.meta("club_id") ?? "",
      fromUserId: row.from_user_id,
      content: row.content,
      createdAt: row.created_at,
      seq: row.seq,
      milestoneId: row.milestone_id ?? null,
      announcement: Boolean(row.announcement),
    };
  }
}
