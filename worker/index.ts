import { Hono } from "hono";
import { api } from "./api";
import { getDatabase } from "./db/client";
import type { AppEnv } from "./http/app-env";
import { media } from "./http/media";
import { renderPage } from "./http/pages";
import { securityHeaders } from "./http/security-headers";
import { resolveSessionUser, sendPendingSessionCookie } from "./auth/resolve-user";
import { csrfProtection } from "./http/csrf";
import { handleCoverAnalysisBatch, type CoverAnalysisMessage } from "./covers/consumer";

const app = new Hono<AppEnv>();

app.use("*", securityHeaders);
app.use("*", async (c, next) => {
  c.set("db", getDatabase(c.env.DB));
  c.set("user", await resolveSessionUser(c));
  await next();
  sendPendingSessionCookie(c);
});
app.use("*", csrfProtection);
app.route("/api", api);
app.route("/media", media);
// `all`, not `get`: React Router actions arrive as POSTs.
app.all("*", renderPage);

export default {
  fetch: app.fetch,
  queue: handleCoverAnalysisBatch,
} satisfies ExportedHandler<Env, CoverAnalysisMessage>;
