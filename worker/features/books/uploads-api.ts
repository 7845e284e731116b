import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { badRequest } from "@worker/core/errors";
import { createCoverUploadUrl, storeCoverUpload, uploadUrlSchema } from "./uploads";
import { decodePathOrNull } from "@worker/core/shared/url";
import { ok } from "@worker/core/api/envelope";
import { jsonBody } from "@worker/core/api/validate";
import { doc } from "@worker/core/api/openapi";
import { storedUploadView, uploadUrlView } from "./api-schemas";

/** `POST /api/upload-url` hands out a signed link; `PUT /api/uploads/{key}` is where the file goes. */
export const uploadsApi = new Hono<AppEnv>()
  .post(
    "/upload-url",
    doc("POST", {
      summary: "A signed upload URL for one cover",
      who: "member",
      tags: ["Uploads"],
      data: uploadUrlView,
      description:
        "`fileType` is image/jpeg, image/png or image/gif (400 `Supported formats are JPG, PNG and GIF`). The URL is single-use and valid for 5 minutes; PUT the image there, then add the book with `s3Key` = `fileKey`.",
    }),
    jsonBody(uploadUrlSchema),
    async (c) => ok(c, await createCoverUploadUrl(serviceContext(c), c.req.valid("json"), new URL(c.req.url).origin)),
  )
  // `:key{.+}` rather than `*`: the key has slashes, and a named parameter lets the API reference list the route.
  .put(
    "/uploads/:key{.+}",
    doc("PUT", {
      summary: "Upload a cover to a signed URL",
      who: "anyone",
      tags: ["Uploads"],
      status: 201,
      data: storedUploadView,
      errors: [409],
      description:
        "The raw image is the body (JPEG, PNG or GIF by its bytes, at most 10 MB); `key` (which has slashes), `expires` and `sig` come from `POST /api/upload-url`, and the signature is the permission (no session needed), while its member is neither suspended nor deleted. 400 `The file is not a valid JPEG, PNG or GIF image.` or `The image is incomplete. Please try uploading it again.`; 403 `This upload link has expired. Please try again.` or `This upload link is not valid.`; 413 `Images must be 10MB or smaller.`; 409 `This upload link has already been used. Please upload the image again.` (the same bytes again succeed without writing).",
    }),
    async (c) => {
      const url = new URL(c.req.url);
      const key = decodePathOrNull(url.pathname.replace(/^\/api\/uploads\//, ""));
      if (key === null) throw badRequest("This upload link is not valid.");
      const length = c.req.header("Content-Length");
      const stored = await storeCoverUpload({ db: c.get("db"), env: c.env }, {
        key,
        expires: url.searchParams.get("expires") ?? undefined,
        sig: url.searchParams.get("sig") ?? undefined,
        contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
        body: c.req.raw.body,
      });
      return ok(c, stored, 201);
    },
  );
