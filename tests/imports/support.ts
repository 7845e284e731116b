import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { books, importJobs, importRows } from "@worker/db/schema";
import { handleImportBatch, type ImportConsumerDeps } from "@worker/features/imports/import-batches";
import { IMPORT_QUEUE_NAME, type ImportMessage } from "@worker/features/imports/imports";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { googleBooksNoItems, openLibraryNoDocs } from "../books/fixtures/google-books-isbn";
import { jsonResponse, mockFetch } from "../covers/helpers";
import { db } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";

/** Catches what the API puts on the import queue, so each test runs the batches itself. */
export function captureImportQueue() {
  const sent: ImportMessage[] = [];
  vi.spyOn(env.IMPORT_QUEUE, "sendBatch").mockImplementation(async (messages) => {
    for (const message of messages) sent.push(message.body as ImportMessage);
    return undefined as never;
  });
  return sent;
}

/** No test reaches Google Books or Open Library: here every metadata lookup finds nothing. */
export function lookupsFindNothing() {
  return mockFetch({
    "www.googleapis.com": () => jsonResponse(googleBooksNoItems),
    "openlibrary.org": () => jsonResponse(openLibraryNoDocs),
  });
}

export function uploadCsv(path: string, csv: string, cookie?: string, options: { invalid?: boolean } = {}) {
  return call(path, { method: "POST", body: csv, cookie, headers: { "Content-Type": "text/csv" }, invalid: options.invalid });
}

/** Starts an import of the rows on `shelves` (and, with `owned`, the rows the export marks as owned). */
export async function startImport(csv: string, cookie: string, shelves: string[], { owned = false } = {}) {
  const query = new URLSearchParams({ shelves: shelves.join(","), owned: String(owned), fileName: "export.csv" });
  const response = await uploadCsv(`/api/imports?${query}`, csv, cookie);
  return { response, body: await json<Envelope<{ jobId: string; state: string; totalRows: number }>>(response) };
}

let counter = 0;
/** Runs the real consumer on these messages (one batch per message, as wrangler.toml configures). */
export async function runImportBatches(messages: ImportMessage[], deps: ImportConsumerDeps = {}) {
  const results = [];
  for (const body of messages) {
    const batch = createMessageBatch<ImportMessage>(IMPORT_QUEUE_NAME, [{ id: `import-${++counter}`, timestamp: new Date(), attempts: 1, body }]);
    const ctx = createExecutionContext();
    await handleImportBatch(batch, env, deps);
    results.push(await getQueueResult(batch, ctx));
  }
  return results;
}

export const booksOf = (userId: string) => db.select().from(books).where(eq(books.userId, userId)).orderBy(books.seq);
export const jobRow = async (jobId: string) => (await db.select().from(importJobs).where(eq(importJobs.id, jobId)))[0]!;
export const rowsOf = (jobId: string) => db.select().from(importRows).where(eq(importRows.jobId, jobId)).orderBy(importRows.line);
