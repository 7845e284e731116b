import { fail } from "@worker/core/api/envelope";
import { refuseUndocumentedBody } from "@worker/core/api/no-body";
import { ServiceError } from "@worker/core/errors";
import type { AppEnv } from "@worker/core/http/app-env";
import { translate } from "@worker/core/i18n/request-language";
import { accountApi } from "@worker/features/account/api";
import { usersApi } from "@worker/features/account/users-api";
import { authApi } from "@worker/features/auth/api";
import { booksApi } from "@worker/features/books/api";
import { uploadsApi } from "@worker/features/books/uploads-api";
import { calendarFeedApi, clubMeetingsApi } from "@worker/features/club-meetings/api";
import { clubPollsApi } from "@worker/features/club-polls/api";
import { clubReadingApi } from "@worker/features/club-reading/api";
import { clubRoomApi } from "@worker/features/club-room/api";
import { clubsApi } from "@worker/features/clubs/api";
import { bookCommentsApi } from "@worker/features/comments/api";
import { bookMetadataApi, imageMetadataApi } from "@worker/features/covers/api";
import { followsApi } from "@worker/features/follows/api";
import { geoApi } from "@worker/features/geo/api";
import { importsApi, myBooksExportApi } from "@worker/features/imports/api";
import { bookLoansApi, loansApi } from "@worker/features/loans/api";
import { dmApi } from "@worker/features/messages/api";
import { moderationApi } from "@worker/features/moderation/api";
import { reportsApi } from "@worker/features/moderation/reports-api";
import { notificationsApi } from "@worker/features/notifications/api";
import { pushApi } from "@worker/features/push/api";
import { interestApi } from "@worker/features/site/api";
import { voiceApi } from "@worker/features/voice/api";
import { wantedApi } from "@worker/features/wanted/api";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** JSON bodies are small; uploads have their own, larger limit on their own route. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

export const api = new Hono<AppEnv>();

api.use("*", async (c, next) => {
  await next();
  c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
});
/** Routes that take raw file bodies (or base64 audio) and enforce their own, larger size limits. */
const FILE_BODY_ROUTES = [/^\/api\/uploads\//, /^\/api\/users\/me\/picture$/, /^\/api\/voice\/transcribe$/, /^\/api\/imports(\/preview)?\/?$/];
const jsonBodyLimit = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: (c) => fail(c, 413, translate("Request body is too large")),
});
api.use("*", (c, next) => {
  const path = new URL(c.req.url).pathname;
  return FILE_BODY_ROUTES.some((route) => route.test(path)) ? next() : jsonBodyLimit(c, next);
});

// After the size limit, so a body sent to a route that takes none is read at most 64 KiB deep.
api.use("*", refuseUndocumentedBody);

const routes = api
  .route("/auth", authApi)
  // Before /books, so /books/metadata is not taken for a book id.
  .route("/books/metadata", bookMetadataApi)
  .route("/books", bookLoansApi)
  .route("/books", bookCommentsApi)
  .route("/books", booksApi)
  .route("/clubs", clubRoomApi)
  .route("/calendar-feed", calendarFeedApi)
  // Before clubsApi: its catch-all middleware would not hide these, but its /:id routes are narrower.
  .route("/clubs", clubMeetingsApi)
  // Before clubsApi, whose use("*") would otherwise run for these routes too.
  .route("/clubs", clubPollsApi)
  // Before clubsApi, whose write limit middleware would otherwise count these writes twice.
  .route("/clubs", clubReadingApi)
  .route("/clubs", clubsApi)
  .route("/dm", dmApi)
  .route("/geo", geoApi)
  .route("/images", imageMetadataApi)
  .route("/imports", importsApi)
  .route("/interest", interestApi)
  .route("/notifications", notificationsApi)
  .route("/push", pushApi)
  .route("/loans", loansApi)
  .route("/my-books", myBooksExportApi)
  .route("/moderation", moderationApi)
  .route("/reports", reportsApi)
  // Before usersApi: the member's own data download and account deletion under /users/me.
  .route("/users", accountApi)
  .route("/users", followsApi)
  .route("/users", usersApi)
  .route("/voice", voiceApi)
  .route("/wanted", wantedApi)
  .route("/", uploadsApi);

/** Every API route with its input and answer types: the browser's apiFetch takes its types from here. */
export type ApiRoutes = typeof routes;

// Mounted apps do not use their own notFound, so unknown API paths are caught here, before pages.
api.all("*", (c) => fail(c, 404, `No API route for ${c.req.method} ${new URL(c.req.url).pathname}`));

api.onError((error, c) => {
  if (error instanceof ServiceError) return fail(c, error.status, error.message);
  if (error instanceof HTTPException) return fail(c, error.status as ContentfulStatusCode, error.message || translate("Request failed"));
  console.error("Unhandled API error", error);
  return fail(c, 500, translate("Something went wrong. Please try again."));
});
