import { forbidden, type ServiceError } from "@worker/core/errors";
import { cellCentre, greatCircleKm } from "@worker/core/shared/area-cells";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { books, type LendRule, users } from "@worker/db/schema";
import { eq, sql } from "drizzle-orm";

/** What a member who may not ask is told, instead of a borrow button or a request. */
export const LEND_RULE_REFUSALS: Record<Exclude<LendRule, "anyone">, string> = {
  near: msg("{owner} lends this book to members within {km} km."),
  clubs: msg("{owner} lends this book to members of their clubs."),
  following: msg("{owner} lends this book to people they follow."),
  nobody: msg("{owner} isn't lending this book for now."),
};

/** Whether a refusal is a book's lending rule's (its page keeps the member on the book with the reason). */
export const isLendRuleRefusal = (key: string) => (Object.values(LEND_RULE_REFUSALS) as string[]).includes(key);

export interface LendVerdict {
  rule: LendRule;
  km: number;
  ownerName: string;
  mayAsk: boolean;
}

/**
 * Whether `memberId` may ask for the book under its rule (the book's, else its owner's default):
 * one read of the book and its owner with the facts each rule needs, each an index probe (a club
 * they share, the owner following them, both areas).
 */
export async function lendVerdict(db: Database, bookId: string, memberId: string): Promise<LendVerdict | null> {
  const [row] = await db
    .select({
      rule: sql<LendRule>`coalesce(${books.lendTo}, ${users.lendTo})`,
      km: sql<number>`coalesce(${books.lendWithinKm}, ${users.lendWithinKm})`,
      ownerName: users.name,
      sharesClub: sql<number>`exists (select 1 from memberships mine join memberships theirs on theirs.club_id = mine.club_id
        and theirs.user_id = ${memberId} and theirs.status = 'active' where mine.user_id = ${books.userId} and mine.status = 'active')`,
      followed: sql<number>`exists (select 1 from follows where follower_id = ${books.userId} and followee_id = ${memberId})`,
      ownerLat: sql<number | null>`(select cell_lat from member_areas where user_id = ${books.userId})`,
      ownerLon: sql<number | null>`(select cell_lon from member_areas where user_id = ${books.userId})`,
      memberLat: sql<number | null>`(select cell_lat from member_areas where user_id = ${memberId})`,
      memberLon: sql<number | null>`(select cell_lon from member_areas where user_id = ${memberId})`,
    })
    .from(books)
    .innerJoin(users, eq(users.id, books.userId))
    .where(eq(books.id, bookId))
    .limit(1);
  if (!row) return null;
  const near =
    row.ownerLat !== null && row.ownerLon !== null && row.memberLat !== null && row.memberLon !== null
      ? greatCircleKm(cellCentre({ cellLat: row.ownerLat, cellLon: row.ownerLon }), cellCentre({ cellLat: row.memberLat, cellLon: row.memberLon })) <= row.km
      : false;
  const mayAsk =
    row.rule === "anyone"
      ? true
      : row.rule === "clubs"
        ? Boolean(row.sharesClub)
        : row.rule === "following"
          ? Boolean(row.followed)
          : row.rule === "near"
            ? near
            : false;
  return { rule: row.rule, km: row.km, ownerName: row.ownerName, mayAsk };
}

/** The 403 a member who may not ask gets, or null when they may. */
export function lendRefusal(verdict: LendVerdict | null): ServiceError | null {
  if (!verdict || verdict.mayAsk || verdict.rule === "anyone") return null;
  return forbidden(LEND_RULE_REFUSALS[verdict.rule], { owner: verdict.ownerName, km: verdict.km });
}

/** Refuses a request the book's rule does not allow. */
export async function requireMayAsk(db: Database, bookId: string, memberId: string): Promise<void> {
  const refusal = lendRefusal(await lendVerdict(db, bookId, memberId));
  if (refusal) throw refusal;
}
