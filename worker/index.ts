import { doc } from "@worker/core/api/openapi";
import type { AppEnv } from "@worker/core/http/app-env";
import { crossSiteRefusedPage, csrfProtection, isForeignNavigation } from "@worker/core/http/csrf";
import { d1Session } from "@worker/core/http/d1-bookmark";
import { drainUnreadBody } from "@worker/core/http/drain-body";
import { media } from "@worker/core/http/media";
import { renderPage } from "@worker/core/http/pages";
import { securityHeaders } from "@worker/core/http/security-headers";
import { requestLanguage } from "@worker/core/i18n/language-middleware";
import { SHARE_TARGET_PATH } from "@worker/core/shared/offline";
import { getDatabase } from "@worker/db/client";
import { sessionUser } from "@worker/features/auth";
import { devMapTile } from "@worker/features/books";
import { calendarFeedHandler } from "@worker/features/club-meetings";
import { clubRoomSocket } from "@worker/features/club-room";
import type { CoverAnalysisMessage } from "@worker/features/covers";
import { handleCoverAnalysisBatch } from "@worker/features/covers";
import { handleImportBatch, IMPORT_QUEUE_NAME, type ImportMessage } from "@worker/features/imports";
import { conversationSocket, memberSocket } from "@worker/features/messages";
import { handleNoticeBatch, NOTICE_QUEUE_NAME, type NoticeMessage, oneClickUnsubscribe } from "@worker/features/notifications";
import { startSearchReindex } from "@worker/features/search-index";
import { Hono } from "hono";
import { api } from "./api";
import { mountApiReference } from "./api-reference";
// Registers the features' scheduled jobs (loan reminders, waitlist offers, mail, data exports) with the
// job registry the JobTimer Durable Object runs them from: this module is loaded in every isolate.
import "./jobs";
// Registers the features' event subscribers (bells, chat lines, follower notices) with the event
// registry publish() runs them from: loaded in every isolate, as the jobs are.
import "./subscribers";

const app = new Hono<AppEnv>();

app.use("*", drainUnreadBody);
// Before every middleware that edits response headers: a 101 Switching Protocols response's are immutable.
// Their doc() only awaits next(), so the 101 passes through untouched.
app.get(
  "/api/dm/conversations/:id/socket",
  doc("GET", {
    summary: "A conversation's live socket (WebSocket)",
    who: "participant",
    tags: ["Messages"],
    errors: [403, 404, 426],
    other: {
      status: 101,
      description:
        'Switching Protocols: the WebSocket of one conversation. It sends JSON events: `ready` (with my `unread`), `message` (the message and my `unread`), `read`, `hidden` (a moderator removed `messageId`), `pong`, `error`; it takes `{"type":"read"}` (mark read) and `{"type":"ping"}`. Sending goes over HTTP. Closed with 4401 when the session that opened it ends.',
    },
    description:
      "Live messages and read marks for one conversation; same-origin only. 426 `Expected a WebSocket upgrade` without `Upgrade: websocket`; 403 `Cross-site request refused.` from another origin; 401 without a live session (cookie or Bearer); 404 `Conversation not found` for anyone but its two members.",
  }),
  conversationSocket,
);
app.get(
  "/api/clubs/:id/room/socket",
  doc("GET", {
    summary: "The club room's live socket (WebSocket)",
    who: "club member",
    tags: ["Club room"],
    errors: [403, 404, 426],
    other: {
      status: 101,
      description:
        'Switching Protocols: the WebSocket of one club\'s room, on the same protocol as a conversation\'s. It sends JSON events: `ready`, `message` (the message with its `milestoneId` and `announcement`), `read`, `hidden` (a moderator removed `messageId`), `pong`, `error`; it takes `{"type":"read"}` (mark read) and `{"type":"ping"}`. Sending goes over HTTP. Closed with 4403 when the member leaves or is removed, 4401 when the session that opened it ends.',
    },
    description:
      "Live messages for one club's room; same-origin only. 426 without `Upgrade: websocket`; 403 `Cross-site request refused.` from another origin; 401 without a live session; 404 `Club not found` for a private club one is not an active member of, 403 `Only the club's members can take part in its room.` for an open one.",
  }),
  clubRoomSocket,
);
app.get(
  "/api/dm/socket",
  doc("GET", {
    summary: "My inbox's live socket (WebSocket)",
    who: "member",
    tags: ["Messages"],
    errors: [403, 426],
    other: {
      status: 101,
      description:
        "Switching Protocols: the WebSocket of my inbox. It sends JSON events: `ready`, `dm` (`conversationId`, `fromUserId`) when someone writes in one of my conversations, `notification` (the bell's `unread` when known, or the `conversationId`) when my notifications change, and `signed-out` before it closes with 4401 when the session that opened it ends; it answers `ping` with `pong`.",
    },
    description:
      "Tells me when someone writes in one of my conversations (badge and list) or my notifications change (the bell); same-origin only. 426 `Expected a WebSocket upgrade` without `Upgrade: websocket`; 403 `Cross-site request refused.` from another origin; 401 without a live session (cookie or Bearer).",
  }),
  memberSocket,
);
app.use("*", securityHeaders);
// Covers and avatars come from R2 alone and are publicly cached: answered before the middleware below,
// so a cover request with a cookie neither starts a D1 session nor looks the member up.
app.route("/media", media);
// The phone's share sheet, in a browser whose service worker did not answer: the photos are not read
// (they reach the server only once the member confirms an upload); the page explains what to do.
// Another site's POST is refused, as the service worker refuses it.
app.post(SHARE_TARGET_PATH, (c) => (isForeignNavigation(c.req.raw) ? crossSiteRefusedPage(c) : c.redirect(SHARE_TARGET_PATH, 303)));
app.all("/media/*", (c) => c.text("Method not allowed", 405, { Allow: "GET, HEAD" }));
// The library map's recorded tile, only where MAP_TILE_URL points at it (local runs and tests).
app.get("/dev-tiles/*", devMapTile);
// The API describes itself: its OpenAPI document and a reference page, built from the routes below.
// Public and the same for everyone, so answered before a D1 session or the member is looked up.
mountApiReference(app);
app.use("*", d1Session);
app.use("*", sessionUser);
app.use("*", requestLanguage);
app.use("*", csrfProtection);
app.route("/api", api);
// A member's calendar feed (worker/features/club-meetings): the secret address is its own credential.
app.get("/calendar/:file", calendarFeedHandler);
app.post("/unsubscribe", oneClickUnsubscribe);
// `all`, not `get`: React Router actions arrive as POSTs.
app.all("*", renderPage);

export { ClubRoom } from "../durable-objects/club-room";
export { ConversationRoom } from "../durable-objects/conversation-room";
export { JobTimer } from "../durable-objects/job-timer";
export { MemberInbox } from "../durable-objects/member-inbox";

export default {
  fetch: app.fetch,
  // The queue consumer has no browser to keep a bookmark for: it uses env.DB (the primary) directly.
  queue: (batch, env, ctx) =>
    batch.queue === IMPORT_QUEUE_NAME
      ? handleImportBatch(batch, env)
      : batch.queue === NOTICE_QUEUE_NAME
        ? handleNoticeBatch(batch, env)
        : handleCoverAnalysisBatch(batch as MessageBatch<CoverAnalysisMessage>, env, ctx),
  // The cron (wrangler.toml) starts the search-text backfill after a deploy, and restarts it should its timer be lost.
  scheduled: async (_controller, env) => startSearchReindex(env, getDatabase(env.DB)),
} satisfies ExportedHandler<Env, CoverAnalysisMessage | ImportMessage | NoticeMessage>;
