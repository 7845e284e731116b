import { badRequest, forbidden, notFound, requireUser } from "@worker/core/errors";
import { limit } from "@worker/core/rate-limit";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { mediaUrl } from "@worker/core/shared/media-url";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { blocks, follows, users } from "@worker/db/schema";
import { and, desc, eq, isNull, lt, or, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";

export const FOLLOW_SELF = msg("You can't follow yourself.");
export const FOLLOW_BLOCKED = msg("You can't follow this member.");
export const FOLLOW_NOT_FOUND = msg("User not found");
export const FOLLOW_RATE_LIMITED = msg("You're following and unfollowing too quickly. Please wait a minute and try again.");

export const FOLLOW_PAGE_SIZE = 20;

export const followParams = z.object({ id: idSchema });

/**
 * A page of followers or followings is keyed by (when the follow was made, the other member's id):
 * `{createdAt in base 36}.{userId}`, opaque to clients. Newest first, each page one range of
 * follows_followee_recent_idx or follows_follower_recent_idx however deep it is.
 */
const followCursor = z
  .string()
  .regex(/^[0-9a-z]{1,11}\.[\w-]{1,64}$/, "nextToken is not valid")
  .transform((token) => {
    const dot = token.indexOf(".");
    return { createdAt: Number.parseInt(token.slice(0, dot), 36), userId: token.slice(dot + 1) };
  });
const encodeFollowCursor = (createdAt: number, userId: string) => `${createdAt.toString(36)}.${userId}`;

export const followListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(FOLLOW_PAGE_SIZE),
  nextToken: followCursor.optional(),
});
export type FollowListQuery = z.output<typeof followListQuery>;

/** A member in a followers or following list. */
export interface FollowedMember {
  userId: string;
  name: string;
  profilePicture: string | null;
  /** When the follow was made (epoch ms). */
  followedAt: number;
}

export interface FollowPage {
  items: FollowedMember[];
  nextToken: string | null;
}

/** What a member page shows: the two counts, and whether the viewer follows them. */
export interface FollowSummary {
  followers: number;
  following: number;
  viewerFollows: boolean;
}

/** Members who can be followed and listed: not a deleted member's tombstone, not suspended. */
const activeMember = (column: typeof users.id, id: string) => and(eq(column, id), isNull(users.deletedAt), isNull(users.suspendedAt));

async function requireActiveMember(db: Database, userId: string): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(activeMember(users.id, userId)).limit(1);
  if (!row) throw notFound(FOLLOW_NOT_FOUND);
}

/** A block either way, between `a` and `b` (both directions read blocks' primary key). */
export const blockedEitherWay = (a: SQLWrapper | string, b: SQLWrapper | string) =>
  sql`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a}))`;

/**
 * Follows a member (PUT semantics: following again changes nothing). Refused for oneself (400), for
 * an unknown, deleted or suspended member (404) and across a block either way (403). Every call
 * counts against the member's FOLLOW_LIMITER budget (429), so a script cannot follow everyone.
 */
export async function followMember(ctx: ServiceContext, userId: string): Promise<{ following: true }> {
  requireUser(ctx);
  await limit(ctx.env.FOLLOW_LIMITER, ctx.user.id, FOLLOW_RATE_LIMITED);
  if (userId === ctx.user.id) throw badRequest(FOLLOW_SELF);
  await requireActiveMember(ctx.db, userId);
  const [blocked] = await ctx.db.all<{ one: number }>(sql`select 1 as one where ${blockedEitherWay(ctx.user.id, userId)}`);
  if (blocked) throw forbidden(FOLLOW_BLOCKED);
  await ctx.db.insert(follows).values({ followerId: ctx.user.id, followeeId: userId }).onConflictDoNothing();
  return { following: true };
}

/** Stops following (nothing changes when there was no follow). Rate-limited like following. */
export async function unfollowMember(ctx: ServiceContext, userId: string): Promise<{ following: false }> {
  requireUser(ctx);
  await limit(ctx.env.FOLLOW_LIMITER, ctx.user.id, FOLLOW_RATE_LIMITED);
  await ctx.db.delete(follows).where(and(eq(follows.followerId, ctx.user.id), eq(follows.followeeId, userId)));
  return { following: false };
}

/** The statement that ends follows between two members either way: a block takes it into its batch. */
export function followsBetween(db: Database, a: string, b: string) {
  return db.delete(follows).where(or(and(eq(follows.followerId, a), eq(follows.followeeId, b)), and(eq(follows.followerId, b), eq(follows.followeeId, a))));
}

/** A member page's counts (active members only) and whether the viewer follows them: one batch. */
export async function followSummary(ctx: ServiceContext, userId: string): Promise<FollowSummary> {
  requireUser(ctx);
  await requireActiveMember(ctx.db, userId);
  const count = (mine: SQLiteColumn, theirs: SQLiteColumn) =>
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(follows)
      .innerJoin(users, eq(users.id, theirs))
      .where(and(eq(mine, userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
  const [[followers], [following], viewer] = await ctx.db.batch([
    count(follows.followeeId, follows.followerId),
    count(follows.followerId, follows.followeeId),
    ctx.db
      .select({ one: follows.createdAt })
      .from(follows)
      .where(and(eq(follows.followerId, ctx.user.id), eq(follows.followeeId, userId)))
      .limit(1),
  ]);
  return { followers: followers?.n ?? 0, following: following?.n ?? 0, viewerFollows: viewer.length > 0 };
}

/**
 * A member's followers ("followers") or the members they follow ("following"), newest follow first.
 * Members the viewer blocked, or who blocked the viewer, are left out, as are deleted and suspended
 * members. 404 for an unknown, deleted or suspended member.
 */
export async function listFollows(ctx: ServiceContext, userId: string, which: "followers" | "following", query: FollowListQuery): Promise<FollowPage> {
  requireUser(ctx);
  await requireActiveMember(ctx.db, userId);
  return followPage(ctx, userId, which, query);
}

async function followPage(ctx: MemberContext, userId: string, which: "followers" | "following", query: FollowListQuery): Promise<FollowPage> {
  const [mine, theirs]: [SQLiteColumn, SQLiteColumn] =
    which === "followers" ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
  const after = query.nextToken;
  const rows = await ctx.db
    .select({ userId: users.id, name: users.name, picture: users.picture, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(
      and(
        eq(mine, userId),
        isNull(users.deletedAt),
        isNull(users.suspendedAt),
        sql`not ${blockedEitherWay(ctx.user.id, theirs)}`,
        after ? or(lt(follows.createdAt, after.createdAt), and(eq(follows.createdAt, after.createdAt), lt(theirs, after.userId))) : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(theirs))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({ userId: row.userId, name: row.name, profilePicture: mediaUrl(row.picture), followedAt: row.followedAt })),
    nextToken: rows.length > query.limit && last ? encodeFollowCursor(last.followedAt, last.userId) : null,
  };
}
