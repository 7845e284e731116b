import { badRequest, notFound, requireUser, tooLarge, unavailable } from "@worker/core/errors";
import { readBodyWithLimit } from "@worker/core/http/body-limit";
import { translate } from "@worker/core/i18n/request-language";
import type { AccountDeletionPart } from "@worker/core/member-data-parts";
import { limit } from "@worker/core/rate-limit";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { defaultChoice, isChosen, rowFates, rowsToWant, TO_READ_SHELF } from "@worker/core/shared/import-choice";
import { msg } from "@worker/core/shared/translate";
import { books, type ImportSource, importJobs, importRows } from "@worker/db/schema";
import { addImportedWants, wantedKeysOf, wantKey } from "@worker/features/wanted";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { toCsv } from "./csv-cells";
import {
  ALREADY_ON_SHELF,
  bookKeys,
  type CsvBook,
  DUPLICATE_IN_FILE,
  IMPORT_TOO_LARGE,
  ImportFileError,
  MAX_IMPORT_BYTES,
  OWNED_COLUMN,
  ownedBookKeys,
  type ParsedImport,
  parseImportCsv,
  rowReason,
} from "./import-csv";

/** Rows per queue message: 50 lookups and one D1 batch of about 55 statements. */
export const IMPORT_BATCH_ROWS = 50;
export const IMPORT_QUEUE_NAME = "book-import";
export const IMPORT_RATE_LIMITED = msg("Too many imports or downloads. Please wait a minute and try again.");
export const NOTHING_CHOSEN = msg("No book in the file is on the chosen shelves.");
export const IMPORT_UNAVAILABLE = msg("Importing is unavailable right now. Please try again.");

export const importMessageSchema = z.object({ jobId: z.string().min(1), fromLine: z.number().int(), toLine: z.number().int() });
export type ImportMessage = z.output<typeof importMessageSchema>;

const shelf = z.string().trim().min(1).max(60);
const trueOrFalse = z
  .enum(["true", "false"])
  .optional()
  .default("false")
  .transform((value) => value === "true");
/**
 * The member's choice in the import dialog, in the query (the body is the file): shelves, and
 * `owned=true` for the rows the export marks as owned. The server imports exactly these rows;
 * `wanted=true` adds the other to-read rows to the member's wanted list instead (rowsToWant).
 */
export const startImportQuerySchema = z
  .object({
    shelves: z
      .string()
      .max(2000)
      .optional()
      .default("")
      .transform((value) => [
        ...new Set(
          value
            .split(",")
            .map((name) => name.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(shelf).max(30)),
    owned: trueOrFalse,
    wanted: trueOrFalse,
    fileName: z.string().trim().max(200).optional().default(""),
  })
  .refine((query) => query.owned || query.wanted || query.shelves.length > 0, { path: ["shelves"], error: () => translate("Choose at least one shelf") });
export type StartImportQuery = z.output<typeof startImportQuerySchema>;
export const importJobParamsSchema = z.object({ jobId: z.string().min(1).max(64) });

/** Imports and downloads of "my books" share one per-member limit (EXPORT_LIMITER). */
export async function limitImportExport(ctx: ServiceContext, kind: "import" | "export"): Promise<void> {
  requireUser(ctx);
  await limit(ctx.env.EXPORT_LIMITER, `${kind}:${ctx.user.id}`, IMPORT_RATE_LIMITED);
}

/** The CSV body, refused past 5 MB before it is all read. */
export async function readImportFile(request: Request): Promise<string> {
  const length = request.headers.get("Content-Length");
  if (length && /^\d+$/.test(length) && Number(length) > MAX_IMPORT_BYTES) throw tooLarge(IMPORT_TOO_LARGE);
  const bytes = await readBodyWithLimit(request.body, MAX_IMPORT_BYTES, () => tooLarge(IMPORT_TOO_LARGE));
  return new TextDecoder("utf-8").decode(bytes);
}

function parseOrRefuse(text: string): ParsedImport {
  try {
    return parseImportCsv(text);
  } catch (error) {
    if (error instanceof ImportFileError) throw error.tooLarge ? tooLarge(error.key, error.values) : badRequest(error.key, error.values);
    throw error;
  }
}

/** Every key of the member's books: one query on books_user_seq_idx. */
async function ownedKeys(ctx: MemberContext): Promise<Set<string>> {
  const owned = await ctx.db
    .select({ title: books.title, author: books.author, isbn10: books.isbn10, isbn13: books.isbn13 })
    .from(books)
    .where(eq(books.userId, ctx.user.id));
  return new Set(owned.flatMap(ownedBookKeys));
}

type Decision = { book: CsvBook; keys: string[]; state: "pending" | "duplicate"; reason: string | null };

/** The book's keys, and whether the member has it already (by any key, or by title and author). */
function onShelfOf(book: CsvBook, owned: Set<string>) {
  const keys = bookKeys(book);
  const titleKey = ownedBookKeys(book).at(-1)!;
  return { keys, onShelf: keys.some((key) => owned.has(key)) || owned.has(titleKey) };
}

/** Each book is new, on the shelf already, or a repeat of an earlier line of the file (rowFates, shared with the dialog). */
function decide(list: CsvBook[], owned: Set<string>): Decision[] {
  const rows = list.map((book) => ({ book, ...onShelfOf(book, owned) }));
  const fates = rowFates(rows);
  return rows.map(({ book, keys }, index) => {
    const fate = fates[index]!;
    if (fate === "new") return { book, keys, state: "pending", reason: null };
    return { book, keys, state: "duplicate", reason: fate === "on-shelf" ? ALREADY_ON_SHELF : DUPLICATE_IN_FILE };
  });
}

/** One readable row, as the dialog needs it to show and count the chosen books (keys: numbers standing for ISBNs or title and author). */
export interface ImportPreviewRow {
  line: number;
  title: string;
  author: string;
  owned: boolean;
  shelves: string[];
  onShelf: boolean;
  /** The book is on the member's wanted list already. */
  wanted: boolean;
  keys: number[];
}

export interface ImportPreview {
  source: ImportSource;
  totalRows: number;
  newBooks: number;
  alreadyOwned: number;
  duplicatesInFile: number;
  /** Rows the export marks as owned, and the column that says so. */
  ownedRows: number;
  ownedColumn: (typeof OWNED_COLUMN)[ImportSource];
  shelves: { name: string; count: number }[];
  /** Rows on the to-read shelf (their reading state), which the import can add to Wanted instead. */
  toReadRows: number;
  /** The to-read rows the default choice adds to Wanted (rowsToWant): not owned, not on the shelf or wanted already, not repeats. */
  wantedRows: number;
  /** To-read rows already on the member's wanted list. */
  alreadyWanted: number;
  rows: ImportPreviewRow[];
  failed: { line: number; title: string; reason: string }[];
}

/** What importing the file would do, shelf by shelf and row by row; writes nothing. */
export async function previewImport(ctx: ServiceContext, text: string): Promise<ImportPreview> {
  requireUser(ctx);
  const parsed = parseOrRefuse(text);
  const [owned, wantedKeys] = await Promise.all([ownedKeys(ctx), wantedKeysOf(ctx, ctx.user.id)]);
  const decisions = decide(parsed.books, owned);
  const counts = new Map<string, number>();
  for (const book of parsed.books) for (const name of book.shelves) counts.set(name, (counts.get(name) ?? 0) + 1);
  const keyNumbers = new Map<string, number>();
  const keyNumber = (key: string) => {
    if (!keyNumbers.has(key)) keyNumbers.set(key, keyNumbers.size);
    return keyNumbers.get(key)!;
  };
  const rows = decisions.map(({ book, keys, reason }) => ({
    line: book.line,
    title: book.title,
    author: book.author,
    owned: book.owned,
    shelves: book.shelves,
    onShelf: reason === ALREADY_ON_SHELF,
    wanted: wantedKeys.has(wantKey(book)),
    keys: keys.map(keyNumber),
  }));
  const shelves = [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const toRead = rows.filter((row) => row.shelves[0] === TO_READ_SHELF);
  return {
    source: parsed.source,
    totalRows: parsed.books.length + parsed.failures.length,
    newBooks: decisions.filter((d) => d.state === "pending").length,
    alreadyOwned: decisions.filter((d) => d.reason === ALREADY_ON_SHELF).length,
    duplicatesInFile: decisions.filter((d) => d.reason === DUPLICATE_IN_FILE).length,
    ownedRows: parsed.books.filter((book) => book.owned).length,
    ownedColumn: OWNED_COLUMN[parsed.source],
    shelves,
    toReadRows: toRead.length,
    wantedRows: rowsToWant(rows, defaultChoice(shelves)).length,
    alreadyWanted: toRead.filter((row) => row.wanted).length,
    rows,
    failed: parsed.failures.map(({ line, title, reason }) => ({ line, title, reason: rowReason(reason) })),
  };
}

export interface ImportJobView {
  jobId: string;
  source: ImportSource;
  fileName: string;
  shelves: string[];
  state: "queued" | "running" | "done";
  totalRows: number;
  processedRows: number;
  addedBooks: number;
  duplicateRows: number;
  failedRows: number;
  createdAt: number;
  finishedAt: number | null;
  failed: { line: number; title: string; reason: string }[];
  /** Only in the answer to the confirm: the to-read rows just added to the wanted list. */
  addedToWanted?: number;
}

/** D1 allows 100 bound parameters: rows go in as one JSON parameter per statement instead. */
const ROWS_PER_INSERT = 500;

/**
 * Stores the job and its rows (the chosen shelves' books, and the failures to list them), then puts
 * the pending rows on the queue in batches. Each row's book id is chosen here, once.
 */
export async function startImport(ctx: ServiceContext, text: string, query: StartImportQuery): Promise<ImportJobView> {
  requireUser(ctx);
  const parsed = parseOrRefuse(text);
  const selected = parsed.books.filter((book) => isChosen(book, query));
  const owned = await ownedKeys(ctx);
  // Already wanted ones are skipped by the insert (unique by member and key), so none is marked here.
  const wants = query.wanted
    ? rowsToWant(
        parsed.books.map((book) => ({ ...book, ...onShelfOf(book, owned), wanted: false })),
        query,
      )
    : [];
  if (selected.length === 0 && wants.length === 0) throw badRequest(NOTHING_CHOSEN);
  const decisions = decide(selected, owned);
  const rows = [
    ...decisions.map(({ book, state, reason }) => ({
      line: book.line,
      title: book.title,
      author: book.author,
      isbn10: book.isbn10,
      isbn13: book.isbn13,
      shelf: book.shelves[0] ?? "",
      bookId: crypto.randomUUID(),
      state,
      reason,
    })),
    ...parsed.failures.map((failure) => ({
      line: failure.line,
      title: failure.title,
      author: failure.author,
      isbn10: null,
      isbn13: null,
      shelf: "",
      bookId: crypto.randomUUID(),
      state: "failed" as const,
      reason: failure.reason,
    })),
  ].sort((a, b) => a.line - b.line);
  const pending = rows.filter((row) => row.state === "pending");
  const duplicates = rows.filter((row) => row.state === "duplicate").length;
  const failures = rows.length - pending.length - duplicates;
  const now = Date.now();
  const jobId = crypto.randomUUID();

  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = JSON.stringify(rows.slice(i, i + ROWS_PER_INSERT));
    inserts.push(
      // The select's columns follow import_rows' own order (job_id, line, ..., reason).
      ctx.db.insert(importRows).select(sql`SELECT ${jobId}, json_extract(value, '$.line'), json_extract(value, '$.title'), json_extract(value, '$.author'),
          json_extract(value, '$.isbn10'), json_extract(value, '$.isbn13'), json_extract(value, '$.shelf'),
          json_extract(value, '$.bookId'), json_extract(value, '$.state'), json_extract(value, '$.reason')
        FROM json_each(${chunk})`),
    );
  }
  await ctx.db.batch([
    ctx.db.insert(importJobs).values({
      id: jobId,
      userId: ctx.user.id,
      source: parsed.source,
      fileName: query.fileName,
      shelves: query.shelves,
      state: pending.length ? "queued" : "done",
      totalRows: rows.length,
      processedRows: rows.length - pending.length,
      duplicateRows: duplicates,
      failedRows: failures,
      updatedAt: now,
      finishedAt: pending.length ? null : now,
    }),
    ...inserts,
  ]);

  const messages: { body: ImportMessage }[] = [];
  for (let i = 0; i < pending.length; i += IMPORT_BATCH_ROWS) {
    const part = pending.slice(i, i + IMPORT_BATCH_ROWS);
    messages.push({ body: { jobId, fromLine: part[0]!.line, toLine: part.at(-1)!.line } });
  }
  try {
    // sendBatch takes at most 100 messages: 5,000 rows are exactly 100 batches of 50.
    for (let i = 0; i < messages.length; i += 100) await ctx.env.IMPORT_QUEUE.sendBatch(messages.slice(i, i + 100));
  } catch (error) {
    console.warn(`Import ${jobId} could not be queued`, error);
    await ctx.db.delete(importJobs).where(eq(importJobs.id, jobId));
    throw unavailable(IMPORT_UNAVAILABLE);
  }
  // Written once here, not in the batches: the insert skips what is already wanted, so a batch delivered
  // again, or the same file confirmed again, adds nothing twice.
  const addedToWanted = wants.length ? await addImportedWants(ctx, ctx.user.id, wants) : 0;
  return { ...(await getImportJob(ctx, jobId)), addedToWanted };
}

/** The caller's own job, or 404 (another member's job is not theirs to know about). */
async function loadOwnJob(ctx: MemberContext, jobId: string) {
  const [job] = await ctx.db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.userId, ctx.user.id)))
    .limit(1);
  if (!job) throw notFound("Import not found");
  return job;
}

async function failedRows(ctx: MemberContext, jobId: string) {
  return ctx.db
    .select({ line: importRows.line, title: importRows.title, author: importRows.author, isbn13: importRows.isbn13, reason: importRows.reason })
    .from(importRows)
    .where(and(eq(importRows.jobId, jobId), eq(importRows.state, "failed")))
    .orderBy(importRows.line);
}

/** Progress for the page to poll: two indexed queries, whatever the file's size. */
export async function getImportJob(ctx: ServiceContext, jobId: string): Promise<ImportJobView> {
  requireUser(ctx);
  const job = await loadOwnJob(ctx, jobId);
  const failed = job.failedRows ? await failedRows(ctx, jobId) : [];
  return {
    jobId: job.id,
    source: job.source,
    fileName: job.fileName,
    shelves: job.shelves,
    state: job.state,
    totalRows: job.totalRows,
    processedRows: job.processedRows,
    addedBooks: job.addedBooks,
    duplicateRows: job.duplicateRows,
    failedRows: job.failedRows,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    failed: failed.slice(0, 100).map(({ line, title, reason }) => ({ line, title, reason: reason ? rowReason(reason) : "" })),
  };
}

/** The member's newest import still in progress, so My Books shows its progress after a reload. */
export async function findRunningImport(ctx: MemberContext): Promise<string | null> {
  const [job] = await ctx.db
    .select({ id: importJobs.id, state: importJobs.state })
    .from(importJobs)
    .where(eq(importJobs.userId, ctx.user.id))
    .orderBy(desc(importJobs.createdAt))
    .limit(1);
  return job && job.state !== "done" ? job.id : null;
}

/** The failed rows as a CSV to fix and import again. */
export async function failedRowsCsv(ctx: ServiceContext, jobId: string): Promise<string> {
  requireUser(ctx);
  await loadOwnJob(ctx, jobId);
  const rows = await failedRows(ctx, jobId);
  // The column names stay English, like the exports' own; the reasons are written for the reader.
  return toCsv(
    ["Line", "Title", "Author", "ISBN13", "Reason"],
    rows.map((row) => [row.line, row.title, row.author, row.isbn13, row.reason && rowReason(row.reason)]),
  );
}

/** The member's CSV imports go, with their rows (by cascade). */
export const importsDeletionPart: AccountDeletionPart = {
  name: "imports",
  covers: [{ table: importJobs, how: "deleted, with their rows" }],
  async plan({ db, user }) {
    return { statements: [db.delete(importJobs).where(eq(importJobs.userId, user.id))] };
  },
};
