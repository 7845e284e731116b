import { ServiceError } from "@worker/core/errors";
import type { MemberContext } from "@worker/core/service-context";
import { type FollowPage, type FollowSummary, followListQuery, followSummary, listFollows } from "@worker/features/follows";

export interface FollowListsData {
  summary: FollowSummary;
  followers: FollowPage;
  following: FollowPage;
  /** Which lists show a later page. */
  paged: { followers: boolean; following: boolean };
}

/** The page a list's query parameter names; a missing or mangled one is the first page. */
function queryOf(value: string | null) {
  const parsed = followListQuery.safeParse(value ? { nextToken: value } : {});
  return parsed.success ? parsed.data : followListQuery.parse({});
}

/**
 * /profile's Following and Followers cards: the counts and one page of each, the page after the one
 * named by `?following=` / `?followers=` (a plain link moves on, so it works before hydration).
 */
export async function followListsFor(ctx: MemberContext, url: URL): Promise<FollowListsData> {
  const followersQuery = queryOf(url.searchParams.get("followers"));
  const followingQuery = queryOf(url.searchParams.get("following"));
  const [summary, followers, following] = await Promise.all([
    followSummary(ctx, ctx.user.id),
    listFollows(ctx, ctx.user.id, "followers", followersQuery),
    listFollows(ctx, ctx.user.id, "following", followingQuery),
  ]);
  return { summary, followers, following, paged: { followers: followersQuery.nextToken !== undefined, following: followingQuery.nextToken !== undefined } };
}

/**
 * A member page's counts and Follow state, or null for a member who cannot be followed (suspended:
 * a moderator still opens their page from a report, which then shows no Follow at all).
 */
export async function memberFollowsFor(ctx: MemberContext, userId: string): Promise<FollowSummary | null> {
  try {
    return await followSummary(ctx, userId);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return null;
    throw error;
  }
}
