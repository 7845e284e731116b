import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { exportFormatSchema, exportMyBooks } from "./book-export";
import {
  failedRowsCsv,
  getImportJob,
  importJobParamsSchema,
  limitImportExport,
  previewImport,
  readImportFile,
  startImport,
  startImportQuerySchema,
} from "./imports";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { zv } from "@worker/core/api/validate";

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/**
 * Mounted at /imports. The CSV is the raw request body (up to 5 MB, listed in FILE_BODY_ROUTES):
 * `POST /preview` says what would be imported, `POST /?shelves=a,b` stores the job and queues it.
 */
export const importsApi = new Hono<AppEnv>()
  .post("/preview", membersOnly, async (c) => {
    const ctx = serviceContext(c);
    await limitImportExport(ctx, "import");
    return ok(c, await previewImport(ctx, await readImportFile(c.req.raw)));
  })
  .post("/", membersOnly, zv("query", startImportQuerySchema), async (c) => {
    const ctx = serviceContext(c);
    const query = c.req.valid("query");
    await limitImportExport(ctx, "import");
    return ok(c, await startImport(ctx, await readImportFile(c.req.raw), query), 202);
  })
  .get("/:jobId", membersOnly, zv("param", importJobParamsSchema), async (c) =>
    ok(c, await getImportJob(serviceContext(c), c.req.valid("param").jobId)),
  )
  .get("/:jobId/failed.csv", membersOnly, zv("param", importJobParamsSchema), async (c) => {
    const csv = await failedRowsCsv(serviceContext(c), c.req.valid("param").jobId);
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachment("failed-rows.csv") });
  });

/** Mounted at /my-books: "Download my books", as Goodreads' CSV or JSON. */
export const myBooksExportApi = new Hono<AppEnv>().get("/export", membersOnly, zv("query", exportFormatSchema), async (c) => {
  const ctx = serviceContext(c);
  await limitImportExport(ctx, "export");
  const file = await exportMyBooks(ctx, c.req.valid("query").format);
  return c.body(file.body, 200, { "Content-Type": file.contentType, "Content-Disposition": attachment(file.fileName) });
});
