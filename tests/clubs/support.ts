import { withClubSearchText } from "@worker/core/shared/search-text";
import { clubs, type JoinPath, joinRequests, memberships } from "@worker/db/schema";
import { db } from "../helpers/fixtures";
import { api } from "../helpers/http";

type ClubInsert = typeof clubs.$inferInsert;

/**
 * A club with its creator as an active admin, as club creation leaves it. `memberCount` (default 1)
 * is what the club shows: the creator's membership counts one (the memberships trigger), the rest
 * stand for members the test does not need as rows.
 */
export async function createClub(creatorId: string, overrides: Partial<ClubInsert> = {}) {
  const { memberCount = 1, ...rest } = overrides;
  const [club] = await db
    .insert(clubs)
    .values(withClubSearchText({ id: crypto.randomUUID(), name: "A Club", location: "Town Hall", createdBy: creatorId, memberCount: memberCount - 1, ...rest }))
    .returning();
  await db.insert(memberships).values({ clubId: club!.id, userId: creatorId, role: "admin", status: "active", joinedVia: "created" });
  return { ...club!, memberCount };
}

/** Many clubs by one creator, inserted in small statements (D1 allows 100 bound parameters each). */
export async function createClubs(creatorId: string, rows: Partial<ClubInsert>[]) {
  const values = rows.map((row, index) => ({
    id: crypto.randomUUID(),
    name: `Club ${index}`,
    location: "Library",
    createdBy: creatorId,
    ...row,
  }));
  for (let i = 0; i < values.length; i += 8) await db.insert(clubs).values(values.slice(i, i + 8).map(withClubSearchText));
  return values;
}

/**
 * A membership row; an active one adds one to the club's memberCount (the memberships trigger).
 * `joinedVia` says how they came in (the column's default, "open", unless a test needs another).
 */
export function addMember(
  clubId: string,
  userId: string,
  status: "active" | "pending" = "active",
  role: "admin" | "member" = "member",
  joinedVia: JoinPath = "open",
) {
  return db.insert(memberships).values({ clubId, userId, status, role, joinedVia });
}

/** A pending request as requestToJoinClub leaves it: the member's Pending membership and the admins' queue entry. */
export async function addPendingRequest(clubId: string, userId: string, requestedAt = Date.now()) {
  await db.insert(memberships).values({ clubId, userId, status: "pending", role: "member" });
  await db.insert(joinRequests).values({ clubId, userId, status: "pending", requestedAt });
}

/** One club API call as a member (Bearer) or a visitor (null): the shared api() with the clubs tests' argument order. */
export function clubApi<T = unknown>(method: string, path: string, caller: { token: string } | null, body?: unknown, options: { invalid?: boolean } = {}) {
  return api<T>(`/clubs${path}`, caller, { method, json: body, auth: "bearer", invalid: options.invalid });
}
