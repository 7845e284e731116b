import { msg } from "@worker/core/shared/translate";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/core/api-client";
import { useT } from "~/core/i18n";
import { useRoomSocket } from "~/core/use-room-socket";
import type { LiveClubMessage } from "../../../durable-objects/club-room";

export const ROOM_LOAD_FAILED = msg("Failed to load messages");
export const ROOM_SEND_FAILED = msg("Failed to send message");
const HIDE_FAILED = msg("Failed to hide the message");
const REFRESH_WITHOUT_SOCKET_MS = 10_000;
const PAGE_SIZE = 30;

/**
 * A message as the room page shows it: with its sender's name and, for this reader, the label it is
 * folded behind. A folded message arrives without its text (`content` null) until the reader opens the fold.
 */
export type RoomEntry = Omit<LiveClubMessage, "spoiler" | "milestoneLabel"> & { fromName?: string; spoiler: string | null; milestoneLabel: string | null };
export type Milestone = { milestoneId: string; label: string; reached: boolean };

const bySeq = (a: RoomEntry, b: RoomEntry) => a.seq - b.seq;

/** The label a live message is folded behind for this reader, when the room did not say (it does for every message it folds). */
export function foldFor(message: LiveClubMessage, viewerId: string, milestones: readonly Milestone[]): string | null {
  if (!message.milestoneId || message.fromUserId === viewerId) return null;
  const milestone = milestones.find((m) => m.milestoneId === message.milestoneId);
  return milestone && !milestone.reached ? milestone.label : null;
}

interface Options {
  clubId: string;
  viewerId: string;
  milestones: Milestone[];
  initialMessages: RoomEntry[];
  initialNextToken: number | null;
  initialPinned: RoomEntry[];
  /** Only this milestone's thread (the room filtered by milestone), or every message. */
  thread?: string | null;
}

/**
 * One open club room: messages in order (live over the room's socket, through the room hook the
 * conversations use too, or every 10 s while it is down), pinned announcements, older pages,
 * sending and read marks. Opening it marks it read, and so does every message others write while
 * it is on screen.
 */
export function useClubRoom({ clubId, viewerId, milestones, initialMessages, initialNextToken, initialPinned, thread = null }: Options) {
  const t = useT();
  const [messages, setMessages] = useState(() => [...initialMessages].sort(bySeq));
  const [pinned, setPinned] = useState(initialPinned);
  const [nextToken, setNextToken] = useState(initialNextToken);
  const [loadError, setLoadError] = useState<string | null>(null);
  const known = useRef(new Set(initialMessages.map((m) => m.messageId)));
  const milestonesRef = useRef(milestones);
  milestonesRef.current = milestones;

  const add = useCallback(
    (incoming: LiveClubMessage[]) => {
      const fresh = incoming
        .filter((m) => !known.current.has(m.messageId) && (thread === null || m.milestoneId === thread))
        .map(
          (m): RoomEntry => ({
            ...m,
            spoiler: m.spoiler !== undefined ? m.spoiler : foldFor(m, viewerId, milestonesRef.current),
            milestoneLabel: m.milestoneLabel ?? milestonesRef.current.find((milestone) => milestone.milestoneId === m.milestoneId)?.label ?? null,
          }),
        );
      if (fresh.length === 0) return fresh;
      for (const m of fresh) known.current.add(m.messageId);
      setMessages((current) => [...current, ...fresh].sort(bySeq));
      const announcements = fresh.filter((m) => m.announcement);
      if (announcements.length) setPinned((current) => [...announcements.reverse(), ...current].slice(0, 3));
      return fresh;
    },
    [viewerId, thread],
  );

  const markReadOverHttp = useCallback(() => {
    apiFetch("/clubs/:id/room/read", { method: "PATCH", params: { id: clubId }, forbiddenIsRefusal: true }, "Failed to mark the room read").catch(() => {
      // Still unread on the server; the next message or the next opening marks it again.
    });
  }, [clubId]);

  const socket = useRoomSocket<LiveClubMessage>(`/api/clubs/${encodeURIComponent(clubId)}/room/socket`, {
    onMessage: (message) => {
      const fresh = add([message]);
      if (fresh.some((m) => m.fromUserId !== viewerId) && document.visibilityState === "visible" && !socket.markRead()) markReadOverHttp();
    },
    onReady: () => void refreshLatest(),
    onHidden: (messageId) => {
      setMessages((current) => current.filter((m) => m.messageId !== messageId));
      setPinned((current) => current.filter((m) => m.messageId !== messageId));
    },
  });

  const refreshLatest = useCallback(async () => {
    try {
      const page = await apiFetch(
        "/clubs/:id/room/messages",
        { params: { id: clubId }, query: { limit: PAGE_SIZE, ...(thread ? { milestoneId: thread } : {}) }, forbiddenIsRefusal: true },
        t(ROOM_LOAD_FAILED),
      );
      setLoadError(null);
      add(page.items);
    } catch {
      setLoadError(t(ROOM_LOAD_FAILED));
    }
  }, [clubId, add, t, thread]);

  // Opening the room marks it read (and its bell item).
  useEffect(() => {
    markReadOverHttp();
  }, [markReadOverHttp]);

  // Without a socket: every 10 s.
  useEffect(() => {
    if (socket.connected) return;
    const timer = setInterval(refreshLatest, REFRESH_WITHOUT_SOCKET_MS);
    return () => clearInterval(timer);
  }, [socket.connected, refreshLatest]);

  async function loadOlder() {
    if (nextToken === null) return;
    try {
      const page = await apiFetch(
        "/clubs/:id/room/messages",
        { params: { id: clubId }, query: { limit: PAGE_SIZE, nextToken, ...(thread ? { milestoneId: thread } : {}) }, forbiddenIsRefusal: true },
        t(ROOM_LOAD_FAILED),
      );
      add(page.items);
      setNextToken(page.nextToken);
    } catch {
      setLoadError(t(ROOM_LOAD_FAILED));
    }
  }

  // A retry of the same text keeps its messageId, so a send that did arrive is not stored twice.
  const pending = useRef<{ key: string; messageId: string | undefined } | null>(null);
  /** Sends `content` (in a milestone's thread, or as an announcement); answers null, or what to tell the member. */
  async function send(content: string, milestoneId: string | null, announce: boolean): Promise<string | null> {
    const key = `${announce}|${milestoneId}|${content}`;
    if (pending.current?.key !== key) pending.current = { key, messageId: globalThis.crypto.randomUUID?.() };
    try {
      if (!navigator.onLine) return t(ROOM_SEND_FAILED);
      const messageId = pending.current.messageId;
      const message = announce
        ? await apiFetch(
            "/clubs/:id/room/announcements",
            { method: "POST", params: { id: clubId }, json: { content, messageId }, forbiddenIsRefusal: true },
            t(ROOM_SEND_FAILED),
          )
        : await apiFetch(
            "/clubs/:id/room/messages",
            { method: "POST", params: { id: clubId }, json: { content, messageId, milestoneId }, forbiddenIsRefusal: true },
            t(ROOM_SEND_FAILED),
          );
      pending.current = null;
      add([message]);
      return null;
    } catch (error) {
      return error instanceof ApiError && error.status < 500 ? error.message : t(ROOM_SEND_FAILED);
    }
  }

  /**
   * The reader opens a fold: the texts the room left out are asked for, one explicit reveal per
   * message (`?reveal=1`). Answers whether every one arrived (the fold then opens).
   */
  async function reveal(group: readonly RoomEntry[]): Promise<boolean> {
    try {
      const texts = await Promise.all(
        group
          .filter((m) => m.content === null)
          .map((m) =>
            apiFetch(
              "/clubs/:id/room/messages/:messageId",
              { params: { id: clubId, messageId: m.messageId }, query: { reveal: "1" }, forbiddenIsRefusal: true },
              t(ROOM_LOAD_FAILED),
            ),
          ),
      );
      const byId = new Map(texts.map((m) => [m.messageId, m.content]));
      setMessages((current) => current.map((m) => (m.content === null && byId.has(m.messageId) ? { ...m, content: byId.get(m.messageId) ?? null } : m)));
      setLoadError(null);
      return true;
    } catch {
      setLoadError(t(ROOM_LOAD_FAILED));
      return false;
    }
  }

  async function hide(messageId: string): Promise<string | null> {
    try {
      await apiFetch(
        "/clubs/:id/room/messages/:messageId/hide",
        { method: "POST", params: { id: clubId, messageId }, forbiddenIsRefusal: true },
        t(HIDE_FAILED),
      );
      setMessages((current) => current.filter((m) => m.messageId !== messageId));
      setPinned((current) => current.filter((m) => m.messageId !== messageId));
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : t(HIDE_FAILED);
    }
  }

  return { messages, pinned, nextToken, loadOlder, loadError, send, hide, reveal, connected: socket.connected };
}
