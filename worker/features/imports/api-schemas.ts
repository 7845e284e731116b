import { BOOK_STATUSES, IMPORT_SOURCES, IMPORT_STATES } from "@worker/db/schema";
import { z } from "zod";
import { OWNED_COLUMN } from "./import-csv";

/** What the import routes answer in `data`, for the API reference. */

/** A row that could not be read (preview) or added (job), by its line in the file. */
const failedRowView = z.looseObject({ line: z.number().int(), title: z.string(), reason: z.string() });

/** `POST /api/imports/preview`: what importing the file would do; nothing is written. */
export const importPreviewView = z.looseObject({
  source: z.enum(IMPORT_SOURCES),
  totalRows: z.number().int().min(0),
  newBooks: z.number().int().min(0),
  alreadyOwned: z.number().int().min(0),
  duplicatesInFile: z.number().int().min(0),
  /** Rows the export marks as owned, and the column that says so. */
  ownedRows: z.number().int().min(0),
  ownedColumn: z.enum([OWNED_COLUMN.goodreads, OWNED_COLUMN.storygraph]),
  /** The file's shelves, most books first. */
  shelves: z.array(z.looseObject({ name: z.string(), count: z.number().int().min(1) })),
  /** Rows whose reading state is to-read: with `wanted=true` the import adds them to the wanted list instead. */
  toReadRows: z.number().int().min(0),
  /** The to-read rows the default choice adds to Wanted: not owned, not on the shelf or the wanted list, not repeats. */
  wantedRows: z.number().int().min(0),
  /** To-read rows already on the member's wanted list. */
  alreadyWanted: z.number().int().min(0),
  rows: z.array(
    z.looseObject({
      line: z.number().int(),
      title: z.string(),
      author: z.string(),
      owned: z.boolean(),
      shelves: z.array(z.string()),
      /** The member already has this book. */
      onShelf: z.boolean(),
      /** The book is on the member's wanted list already. */
      wanted: z.boolean(),
      /** Numbers standing for the row's ISBNs or title and author: rows sharing one are the same book. */
      keys: z.array(z.number().int().min(0)),
    }),
  ),
  failed: z.array(failedRowView),
});

/** `POST /api/imports` and `GET /api/imports/{jobId}`: the job and its progress. */
export const importJobView = z.looseObject({
  jobId: z.string(),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string(),
  shelves: z.array(z.string()),
  /** queued: rows stored, batches on the queue; running: some batches done; done: every row decided. */
  state: z.enum(IMPORT_STATES),
  totalRows: z.number().int().min(0),
  processedRows: z.number().int().min(0),
  addedBooks: z.number().int().min(0),
  duplicateRows: z.number().int().min(0),
  failedRows: z.number().int().min(0),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** The first 100 failed rows (all of them: `GET /api/imports/{jobId}/failed.csv`). */
  failed: z.array(failedRowView),
  /** In the answer to `POST /api/imports` only: the to-read rows just added to the wanted list (`wanted=true`). */
  addedToWanted: z.number().int().min(0).optional(),
});

/** `GET /api/my-books/export?format=json`: the file itself (a download to keep, so not the envelope). */
export const exportFileView = z
  .object({
    books: z.array(
      z.looseObject({
        bookId: z.string(),
        title: z.string(),
        author: z.string(),
        description: z.string(),
        status: z.enum(BOOK_STATUSES),
        isbn10: z.string().nullable(),
        isbn13: z.string().nullable(),
        publisher: z.string().nullable(),
        publishedDate: z.string().nullable(),
        pageCount: z.number().int().nullable(),
        language: z.string().nullable(),
        createdAt: z.number().int(),
        coverImage: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "BookExportFile" });
