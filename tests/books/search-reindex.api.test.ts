import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { nextJobRun, scheduleJob } from "@worker/core/jobs/schedule";
import { searchReindex } from "@worker/db/schema";
import { reindexBatch } from "@worker/features/search-index";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMember, db } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";

afterEach(() => {
  vi.restoreAllMocks();
});

async function found(ownerId: string, search: string): Promise<string[]> {
  const response = await call(`/api/books?userId=${ownerId}&limit=100&search=${encodeURIComponent(search)}`);
  const body = await json<Envelope<{ items: { title: string }[] }>>(response);
  return body.data!.items.map((book) => book.title).sort();
}

const TITLES = ["ノルウェイの森", "吾輩は猫である", "銀河鉄道の夜", "平凡的世界", "海辺のカフカ"];
/** A word of each title that only the new index finds. */
const WORDS = ["森", "猫", "鉄道", "世界", "カフカ"];

/** Rows as migration 0027 found them: written before the app wrote search text (raw SQL, no search_* columns). */
async function oldRows(ownerId: string): Promise<number[]> {
  const seqs: number[] = [];
  for (const title of TITLES) {
    const row = await env.DB.prepare("INSERT INTO books (id, user_id, title, author) VALUES (?, ?, ?, '村上') RETURNING seq")
      .bind(crypto.randomUUID(), ownerId, title)
      .first<{ seq: number }>();
    seqs.push(row!.seq);
  }
  return seqs;
}

const cursor = async () => (await db.select().from(searchReindex).where(eq(searchReindex.tableName, "books")))[0]!;

/** Which of the titles a search by their inner word finds now. */
async function findable(ownerId: string): Promise<string[]> {
  const hits: string[] = [];
  for (const [i, word] of WORDS.entries()) if ((await found(ownerId, word)).includes(TITLES[i]!)) hits.push(TITLES[i]!);
  return hits;
}

/**
 * Issue 37, item 3: rows written before the search text existed get it from a batched, resumable backfill
 * (worker/features/search-index), run by its JobTimer until every row has its text.
 */
describe("The search-text backfill", () => {
  it("fills rows in batches from a cursor, survives a failed batch and a repeated one, and the job runs to the end", async () => {
    const owner = await createMember();
    const seqs = await oldRows(owner.id);
    // Found as before (the original text is indexed), not yet by a word inside a Japanese title.
    expect(await findable(owner.id)).toEqual([]);
    // Start from just before these rows (the migration starts at 0; the shared database has other files' rows).
    await db
      .update(searchReindex)
      .set({ afterSeq: seqs[0]! - 1, doneAt: null })
      .where(eq(searchReindex.tableName, "books"));

    // One batch of two: those two rows are found by their words, the rest not yet, and the cursor is past them.
    expect(await reindexBatch(db, "books", 2)).toEqual({ read: 2, done: false });
    expect(await findable(owner.id)).toEqual(TITLES.slice(0, 2));
    expect((await cursor()).afterSeq).toBe(seqs[1]);

    // A batch that fails (D1 went away) writes nothing and leaves the cursor: the next run starts there again.
    vi.spyOn(db, "batch").mockRejectedValueOnce(new Error("D1 went away"));
    await expect(reindexBatch(db, "books", 2)).rejects.toThrow("D1 went away");
    expect((await cursor()).afterSeq).toBe(seqs[1]);
    expect(await findable(owner.id)).toEqual(TITLES.slice(0, 2));

    // The same batch delivered twice at once: both write the same text, the cursor moves once.
    await Promise.all([reindexBatch(db, "books", 2), reindexBatch(db, "books", 2)]);
    expect((await cursor()).afterSeq).toBe(seqs[3]);
    expect(await findable(owner.id)).toEqual(TITLES.slice(0, 4));

    // The job on its JobTimer runs batch after batch until the table is done, then stops.
    const job = "search-reindex:books";
    await scheduleJob(env, job, Date.now());
    const stub = env.JOB_TIMER.get(env.JOB_TIMER.idFromName(job));
    for (let runs = 0; runs < 100 && (await nextJobRun(env, job)) !== null; runs++) expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await nextJobRun(env, job)).toBeNull();
    expect((await cursor()).doneAt).not.toBeNull();
    expect(await findable(owner.id)).toEqual(TITLES);
    // A run after the end does nothing.
    expect(await reindexBatch(db, "books", 2)).toEqual({ read: 0, done: true });
  });

  it("leaves hidden books out of the index, and a book shown again is found by its words", async () => {
    const owner = await createMember();
    const row = await env.DB.prepare(
      "INSERT INTO books (id, user_id, title, author, hidden) VALUES (?, ?, '銀河鉄道の夜', '宮沢賢治', 'moderation') RETURNING seq",
    )
      .bind(crypto.randomUUID(), owner.id)
      .first<{ seq: number }>();
    await db
      .update(searchReindex)
      .set({ afterSeq: row!.seq - 1, doneAt: null })
      .where(eq(searchReindex.tableName, "books"));
    while (!(await reindexBatch(db, "books", 50)).done);
    expect(await found(owner.id, "鉄道")).toEqual([]);
    await env.DB.prepare("UPDATE books SET hidden = NULL WHERE seq = ?").bind(row!.seq).run();
    expect(await found(owner.id, "鉄道")).toEqual(["銀河鉄道の夜"]);
    await env.DB.prepare("DELETE FROM books WHERE seq = ?").bind(row!.seq).run();
    expect(await found(owner.id, "鉄道")).toEqual([]);
  });
});
