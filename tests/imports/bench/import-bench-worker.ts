// Worker side of `scripts/bench/import.ts`: the real import services (CSV parse, job and rows stored,
// batches processed with lookups, cover copies and D1 batches) on local D1 and R2, with recorded
// metadata answers (no network), counting the D1 rows every statement writes.
import { getDatabase } from "@worker/db/client";
import { toCsv } from "@worker/features/imports/csv-cells";
import { processImportBatch } from "@worker/features/imports/import-batches";
import { GOODREADS_HEADER } from "@worker/features/imports/import-csv";
import { type ImportMessage, startImport } from "@worker/features/imports/imports";
import { googleBooksScannedIsbn } from "../../books/fixtures/google-books-isbn";
import { applyMigrations } from "../../helpers/bench-migrate";

interface BenchEnv {
  DB: D1Database;
  MEDIA: R2Bucket;
}

const counter = { rowsWritten: 0, statements: 0 };

/** The D1 binding, counting meta.rows_written of every statement run alone or in a batch. */
function counting(db: D1Database): D1Database {
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (prop === "run" || prop === "all") {
          return async () => {
            const result = await target[prop]();
            counter.rowsWritten += result.meta.rows_written ?? 0;
            counter.statements++;
            return result;
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          for (const result of results) counter.rowsWritten += result.meta.rows_written ?? 0;
          counter.statements += results.length;
          return results;
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Google answers every ISBN with the recorded volume, carrying that ISBN; its thumbnail is a real JPEG. */
function recordedFetch(thumbnail: Uint8Array<ArrayBuffer>): typeof fetch {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host === "books.google.com") return new Response(thumbnail, { headers: { "Content-Type": "image/jpeg" } });
    const isbn = /^isbn:(\d+)$/.exec(url.searchParams.get("q") ?? "")?.[1];
    const answer = structuredClone(googleBooksScannedIsbn);
    for (const item of answer.items) {
      if (isbn) item.volumeInfo.industryIdentifiers = [{ type: "ISBN_13", identifier: isbn }];
      item.volumeInfo.imageLinks = {
        thumbnail: `https://books.google.com/books/content?id=${isbn ?? "x"}&img=1`,
        smallThumbnail: `https://books.google.com/books/content?id=${isbn ?? "x"}&img=1`,
      };
    }
    return Response.json(answer);
  };
}

function isbn13(n: number): string {
  const first12 = `978${String(n).padStart(9, "0")}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

/** A Goodreads export: every book owned, each with its own ISBN13 in Goodreads' ="..." quoting. */
function goodreadsExport(rows: number, offset: number): string {
  const cells = (i: number) => {
    const row: Record<string, string> = {
      "Book Id": String(i),
      Title: `Bench Book ${i}`,
      Author: `Author ${i % 97}`,
      ISBN: '=""',
      ISBN13: `="${isbn13(offset + i)}"`,
      "Exclusive Shelf": "read",
      Bookshelves: "owned",
    };
    return GOODREADS_HEADER.map((name) => row[name] ?? "");
  };
  return toCsv(
    GOODREADS_HEADER,
    Array.from({ length: rows }, (_, i) => cells(i)),
  );
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/migrate") return applyMigrations(request, env.DB);
    if (url.pathname === "/start") {
      const { rows, offset, thumbnail } = (await request.json()) as { rows: number; offset: number; thumbnail: number[] };
      const csv = goodreadsExport(rows, offset);
      globalThis.fetch = recordedFetch(new Uint8Array(thumbnail));
      const userId = `bench-import-${crypto.randomUUID()}`;
      await env.DB.prepare("INSERT INTO users (id, email, name) VALUES (?, ?, ?)").bind(userId, `${userId}@example.com`, "Bench").run();
      const messages: ImportMessage[] = [];
      const queue = { sendBatch: async (batch: { body: ImportMessage }[]) => void messages.push(...batch.map((m) => m.body)) };
      const user = { id: userId, name: "Bench", email: "", bio: "", picture: null, timezone: "UTC", showEmail: false };
      counter.rowsWritten = 0;
      counter.statements = 0;
      const benchEnv = { ...env, DB: counting(env.DB), IMPORT_QUEUE: queue } as unknown as Env;
      const job = await startImport({ db: getDatabase(benchEnv.DB), env: benchEnv, user: user as never }, csv, {
        shelves: ["owned"],
        owned: false,
        wanted: false,
        fileName: "bench.csv",
      });
      return Response.json({ userId, jobId: job.jobId, messages });
    }
    if (url.pathname === "/batch") {
      // One queue invocation: one message of 50 rows, with the invocation's own subrequest budget.
      await processImportBatch({ ...env, DB: counting(env.DB) } as unknown as Env, (await request.json()) as ImportMessage);
      return Response.json({ ok: true });
    }
    if (url.pathname === "/result") {
      const { userId, jobId } = (await request.json()) as { userId: string; jobId: string };
      const writes = { ...counter };
      const state = await env.DB.prepare(
        "SELECT (SELECT count(*) FROM books WHERE user_id = ?1) AS books, (SELECT count(*) FROM books WHERE user_id = ?1 AND google_metadata IS NOT NULL AND cover_key IS NOT NULL) AS enriched, (SELECT state FROM import_jobs WHERE id = ?2) AS job",
      )
        .bind(userId, jobId)
        .first<{ books: number; enriched: number; job: string }>();
      let coversInR2 = 0;
      let cursor: string | undefined;
      do {
        const page = await env.MEDIA.list({ prefix: `covers/${userId}/`, cursor });
        coversInR2 += page.objects.length;
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return Response.json({ ...state, rowsWritten: writes.rowsWritten, statements: writes.statements, coversInR2 });
    }
    return new Response("Not found", { status: 404 });
  },
};
