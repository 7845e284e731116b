import { env } from "cloudflare:workers";
import { addDays, dayIn } from "@worker/core/shared/calendar";
import { loans } from "@worker/db/schema";
import { listLoans, loansPage } from "@worker/features/loans";
import { beforeAll, describe, expect, it } from "vitest";
import { createBooks, createMember, db } from "../helpers/fixtures";
import { countRowsRead, sessionUserOf } from "../helpers/rows-read";

type Member = Awaited<ReturnType<typeof createMember>>;

/**
 * A member who lends a lot and has one borrowed book overdue: plain /loans opens on Borrowed (the first tab that needs
 * them), and must read it in the same round trip as the tab counts, not Lent out first and Borrowed second.
 */
describe("/loans opens on the tab that needs the member in one round trip", () => {
  let me: Member;

  beforeAll(async () => {
    me = await createMember({ name: "Lena Lender" });
    const other = await createMember({ name: "Otto Other" });
    const now = Date.now();
    const today = dayIn("UTC", now);
    const mine = await createBooks(
      me.id,
      Array.from({ length: 40 }, (_, i) => ({ title: `Mine ${i}` })),
    );
    const theirs = await createBooks(
      other.id,
      Array.from({ length: 3 }, (_, i) => ({ title: `Theirs ${i}` })),
    );
    const rows = [
      ...mine.map((book, i) => ({
        id: crypto.randomUUID(),
        bookId: book.id,
        ownerId: me.id,
        borrowerId: other.id,
        state: "lent" as const,
        dueDate: addDays(today, 10),
        updatedAt: now - i,
      })),
      ...theirs.map((book, i) => ({
        id: crypto.randomUUID(),
        bookId: book.id,
        ownerId: other.id,
        borrowerId: me.id,
        state: "lent" as const,
        dueDate: addDays(today, i - 1),
        updatedAt: now - i,
      })),
    ];
    for (let i = 0; i < rows.length; i += 10) await db.insert(loans).values(rows.slice(i, i + 10));
  });

  it("reads the counts and the Borrowed tab, and not Lent out's page", async () => {
    const user = sessionUserOf(me);
    const oneTab = await countRowsRead(user, (ctx) => listLoans(ctx, { tab: "borrowed" }));
    const { result, rowsRead, statements } = await countRowsRead(user, (ctx) => loansPage(ctx, { tab: "lent" }, true));
    expect(result.tab).toBe("borrowed");
    expect(result.items).toHaveLength(3);
    expect(result.counts).toEqual({ lent: 0, borrowed: 2, requests: 0, history: 0 });
    console.info(`/loans: ${rowsRead} rows read in ${statements} statements; the Borrowed tab alone ${oneTab.rowsRead}`);
    // Lent out's first page alone is 21 rows of loans (and their joins): none of them may be read.
    expect(rowsRead).toBeLessThanOrEqual(oneTab.rowsRead + 25);
  });

  it("is one batch: one round trip to D1", async () => {
    let batches = 0;
    const batch = env.DB.batch.bind(env.DB);
    const spy = new Proxy(env.DB, {
      get: (target, prop) => {
        if (prop !== "batch") return Reflect.get(target, prop);
        return (statements: D1PreparedStatement[]) => {
          batches++;
          return batch(statements);
        };
      },
    });
    const { drizzle } = await import("drizzle-orm/d1");
    const ctx = { db: drizzle(spy), env, user: sessionUserOf(me) };
    expect((await loansPage(ctx, { tab: "lent" }, true)).tab).toBe("borrowed");
    expect(batches).toBe(1);
  });
});
