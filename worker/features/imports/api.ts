import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { exportFileView, importJobView, importPreviewView } from "./api-schemas";
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

const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** The raw export as the body (the browser sends it as text/csv), read by readImportFile whatever its type. */
const CSV_BODY = { description: "A Goodreads or StoryGraph CSV export, at most 5 MB and 5,000 books.", content: { "text/csv": "text" as const } };

/**
 * Mounted at /imports. The CSV is the raw request body (up to 5 MB, listed in FILE_BODY_ROUTES):
 * `POST /preview` says what would be imported, `POST /?shelves=a,b` stores the job and queues it.
 */
export const importsApi = new Hono<AppEnv>()
  .post(
    "/preview",
    doc("POST", {
      summary: "What importing a Goodreads or StoryGraph CSV would do",
      who: "member",
      tags: ["Imports"],
      data: importPreviewView,
      body: CSV_BODY,
      description:
        "The body is the CSV export itself (at most 5 MB and 5,000 books); nothing is written. Answers the counts, the file's shelves, every readable row (whether the member already has it, or already wants it) and the rows that could not be read; `toReadRows` counts the rows on the to-read shelf and `wantedRows` those the default choice adds to Wanted (`wanted=true` on the import). 400 names the line (`Line 1: this is not a Goodreads or StoryGraph export …`, `The file is empty.`); 413 `The file is larger than 5 MB. Export fewer shelves, or split the file.` or `The file has more than 5,000 books. Split it and import each part.`; imports and downloads share 10 a minute per member (429 `Too many imports or downloads. Please wait a minute and try again.`).",
    }),
    membersOnly,
    async (c) => {
      const ctx = serviceContext(c);
      await limitImportExport(ctx, "import");
      return ok(c, await previewImport(ctx, await readImportFile(c.req.raw)));
    },
  )
  .post(
    "/",
    doc("POST", {
      summary: "Import a CSV's chosen rows in the background",
      who: "member",
      tags: ["Imports"],
      status: 202,
      data: importJobView,
      errors: [503],
      body: CSV_BODY,
      description:
        "The body is the CSV, as for the preview. The owned rows (with `owned=true`) and the rows on the chosen `shelves` (comma-separated, up to 30) go to the `book-import` queue in batches of 50; rows the member already has, repeats and unreadable rows are counted, not added. With `wanted=true` the to-read rows not chosen for the shelf go to the member's wanted list instead, at once (source `import`; ones already wanted are skipped; at most 2,000 wanted books), and the copies already listed near the member are matched: ISBN wants all, title-only wants the first 20 (the rest when a copy is next listed). Answers the job (poll `GET /api/imports/{jobId}`) with `addedToWanted`. 400 `shelves: Choose at least one shelf`, `wanted: …` (not true or false) or `No book in the file is on the chosen shelves.`; 413 over 5 MB or 5,000 books; 429 as for the preview; 503 `Importing is unavailable right now. Please try again.` when the queue refuses the job.",
    }),
    membersOnly,
    zv("query", startImportQuerySchema),
    async (c) => {
      const ctx = serviceContext(c);
      const query = c.req.valid("query");
      await limitImportExport(ctx, "import");
      return ok(c, await startImport(ctx, await readImportFile(c.req.raw), query), 202);
    },
  )
  .get(
    "/:jobId",
    doc("GET", {
      summary: "An import's progress",
      who: "the job's member",
      tags: ["Imports"],
      data: importJobView,
      errors: [404],
      description: "State and counts, with the first 100 failed rows. Another member's job is 404 `Import not found`.",
    }),
    membersOnly,
    zv("param", importJobParamsSchema),
    async (c) => ok(c, await getImportJob(serviceContext(c), c.req.valid("param").jobId)),
  )
  .get(
    "/:jobId/failed.csv",
    doc("GET", {
      summary: "An import's failed rows as CSV",
      who: "the job's member",
      tags: ["Imports"],
      errors: [404],
      other: { status: 200, description: "`failed-rows.csv` (Line, Title, Author, ISBN13, Reason), to fix and import again.", contentType: "text/csv" },
      description: "Another member's job is 404 `Import not found`.",
    }),
    membersOnly,
    zv("param", importJobParamsSchema),
    async (c) => {
      const csv = await failedRowsCsv(serviceContext(c), c.req.valid("param").jobId);
      return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachment("failed-rows.csv") });
    },
  );

/** Mounted at /my-books: "Download my books", as Goodreads' CSV or JSON. */
export const myBooksExportApi = new Hono<AppEnv>().get(
  "/export",
  doc("GET", {
    summary: "Download my books as Goodreads CSV or JSON",
    who: "member",
    tags: ["Imports"],
    errors: [429],
    other: {
      status: 200,
      description:
        "An attachment: `bookclub-books-{day}.csv` in Goodreads' columns (text/csv, the default) or, with `format=json`, `bookclub-books-{day}.json` holding `{books: [...]}` with every field we keep (application/json: a file to keep, so not the envelope). Both import back here.",
      contentType: "text/csv",
      json: exportFileView,
    },
    description: "Imports and downloads share 10 a minute per member (429 `Too many imports or downloads. Please wait a minute and try again.`).",
  }),
  membersOnly,
  zv("query", exportFormatSchema),
  async (c) => {
    const ctx = serviceContext(c);
    await limitImportExport(ctx, "export");
    const file = await exportMyBooks(ctx, c.req.valid("query").format);
    return c.body(file.body, 200, { "Content-Type": file.contentType, "Content-Disposition": attachment(file.fileName) });
  },
);
