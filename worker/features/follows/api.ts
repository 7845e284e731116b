import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { Hono } from "hono";
import { followingView, followPageView, followSummaryView, unfollowedView } from "./api-schemas";
import {
  FOLLOW_BLOCKED,
  FOLLOW_RATE_LIMITED,
  FOLLOW_SELF,
  followListQuery,
  followMember,
  followParams,
  followSummary,
  listFollows,
  unfollowMember,
} from "./follows";

const tags = ["Follows"];
const NOT_FOUND = "404 `User not found` for an unknown, deleted or suspended member.";
const LIMITED = `30 follows and unfollows a minute (429 \`${FOLLOW_RATE_LIMITED}\`).`;
const LIST = `Newest follow first, 20 a page (\`limit\` up to 50); pass \`nextToken\` for older ones. Members the viewer blocked or who blocked the viewer, and deleted or suspended members, are left out. ${NOT_FOUND}`;

/** Following members: mounted under /users beside the account routes. Members only. */
export const followsApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .put(
    "/:id/follow",
    doc("PUT", {
      summary: "Follow a member",
      who: "member",
      tags,
      data: followingView,
      errors: [404],
      description: `Follows a member: their new books reach me through "New books from people you follow". Following again changes nothing. 400 \`${FOLLOW_SELF}\`; 403 \`${FOLLOW_BLOCKED}\` across a block either way; ${NOT_FOUND} ${LIMITED}`,
    }),
    zv("param", followParams),
    async (c) => ok(c, await followMember(serviceContext(c), c.req.valid("param").id)),
  )
  .delete(
    "/:id/follow",
    doc("DELETE", {
      summary: "Unfollow a member",
      who: "member",
      tags,
      data: unfollowedView,
      description: `Stops following a member (nothing changes when I did not follow them). ${LIMITED}`,
    }),
    zv("param", followParams),
    async (c) => ok(c, await unfollowMember(serviceContext(c), c.req.valid("param").id)),
  )
  .get(
    "/:id/follows",
    doc("GET", {
      summary: "A member's follow counts",
      who: "member",
      tags,
      data: followSummaryView,
      errors: [404],
      description: `How many members follow them and how many they follow (active members), and whether I follow them. ${NOT_FOUND}`,
    }),
    zv("param", followParams),
    async (c) => ok(c, await followSummary(serviceContext(c), c.req.valid("param").id)),
  )
  .get(
    "/:id/followers",
    doc("GET", { summary: "A member's followers", who: "member", tags, data: followPageView, errors: [404], description: `Members who follow them. ${LIST}` }),
    zv("param", followParams),
    zv("query", followListQuery),
    async (c) => ok(c, await listFollows(serviceContext(c), c.req.valid("param").id, "followers", c.req.valid("query"))),
  )
  .get(
    "/:id/following",
    doc("GET", { summary: "Whom a member follows", who: "member", tags, data: followPageView, errors: [404], description: `Members they follow. ${LIST}` }),
    zv("param", followParams),
    zv("query", followListQuery),
    async (c) => ok(c, await listFollows(serviceContext(c), c.req.valid("param").id, "following", c.req.valid("query"))),
  );
