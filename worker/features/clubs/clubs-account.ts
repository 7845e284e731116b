import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { clubs, inviteCodeFailures, inviteCodes, joinRequests, memberships } from "@worker/db/schema";
import { and, eq, inArray, sql } from "drizzle-orm";

/** clubs.json: the member's memberships (active or pending) and their join requests. */
export const clubsDataPart: AccountDataPart = {
  name: "clubs",
  covers: [
    { table: clubs, how: "clubs.json, createdByYou on each membership" },
    { table: memberships, how: "clubs.json memberships" },
    { table: joinRequests, how: "clubs.json joinRequests" },
  ],
  files: ["clubs.json"],
  async write({ db }, userId, zip) {
    const [clubRows, requestRows] = await db.batch([
      db
        .select({
          clubId: clubs.id,
          name: clubs.name,
          role: memberships.role,
          status: memberships.status,
          joinedAt: memberships.createdAt,
          createdByYou: sql<number>`${clubs.createdBy} = ${userId}`,
        })
        .from(memberships)
        .innerJoin(clubs, eq(clubs.id, memberships.clubId))
        .where(eq(memberships.userId, userId)),
      db
        .select({ clubId: clubs.id, name: clubs.name, status: joinRequests.status, requestedAt: joinRequests.requestedAt, decidedAt: joinRequests.decidedAt })
        .from(joinRequests)
        .innerJoin(clubs, eq(clubs.id, joinRequests.clubId))
        .where(eq(joinRequests.userId, userId)),
    ]);
    await zip.json("clubs.json", { memberships: clubRows.map((row) => ({ ...row, createdByYou: Boolean(row.createdByYou) })), joinRequests: requestRows });
  },
};

/**
 * Each club the member created is handed over (to an active admin other than them, else the oldest
 * active member), or deleted when nobody else is in it; then their memberships, join requests and
 * wrong-code counts go. Reports how many clubs were handed over and deleted.
 */
export const clubsDeletionPart: AccountDeletionPart = {
  name: "clubs",
  covers: [
    { table: clubs, how: "handed over to a member, or deleted when nobody else is in it" },
    { table: memberships, how: "deleted; a club's new owner becomes its admin" },
    { table: joinRequests, how: "deleted; decisions the member took as admin keep their decidedBy" },
    { table: inviteCodes, how: "kept: the club's code stays (createdBy still names the member); a deleted club's goes with it" },
    { table: inviteCodeFailures, how: "deleted" },
  ],
  async plan({ db, user }, now) {
    const me = user.id;
    const clubIds = (await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.createdBy, me))).map((club) => club.id);
    // An active admin other than the member, else the oldest active member: one correlated pick per club.
    const successor = sql`(select ${memberships.userId} from ${memberships} where ${memberships.clubId} = ${clubs.id} and ${memberships.userId} <> ${me} and ${memberships.status} = 'active' order by (${memberships.role} = 'admin') desc, ${memberships.createdAt} asc, ${memberships.userId} asc limit 1)`;
    const rest = [
      db.delete(memberships).where(eq(memberships.userId, me)),
      db.delete(joinRequests).where(eq(joinRequests.userId, me)),
      db.delete(inviteCodeFailures).where(eq(inviteCodeFailures.userId, me)),
    ];
    if (clubIds.length === 0) return { statements: rest };
    return {
      statements: [
        db
          .update(clubs)
          .set({ createdBy: sql`${successor}`, updatedAt: now })
          .where(and(inArray(clubs.id, clubIds), sql`${successor} is not null`))
          .returning({ id: clubs.id }),
        // The new owner is an admin of the club they now own.
        db
          .update(memberships)
          .set({ role: "admin" })
          .where(
            and(
              inArray(memberships.clubId, clubIds),
              eq(memberships.status, "active"),
              sql`${memberships.userId} = (select ${clubs.createdBy} from ${clubs} where ${clubs.id} = ${memberships.clubId})`,
              sql`${memberships.userId} <> ${me}`,
            ),
          ),
        // Nobody else was in it: the club goes (its memberships, requests and invite code by cascade).
        db.delete(clubs).where(eq(clubs.createdBy, me)).returning({ id: clubs.id }),
        ...rest,
      ],
      counts: ([moved, , removed]) => ({ clubsHandedOver: (moved as unknown[]).length, clubsDeleted: (removed as unknown[]).length }),
    };
  },
};
