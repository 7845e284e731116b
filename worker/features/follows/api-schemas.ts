import { z } from "zod";

// What the follow routes answer in `data` (the API reference's schemas), mirroring follows.ts.
// Loose objects, so a field added later breaks neither old clients nor the check.

export const followingView = z.looseObject({ following: z.literal(true) });
export const unfollowedView = z.looseObject({ following: z.literal(false) });

/** A member page's follow counts, and whether the viewer follows them (FollowSummary). */
export const followSummaryView = z.looseObject({
  followers: z.int().nonnegative(),
  following: z.int().nonnegative(),
  viewerFollows: z.boolean(),
});

/** A member in a followers or following list (FollowedMember). */
export const followedMemberView = z.looseObject({
  userId: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  /** When the follow was made, epoch milliseconds. */
  followedAt: z.int(),
});

/** GET /users/{id}/followers and /following: newest follow first. */
export const followPageView = z.looseObject({
  items: z.array(followedMemberView),
  /** Pass as `nextToken` for the next (older) page; null on the last page. */
  nextToken: z.string().nullable(),
});
