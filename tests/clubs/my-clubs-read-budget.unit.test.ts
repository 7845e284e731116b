import { memberships } from "@worker/db/schema";
import { listMyClubs } from "@worker/features/clubs/club-lists";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, db } from "../helpers/fixtures";
import { countRowsRead, sessionUserOf } from "../helpers/rows-read";
import { createClubs } from "./support";

type Member = Awaited<ReturnType<typeof createMember>>;

/** The bench's member (scripts/bench/seed-bench.ts): in 200 clubs among many others. */
describe("My Clubs for a member of 200 clubs", () => {
  let member: Member;

  beforeAll(async () => {
    const creator = await createMember({ name: "Cleo Creator" });
    member = await createMember({ name: "Mel Member" });
    const all = await createClubs(
      creator.id,
      Array.from({ length: 600 }, (_, i) => ({ name: `Club ${String((i * 7919) % 600).padStart(3, "0")}` })),
    );
    const mine = all.filter((_, i) => i % 3 === 0);
    const rows = mine.map((club, i) => ({ clubId: club.id, userId: member.id, status: i % 20 === 0 ? ("pending" as const) : ("active" as const) }));
    for (let i = 0; i < rows.length; i += 10) await db.insert(memberships).values(rows.slice(i, i + 10));
  });

  it("reads about the rows it shows", async () => {
    const { result, rowsRead, statements } = await countRowsRead(sessionUserOf(member), (ctx) => listMyClubs(ctx));
    expect(result.items).toHaveLength(200);
    expect(result.items.map((club) => club.name)).toEqual(result.items.map((club) => club.name).sort());
    console.info(`my clubs: ${rowsRead} rows read in ${statements} statements for ${result.items.length} clubs`);
    expect(statements).toBe(1);
    expect(rowsRead).toBeLessThanOrEqual(2 * result.items.length + 10);
  });
});
