import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { badRequest } from "@worker/core/errors";
import { createCoverUploadUrl, storeCoverUpload, uploadUrlSchema } from "./uploads";
import { decodePathOrNull } from "@worker/core/shared/url";
import { ok } from "@worker/core/api/envelope";
import { jsonBody } from "@worker/core/api/validate";

/** `POST /api/upload-url` hands out a signed link; `PUT /api/uploads/{key}` is where the file goes. */
export const uploadsApi = new Hono<AppEnv>()
  .post("/upload-url", jsonBody(uploadUrlSchema), async (c) =>
    ok(c, await createCoverUploadUrl(serviceContext(c), c.req.valid("json"), new URL(c.req.url).origin)),
  )
  // `:key{.+}` rather than `*`: the key has slashes, and a named parameter lets the API reference list the route.
  .put("/uploads/:key{.+}", async (c) => {
    const url = new URL(c.req.url);
    const key = decodePathOrNull(url.pathname.replace(/^\/api\/uploads\//, ""));
    if (key === null) throw badRequest("This upload link is not valid.");
    const length = c.req.header("Content-Length");
    const stored = await storeCoverUpload(c.env, {
      key,
      expires: url.searchParams.get("expires") ?? undefined,
      sig: url.searchParams.get("sig") ?? undefined,
      contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
      body: c.req.raw.body,
    });
    return ok(c, stored, 201);
  });
