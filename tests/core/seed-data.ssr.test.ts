import { env } from "cloudflare:workers";
import { cellCentre, greatCircleKm } from "@worker/core/shared/area-cells";
import { books, loans, memberAreas, users, wantedBooks } from "@worker/db/schema";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pageText } from "../auth/support";
import { db, signIn } from "../helpers/fixtures";
import { api, call } from "../helpers/http";

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

  it("keeps its unreadable uploads on their owners' shelves only, never in the library (decision 024)", async () => {
    const untitled = await db.select({ id: books.id, hidden: books.hidden }).from(books).where(sql`trim(${books.title}) = ''`);
    expect(untitled.length).toBeGreaterThan(0);
    expect(untitled.every((book) => book.hidden === "untitled")).toBe(true);
    const page = await api<{ items: { title: string }[] }>("/books?limit=100", null);
    expect(page.body.data!.items.length).toBeGreaterThan(0);
    expect(page.body.data!.items.filter((book) => !book.title.trim())).toEqual([]);
    expect(pageText(await (await call("/library")).text())).not.toContain("Untitled Book");
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

  it("gives the first demo member on /login an area with other members' books within 10 km and beyond 1,000 km", async () => {
    // /login lists demo members by name; the first is the one a local sign-in most likely picks.
    const [first] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.isDemo, true)).orderBy(asc(users.name)).limit(1);
    const [area] = await db.select().from(memberAreas).where(eq(memberAreas.userId, first!.id));
    expect(area).toMatchObject({ place: "London" });
    const others = await db
      .select({ userId: books.userId, cellLat: books.cellLat, cellLon: books.cellLon })
      .from(books)
      .where(sql`${books.userId} != ${first!.id} and ${books.cellLat} is not null`);
    const km = others.map((book) => greatCircleKm(cellCentre(area!), cellCentre({ cellLat: book.cellLat!, cellLon: book.cellLon! })));
    expect(km.some((d) => d > 1 && d <= 10)).toBe(true);
    expect(km.some((d) => d > 1000)).toBe(true);
    // The triggers copied each member's cell onto all of their books, the signed-in member's too.
    const mine = await db.select({ cellLat: books.cellLat, cellLon: books.cellLon }).from(books).where(eq(books.userId, first!.id));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((book) => book.cellLat === area!.cellLat && book.cellLon === area!.cellLon)).toBe(true);
  });

  it("gives the first demo member wanted books, two of them listed nearby and free: her Wanted, near you", async () => {
    const [first] = await db.select({ id: users.id }).from(users).where(eq(users.isDemo, true)).orderBy(asc(users.name)).limit(1);
    const wants = await db.select().from(wantedBooks).where(eq(wantedBooks.userId, first!.id));
    expect(wants.length).toBe(3);
    const near = await api<{ items: { distanceKm: number }[] }>("/wanted/near", await signIn(first!));
    expect(near.body.data!.items.length).toBe(2);
    expect(near.body.data!.items.every((card) => card.distanceKm > 0 && card.distanceKm <= 10)).toBe(true);
  });

  it("runs again without error and leaves the demo areas as they are", async () => {
    const before = await db.select().from(memberAreas).orderBy(asc(memberAreas.userId));
    const { writeDemoData } = (await import(/* @vite-ignore */ SEEDER)) as Seeder;
    expect((await writeDemoData(env)).seeded).toBe(false);
    expect(await db.select().from(memberAreas).orderBy(asc(memberAreas.userId))).toEqual(before);
    expect(await db.$count(wantedBooks)).toBeGreaterThanOrEqual(3);
    expect(before.map((area) => area.place).sort()).toEqual(["Chicago", "London", "London", "London", "Sydney", "Tokyo"]);
  }, 60_000);
});
