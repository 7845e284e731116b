import { env } from "cloudflare:workers";
import { books, loans } from "@worker/db/schema";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pageText } from "../auth/support";
import { db } from "../helpers/fixtures";
import { call } from "../helpers/http";

// scripts/ are Node code (node:crypto, `.ts` import paths) typed by tsconfig.node.json. Loading the
// seeder by a computed path at run time keeps the Workers typecheck from pulling them in.
const SEEDER = "../../scripts/seed/write-demo.ts";
type Seeder = { writeDemoData(env: Pick<Env, "DB" | "MEDIA">): Promise<{ seeded: boolean }> };

// The real seeder writes the real demo library into this file's own D1 and R2.
beforeAll(async () => {
  const { writeDemoData } = (await import(/* @vite-ignore */ SEEDER)) as Seeder;
  expect((await writeDemoData(env)).seeded).toBe(true);
}, 60_000);

describe("seeded demo data", () => {
  it("says it is demo data: every analysis and metadata record has source 'seed' and names no model", async () => {
    const [counts] = await db
      .select({
        analyses: sql<number>`count(${books.coverAnalysis})`,
        metadata: sql<number>`count(${books.googleMetadata})`,
        analysesFromSeed: sql<number>`sum(json_extract(${books.coverAnalysis}, '$.source') = 'seed')`,
        metadataFromSeed: sql<number>`sum(json_extract(${books.googleMetadata}, '$.source') = 'seed')`,
        withModel: sql<number>`sum(json_extract(${books.coverAnalysis}, '$.model') is not null)`,
      })
      .from(books);
    expect(counts!.analyses).toBeGreaterThan(100);
    expect(counts!.metadata).toBeGreaterThan(50);
    expect(counts).toMatchObject({ analysesFromSeed: counts!.analyses, metadataFromSeed: counts!.metadata, withModel: 0 });
  });

  it("shows 'Demo data' as the source on a seeded book's page, in both sections", async () => {
    const [book] = await db
      .select({ id: books.id })
      .from(books)
      .where(sql`${books.coverAnalysis} is not null and ${books.googleMetadata} is not null`)
      .limit(1);
    const response = await call(`/books/${book!.id}`);
    expect(response.status).toBe(200);
    const text = pageText(await response.text());
    expect(text.match(/Source Demo data/g)).toHaveLength(2);
    expect(text).not.toMatch(/workers-ai|google-books|llama/i);
  });

  it("backs every lent demo book with a lent loan in the ledger, due on a date relative to today", async () => {
    const lent = await db.select({ id: books.id, borrower: books.lentToUserId }).from(books).where(sql`${books.status} = 'borrowed'`);
    const ledger = await db.select().from(loans).where(sql`${loans.state} = 'lent'`);
    expect(lent.length).toBeGreaterThan(10);
    expect(ledger.map((loan) => [loan.bookId, loan.borrowerId]).sort()).toEqual(lent.map((book) => [book.id, book.borrower]).sort());
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    for (const loan of ledger) {
      const days = (Date.parse(loan.dueDate!) - today) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(-5);
      expect(days).toBeLessThan(25);
    }
    expect(await db.$count(loans, sql`${loans.state} = 'requested'`)).toBeGreaterThan(0);
  });
});
