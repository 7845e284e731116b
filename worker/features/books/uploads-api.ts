import { ok } from "@worker/core/api/envelope";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { badRequest } from "@worker/core/errors";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { decodePathOrNull } from "@worker/core/shared/url";
import { Hono } from "hono";
import { z } from "zod";
import { storedUploadView, uploadUrlView } from "./api-schemas";
import { createCoverUploadUrl, storeCoverUpload, uploadUrlSchema } from "./uploads";

const uploadPathParams = z.object({
  folder: z.string().meta({ description: "The key's folder: `covers`, or `loan-photos` for a loan's condition photo.", examples: ["covers"] }),
  owner: z.string().meta({ description: "The uploading member's id, as in the key." }),
  file: z.string().meta({ description: "The file's name, as in the key (`{uuid}.jpg`, `.png` or `.gif`)." }),
});
const uploadSignatureQuery = z.object({
  // Optional to the validator so a missing one is the link's 403, as a wrong one is; every upload URL has both.
  expires: z.string().optional().meta({ description: "When the link expires (epoch ms), from the upload URL." }),
  sig: z.string().optional().meta({ description: "The link's signature, from the upload URL." }),
});

/** `POST /api/upload-url` hands out a signed link; `PUT /api/uploads/{folder}/{owner}/{file}` is where the file goes. */
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
  // The key's three segments as parameters (a path parameter cannot hold a slash), so the reference lists
  // the route as clients call it; the key is still read whole from the path and judged by its signature.
  .put(
    "/uploads/:folder/:owner/:file",
    doc("PUT", {
      summary: "Upload a cover (or a loan's condition photo) to a signed URL",
      who: "anyone",
      tags: ["Uploads"],
      status: 201,
      data: storedUploadView,
      errors: [409],
      body: {
        description: "The image's bytes (JPEG, PNG or GIF, judged by its bytes), at most 10 MB.",
        content: { "image/jpeg": "binary", "image/png": "binary", "image/gif": "binary", "application/octet-stream": "binary" },
      },
      description:
        "The raw image is the body (JPEG, PNG or GIF by its bytes, at most 10 MB); the path (`covers/{owner}/{file}`, the `fileKey`), `expires` and `sig` come from `POST /api/upload-url` (or `loan-photos/{owner}/{file}` from `POST /api/loans/{id}/photo-upload-url`, stored privately), and the signature is the permission (no session needed), while its member is neither suspended nor deleted. 400 `The file is not a valid JPEG, PNG or GIF image.` or `The image is incomplete. Please try uploading it again.`; 403 `This upload link has expired. Please try again.` or `This upload link is not valid.`; 413 `Images must be 10MB or smaller.`; 409 `This upload link has already been used. Please upload the image again.` (the same bytes again succeed without writing).",
    }),
    // Described, not judged here: a wrong segment or signature is storeCoverUpload's 403, as before.
    zv("param", uploadPathParams),
    zv("query", uploadSignatureQuery),
    async (c) => {
      const url = new URL(c.req.url);
      const key = decodePathOrNull(url.pathname.replace(/^\/api\/uploads\//, ""));
      if (key === null) throw badRequest("This upload link is not valid.");
      const length = c.req.header("Content-Length");
      const stored = await storeCoverUpload(
        { db: c.get("db"), env: c.env },
        {
          key,
          expires: url.searchParams.get("expires") ?? undefined,
          sig: url.searchParams.get("sig") ?? undefined,
          contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
          body: c.req.raw.body,
        },
      );
      return ok(c, stored, 201);
    },
  );
