import { Hono } from "hono";
import { api } from "./api";
import type { AppEnv } from "./http/app-env";
import { d1Session } from "./http/d1-bookmark";
import { conversationSocket } from "./http/conversation-socket";
import { drainUnreadBody } from "./http/drain-body";
import { memberSocket } from "./http/member-socket";
import { oneClickUnsubscribe } from "./http/one-click-unsubscribe";
import { media } from "./http/media";
import { renderPage } from "./http/pages";
import { securityHeaders } from "./http/security-headers";
import { sessionUser } from "./auth/resolve-user";
import { crossSiteRefusedPage, csrfProtection, isForeignNavigation } from "./http/csrf";
import { handleCoverAnalysisBatch } from "./covers/consumer";
import type { CoverAnalysisMessage } from "./covers/queue-message";
import { handleImportBatch } from "./services/import-batches";
import { IMPORT_QUEUE_NAME, type ImportMessage } from "./services/imports";
import { SHARE_TARGET_PATH } from "./shared/offline";
// Registers the features' scheduled jobs (loan reminders, waitlist offers, mail, data exports) with the
// job registry the JobTimer Durable Object runs them from: this module is loaded in every isolate.
import "./services/scheduled-jobs";

const app = new Hono<AppEnv>();

app.use("*", drainUnreadBody);
// Before every middleware that edits response headers: a 101 Switching Protocols response's are immutable.
app.get("/api/dm/conversations/:id/socket", conversationSocket);
app.get("/api/dm/socket", memberSocket);
app.use("*", securityHeaders);
// Covers and avatars come from R2 alone and are publicly cached: answered before the middleware below,
// so a cover request with a cookie neither starts a D1 session nor looks the member up.
app.route("/media", media);
// The phone's share sheet, in a browser whose service worker did not answer: the photos are not read
// (they reach the server only once the member confirms an upload); the page explains what to do.
// Another site's POST is refused, as the service worker refuses it.
app.post(SHARE_TARGET_PATH, (c) => (isForeignNavigation(c.req.raw) ? crossSiteRefusedPage(c) : c.redirect(SHARE_TARGET_PATH, 303)));
app.all("/media/*", (c) => c.text("Method not allowed", 405, { Allow: "GET, HEAD" }));
app.use("*", d1Session);
app.use("*", sessionUser);
app.use("*", csrfProtection);
app.route("/api", api);
app.post("/unsubscribe", oneClickUnsubscribe);
// `all`, not `get`: React Router actions arrive as POSTs.
app.all("*", renderPage);

export { ConversationRoom } from "../durable-objects/conversation-room";
export { MemberInbox } from "../durable-objects/member-inbox";
export { JobTimer } from "../durable-objects/job-timer";

export default {
  fetch: app.fetch,
  // The queue consumer has no browser to keep a bookmark for: it uses env.DB (the primary) directly.
  queue: (batch, env, ctx) =>
    batch.queue === IMPORT_QUEUE_NAME
      ? handleImportBatch(batch, env)
      : handleCoverAnalysisBatch(batch as MessageBatch<CoverAnalysisMessage>, env, ctx),
} satisfies ExportedHandler<Env, CoverAnalysisMessage | ImportMessage>;
