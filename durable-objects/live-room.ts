import { DurableObject } from "cloudflare:workers";
import { MESSAGE_MAX_LENGTH, type RoomCommand, type RoomEvent, roomCommandSchema } from "./room-protocol";

/**
 * What a conversation (ConversationRoom) and a club's room (ClubRoom) share: one protocol
 * (room-protocol.ts) and one way to keep messages. Messages live in the object's SQLite storage
 * with a per-room sequence number; a moderator's hide is a row in hidden_messages (the text stays
 * for the report); the members' WebSockets hibernate with the room, tagged by member and by the
 * session that opened them, so ending a session or a membership closes them without a scan.
 * Who may connect is decided by the Worker before the upgrade reaches `acceptMember`.
 */

/** Close code when the session that opened a socket ended: the client stops reconnecting (app/core/live-socket.ts). */
export const SIGNED_OUT_CLOSE = 4401;
/** Close code when the member left the room's club or was removed: the client stops reconnecting too. */
export const REMOVED_CLOSE = 4403;

export type RoomAttachment = {
  memberId: string;
  sessionId?: string;
  /** The member's name and language when the Worker let the socket in (a send over it uses them). */
  name?: string;
  language?: string;
  /** The room closed it (session ended, membership ended): a frame that crossed the close is not obeyed. */
  closed?: true;
};

export type StoredMessageRow = { seq: number; message_id: string; from_user_id: string; content: string; created_at: number };

/** What the room remembers ended: a member removed from the club, one session, or every session of a member. */
type Ending = "removed" | "session" | "signed-out";
/** How long the room remembers an ending: far longer than an upgrade can be in flight. */
const ENDINGS_KEPT_MS = 10 * 60_000;
/** The Worker's clock and the room's may differ a little: an upgrade checked this soon after an ending is refused too. */
const CLOCK_SLACK_MS = 1_000;

/**
 * Why a post with an existing `messageId` gave nothing back: a moderator hid that message, or it is
 * another member's. Either way the stored message (and its text) stays where it is.
 */
export type PostRefusal = { refused: "hidden" | "not-yours" };

/** Messages a moderator has not hid. */
export const VISIBLE = "seq NOT IN (SELECT seq FROM hidden_messages)";

/** The tag of the sockets opened in one session, so ending that session finds them without a scan. */
const sessionTag = (sessionId: string) => `session:${sessionId}`;

export abstract class LiveRoom<TEvent extends { type: string } = RoomEvent> extends DurableObject<Env> {
  protected readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // Keep-alive pings are answered by the runtime, so an idle open thread never wakes the room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(JSON.stringify({ type: "ping" }), JSON.stringify({ type: "pong" })));
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id TEXT NOT NULL UNIQUE,
        from_user_id TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS hidden_messages (seq INTEGER PRIMARY KEY, hidden_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS recent_endings (kind TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (kind, key));
    `);
  }

  /** Which stored messages are shown (a room may leave out more than a moderator's hides). */
  protected visibleWhere(): string {
    return VISIBLE;
  }

  /** A member marked the room read over their socket. */
  protected abstract onRead(memberId: string): Promise<void>;

  /** A member sent a message over their socket; a room that takes sends only over HTTP refuses it. */
  protected async onSend(socket: WebSocket, _attachment: RoomAttachment, command: Extract<RoomCommand, { type: "send" }>): Promise<void> {
    this.send(socket, { type: "error", messageId: command.messageId, error: "Messages are sent over HTTP here." } as unknown as TEvent);
  }

  /** The stored message with this id, visible or not, and whether a moderator hid it. */
  protected storedMessage(messageId: string): { row: StoredMessageRow; hidden: boolean } | null {
    const row = this.sql.exec<StoredMessageRow>("SELECT * FROM messages WHERE message_id = ?", messageId).toArray()[0];
    if (!row) return null;
    return { row, hidden: this.sql.exec("SELECT 1 FROM hidden_messages WHERE seq = ?", row.seq).toArray().length > 0 };
  }

  /**
   * Every room's idempotent post: the text trimmed and checked, then either the message already
   * stored under `messageId` (only to its sender, only while visible; `created` false, so nothing is
   * delivered twice) or a new row, with `store`'s own writes in the same transaction. The caller
   * delivers a created message.
   */
  protected postOnce<M>(
    fromUserId: string,
    content: string,
    messageId: string,
    shape: { stored: (row: StoredMessageRow) => M; store: (row: StoredMessageRow) => M },
  ): { message: M; created: boolean } | PostRefusal {
    const text = content.trim();
    if (!text || text.length > MESSAGE_MAX_LENGTH) throw new RangeError("A message must have 1 to 4,000 characters");
    const existing = this.storedMessage(messageId);
    if (existing) {
      if (existing.hidden) return { refused: "hidden" };
      if (existing.row.from_user_id !== fromUserId) return { refused: "not-yours" };
      return { message: shape.stored(existing.row), created: false };
    }
    const message = this.ctx.storage.transactionSync(() => shape.store(this.insertMessage(messageId, fromUserId, text)));
    return { message, created: true };
  }

  private insertMessage(messageId: string, fromUserId: string, text: string): StoredMessageRow {
    return this.sql
      .exec<StoredMessageRow>(
        "INSERT INTO messages (message_id, from_user_id, content, created_at) VALUES (?, ?, ?, ?) RETURNING *",
        messageId,
        fromUserId,
        text,
        Date.now(),
      )
      .one();
  }

  /** Newest first: `limit` visible rows older than `before` (a seq), plus whether an older page exists. */
  protected pageRows(limit: number, before: number | undefined, where = "1 = 1", ...bindings: unknown[]): { rows: StoredMessageRow[]; more: boolean } {
    const rows = this.sql
      .exec<StoredMessageRow>(
        `SELECT * FROM messages WHERE seq < ? AND ${this.visibleWhere()} AND (${where}) ORDER BY seq DESC LIMIT ?`,
        before ?? Number.MAX_SAFE_INTEGER,
        ...bindings,
        limit + 1,
      )
      .toArray();
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  }

  protected visibleRow(messageId: string): StoredMessageRow | null {
    return this.sql.exec<StoredMessageRow>(`SELECT * FROM messages WHERE message_id = ? AND ${this.visibleWhere()}`, messageId).toArray()[0] ?? null;
  }

  /** Records a moderator's hide; null when there is no such message, false when it was hidden already. */
  protected recordHide(messageId: string): boolean | null {
    const row = this.sql.exec<{ seq: number }>("SELECT seq FROM messages WHERE message_id = ?", messageId).toArray()[0];
    if (!row) return null;
    return this.sql.exec("INSERT OR IGNORE INTO hidden_messages (seq, hidden_at) VALUES (?, ?)", row.seq, Date.now()).rowsWritten > 0;
  }

  protected latestSeq(): number {
    return this.sql.exec<{ seq: number | null }>("SELECT max(seq) AS seq FROM messages").one().seq ?? 0;
  }

  /**
   * Accepts an upgrade the Worker authenticated (it names the member in `X-Member-Id`, the session in
   * `X-Session-Id`, and when it started checking them in `X-Checked-At`; the room trusts them only
   * because only the Worker reaches it). `ready` is the first event on the new socket. An upgrade
   * that crossed the end of its session, or a removal or "sign out everywhere" after its check, is
   * accepted only to be closed at once (4401 / 4403), so the client stops reconnecting.
   */
  protected acceptMember(request: Request, memberId: string, ready: TEvent): Response {
    const sessionId = request.headers.get("X-Session-Id") ?? undefined;
    const checkedAt = Number(request.headers.get("X-Checked-At") ?? Number.NaN);
    const ended = this.endingFor(memberId, sessionId, Number.isFinite(checkedAt) ? checkedAt : null);
    if (ended) {
      const { 0: client, 1: server } = new WebSocketPair();
      server.accept();
      server.close(ended.code, ended.reason);
      return new Response(null, { status: 101, webSocket: client });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, sessionId ? [memberId, sessionTag(sessionId)] : [memberId]);
    const encodedName = request.headers.get("X-Member-Name");
    const language = request.headers.get("X-Member-Language") ?? undefined;
    server.serializeAttachment({ memberId, sessionId, name: encodedName ? decodeURIComponent(encodedName) : undefined, language } satisfies RoomAttachment);
    this.send(server, ready);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The member named by a trusted upgrade, or null for anything that is not one. */
  protected upgradingMember(request: Request): string | null {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return null;
    return request.headers.get("X-Member-Id");
  }

  /**
   * Sessions of `memberId` ended: their sockets here are closed with 4401 (the client then stops
   * reconnecting), all of the member's when every session ended (signed out everywhere, suspended,
   * deleted), or only those opened in `sessionId` (one sign-out). Keep-alive pings are answered by
   * the runtime, so without this a socket opened with a stolen token would keep hearing every
   * message. Returns how many were closed.
   */
  signOut(memberId: string, sessionId?: string): number {
    this.rememberEnding(sessionId ? "session" : "signed-out", sessionId ?? memberId);
    return this.closeSockets(memberId, sessionId ? sessionTag(sessionId) : memberId, SIGNED_OUT_CLOSE, "Signed out");
  }

  /** Remembers an ending for a while (ENDINGS_KEPT_MS), so an upgrade already on its way when it happened is refused. */
  protected rememberEnding(kind: Ending, key: string): void {
    const now = Date.now();
    this.sql.exec("DELETE FROM recent_endings WHERE at < ?", now - ENDINGS_KEPT_MS);
    this.sql.exec("INSERT INTO recent_endings (kind, key, at) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET at = excluded.at", kind, key, now);
  }

  /**
   * How an upgrade must be closed, or null to accept it: its session ended (a session never comes
   * back), or the member was removed or signed out everywhere after the Worker began checking
   * (`checkedAt`; a later check saw the member back, so a re-admitted member is let in). Without
   * `checkedAt` only the session is checked.
   */
  private endingFor(memberId: string, sessionId: string | undefined, checkedAt: number | null): { code: number; reason: string } | null {
    const rows = this.sql
      .exec<{ kind: Ending; at: number }>(
        "SELECT kind, at FROM recent_endings WHERE at >= ? AND ((kind = 'session' AND key = ?) OR (kind IN ('removed', 'signed-out') AND key = ?))",
        Date.now() - ENDINGS_KEPT_MS,
        sessionId ?? "",
        memberId,
      )
      .toArray();
    for (const { kind, at } of rows) {
      if (kind === "session") return { code: SIGNED_OUT_CLOSE, reason: "Signed out" };
      if (checkedAt === null || at + CLOCK_SLACK_MS < checkedAt) continue;
      return kind === "removed" ? { code: REMOVED_CLOSE, reason: "No longer a member" } : { code: SIGNED_OUT_CLOSE, reason: "Signed out" };
    }
    return null;
  }

  protected closeSockets(memberId: string, tag: string, code: number, reason: string): number {
    let closed = 0;
    for (const socket of this.ctx.getWebSockets(tag)) {
      const attachment = socket.deserializeAttachment() as RoomAttachment;
      if (attachment.memberId !== memberId) continue;
      try {
        socket.serializeAttachment({ ...attachment, closed: true } satisfies RoomAttachment);
        socket.close(code, reason);
        closed++;
      } catch {
        // Already closed.
      }
    }
    return closed;
  }

  async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // `signedOut` is what sockets accepted before the shared room code called it `closed`.
    const attachment = socket.deserializeAttachment() as RoomAttachment & { signedOut?: true };
    const { memberId, closed, signedOut } = attachment;
    if (closed || signedOut) return;
    let command: RoomCommand;
    try {
      command = roomCommandSchema.parse(JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)));
    } catch {
      this.send(socket, { type: "error", error: "That message could not be read." } as unknown as TEvent);
      return;
    }
    if (command.type === "read") await this.onRead(memberId);
    else if (command.type === "ping") this.send(socket, { type: "pong" } as unknown as TEvent);
    else if (command.type === "send") await this.onSend(socket, attachment, command);
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 carry no close frame to echo; anything else is answered in kind.
    if (code !== 1005 && code !== 1006) socket.close(code, "closing");
  }

  protected broadcast(eventFor: (memberId: string) => TEvent | null): void {
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as RoomAttachment & { signedOut?: true };
      if (attachment.closed || attachment.signedOut) continue;
      const event = eventFor(attachment.memberId);
      if (event) this.send(socket, event);
    }
  }

  protected send(socket: WebSocket, event: TEvent): void {
    try {
      socket.send(JSON.stringify(event));
    } catch {
      // A socket that closed meanwhile: its member reloads the thread when they come back.
    }
  }

  protected bumpVersion(): void {
    this.setMeta("version", String(Number(this.meta("version") ?? 0) + 1));
  }

  protected meta(key: string): string | null {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  protected setMeta(key: string, value: string): void {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }
}
