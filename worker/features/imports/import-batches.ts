import { readConfig } from "@worker/core/config";
import { publish } from "@worker/core/events/registry";
import { hiddenUntilTitled } from "@worker/core/shared/book-listing";
import { mapLimited } from "@worker/core/shared/map-limited";
import { withBookSearchText } from "@worker/core/shared/search-text";
import { type Database, getDatabase } from "@worker/db/client";
import { books, type GoogleMetadata, importJobs, importRows, users } from "@worker/db/schema";
import { bookFieldsFromRecord, mirrorOrigins } from "@worker/features/books";
import { copyMetadataCover, findBookMetadata, type LookupSettings, lookupSettingsFrom } from "@worker/features/covers";
import { and, between, eq, inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { ALREADY_ON_SHELF, ownedBookKeys, titleAuthorKey } from "./import-csv";
import { type ImportMessage, importMessageSchema } from "./imports";

/** A batch's lookups all share this budget; a row not enriched by then keeps its CSV title and author. */
export const IMPORT_ENRICHMENT_BUDGET_MS = 25_000;
/** Workers allow six open connections at once: lookups and cover copies run at most this many at a time. */
const LOOKUP_CONCURRENCY = 6;

export interface ImportConsumerDeps {
  lookupSettings?: LookupSettings;
  now?: () => number;
}

type PendingRow = typeof importRows.$inferSelect;

/** The row's book, enriched when the lookup knows it; the CSV's title and author stay the member's. */
async function bookFor(env: Env, userId: string, row: PendingRow, settings: LookupSettings, origins: string[]) {
  const match = await findBookMetadata({ isbn13: row.isbn13, title: row.title, author: row.author }, settings);
  const record: GoogleMetadata | undefined = match?.metadata;
  const fields = record ? bookFieldsFromRecord(record) : null;
  const links = record?.volumeInfo.imageLinks;
  const coverKey = links ? await copyMetadataCover(env, userId, links.thumbnail ?? links.smallThumbnail, origins) : null;
  const title = row.title || fields?.title || "";
  return {
    id: row.bookId,
    userId,
    title,
    author: row.author || fields?.author || "",
    description: fields?.description ?? "",
    publisher: fields?.publisher ?? null,
    publishedDate: fields?.publishedDate ?? null,
    pageCount: fields?.pageCount ?? null,
    language: fields?.language ?? null,
    isbn10: row.isbn10,
    isbn13: row.isbn13,
    coverKey,
    googleMetadata: record ?? null,
    analysisState: "none" as const,
    // An ISBN-only row whose lookup found nothing waits on its owner's shelf for a title (decision 024).
    hidden: hiddenUntilTitled(title) ?? hiddenWhileSuspended(userId),
  };
}

/**
 * Read from the member's row in the insert itself, not before the lookups: a suspension that lands
 * while a batch runs (suspendMember hides the books already stored, in one batch) still hides these,
 * and lifting it (which clears only "suspension") shows them with the others (decision 010).
 */
function hiddenWhileSuspended(userId: string) {
  return sql<"suspension" | null>`(SELECT CASE WHEN ${users.suspendedAt} IS NOT NULL THEN 'suspension' END FROM ${users} WHERE ${users.id} = ${userId})`;
}

/** Counters recomputed from the rows (import_rows_job_state_idx): a redelivery cannot count twice. */
function recount(db: Database, jobId: string, now: number) {
  const count = (state: string) => sql`(SELECT count(*) FROM import_rows WHERE job_id = ${jobId} AND state = ${state})`;
  const pendingLeft = sql`EXISTS (SELECT 1 FROM import_rows WHERE job_id = ${jobId} AND state = 'pending')`;
  return db
    .update(importJobs)
    .set({
      processedRows: sql`${importJobs.totalRows} - ${count("pending")}`,
      addedBooks: count("added"),
      duplicateRows: count("duplicate"),
      failedRows: count("failed"),
      state: sql`CASE WHEN ${pendingLeft} THEN 'running' ELSE 'done' END`,
      finishedAt: sql`CASE WHEN ${pendingLeft} THEN NULL ELSE coalesce(${importJobs.finishedAt}, ${now}) END`,
      updatedAt: now,
    })
    .where(eq(importJobs.id, jobId));
}

/**
 * One batch of an import: its still-pending rows are looked up and inserted with the book ids chosen
 * when the job was stored, so a redelivered message (books.id is unique) adds nothing twice.
 */
export async function processImportBatch(env: Env, message: ImportMessage, deps: ImportConsumerDeps = {}): Promise<void> {
  const db = getDatabase(env.DB);
  const now = deps.now?.() ?? Date.now();
  const [jobs, rows] = await db.batch([
    db.select({ userId: importJobs.userId }).from(importJobs).where(eq(importJobs.id, message.jobId)).limit(1),
    db
      .select()
      .from(importRows)
      .where(and(eq(importRows.jobId, message.jobId), eq(importRows.state, "pending"), between(importRows.line, message.fromLine, message.toLine))),
  ]);
  const job = jobs[0];
  // The job was deleted (its member left), or every row is already decided: nothing to do.
  if (!job || rows.length === 0) return;

  // Already inserted by an earlier delivery that stopped before marking its rows; and books the member
  // gained since the job was stored (another import of the same file, a book added meanwhile).
  const isbn13s = rows.flatMap((row) => (row.isbn13 ? [row.isbn13] : []));
  // Rows with an ISBN are matched by it, the others by title: at most 50 parameters plus the member.
  const titles = rows.flatMap((row) => (row.isbn13 ? [] : [row.title.toLowerCase()]));
  // By ISBN through books_user_isbn13_idx; titles (rows without ISBN only) need the member's books read.
  const ownedMatches = [...(isbn13s.length ? [inArray(books.isbn13, isbn13s)] : []), ...(titles.length ? [inArray(sql`lower(${books.title})`, titles)] : [])];
  const [inserted, owned] = await db.batch([
    db
      .select({ id: books.id })
      .from(books)
      .where(
        inArray(
          books.id,
          rows.map((row) => row.bookId),
        ),
      ),
    db
      .select({ id: books.id, title: books.title, author: books.author, isbn10: books.isbn10, isbn13: books.isbn13 })
      .from(books)
      .where(and(eq(books.userId, job.userId), or(...ownedMatches))),
  ]);
  const insertedIds = new Set(inserted.map((book) => book.id));
  const ownKeys = new Set(owned.filter((book) => !rows.some((row) => row.bookId === book.id)).flatMap(ownedBookKeys));
  const isOwned = (row: PendingRow) => (row.isbn13 && ownKeys.has(`isbn13:${row.isbn13}`)) || ownKeys.has(`title:${titleAuthorKey(row.title, row.author)}`);

  const already = rows.filter((row) => insertedIds.has(row.bookId));
  const duplicates = rows.filter((row) => !insertedIds.has(row.bookId) && isOwned(row));
  const fresh = rows.filter((row) => !insertedIds.has(row.bookId) && !isOwned(row));

  const settings: LookupSettings = {
    ...(deps.lookupSettings ?? lookupSettingsFrom(readConfig(env))),
    signal: AbortSignal.timeout(IMPORT_ENRICHMENT_BUDGET_MS),
  };
  const origins = mirrorOrigins(env);
  const values = await mapLimited(fresh, LOOKUP_CONCURRENCY, (row) => bookFor(env, job.userId, row, settings, origins));

  const addedLines = [...already, ...fresh].map((row) => row.line);
  const duplicateLines = duplicates.map((row) => row.line);
  const rowsOf = (lines: number[]) => and(eq(importRows.jobId, message.jobId), inArray(importRows.line, lines), eq(importRows.state, "pending"));
  const writes: BatchItem<"sqlite">[] = [
    // One statement per book keeps each under D1's 100 bound parameters; the batch is one round trip.
    ...values.map((book) => db.insert(books).values(withBookSearchText(book)).onConflictDoNothing()),
    ...(addedLines.length ? [db.update(importRows).set({ state: "added" }).where(rowsOf(addedLines))] : []),
    ...(duplicateLines.length ? [db.update(importRows).set({ state: "duplicate", reason: ALREADY_ON_SHELF }).where(rowsOf(duplicateLines))] : []),
  ];
  // Counted last, from the rows just marked.
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [recount(db, message.jobId, now)];
  statements.unshift(...writes);
  await db.batch(statements);
  // The batch's books join the member's shelf: their followers hear of them with the window's notice.
  const listed = values.filter((book) => !hiddenUntilTitled(book.title));
  if (listed.length > 0) await publish({ db, env }, { type: "book.listed", ownerId: job.userId, bookIds: listed.map((book) => book.id), at: now });
}

/** The `book-import` queue: each message is one batch; a failure retries that batch alone. */
export async function handleImportBatch(batch: MessageBatch<unknown>, env: Env, deps: ImportConsumerDeps = {}): Promise<void> {
  for (const message of batch.messages) {
    const parsed = importMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn(`Dropping book-import message ${message.id}: not { jobId, fromLine, toLine }`);
      message.ack();
      continue;
    }
    try {
      await processImportBatch(env, parsed.data, deps);
      message.ack();
    } catch (error) {
      console.warn(`Import batch ${parsed.data.jobId}:${parsed.data.fromLine} will retry`, error);
      message.retry({ delaySeconds: Math.min(300, 10 * 2 ** Math.max(0, message.attempts - 1)) });
    }
  }
}
