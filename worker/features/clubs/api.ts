import { Hono, type MiddlewareHandler } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import {
  approveJoinRequest,
  joinClubByCode,
  leaveClub,
  listJoinRequests,
  rejectJoinRequest,
  removeMember,
  requestToJoinClub,
  setMemberRole,
} from "./membership-steps";
import { takeClubWrite } from "./club-access";
import { createClub, deleteClub, updateClub } from "./club-writes";
import { browseClubs, browseClubsQuerySchema, clubIdParams, findClubForMember, listMyClubs } from "./club-lists";
import { notFound } from "@worker/core/errors";
import { currentInviteCode, regenerateInviteCode } from "./invite-codes";
import { clubInputSchema, clubUpdateSchema, joinClubInputSchema, memberRoleInputSchema } from "@worker/core/shared/club-rules";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody, zv } from "@worker/core/api/validate";
import { idSchema } from "@worker/core/shared/id";

const memberParams = clubIdParams.extend({ userId: idSchema });

/** Every write below counts against the member's club-write limit (reads do not). */
const limitClubWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") await takeClubWrite(serviceContext(c));
  await next();
};

/** The club calls, the invite code and member management (docs/product.md#clubs); every one is for members. */
export const clubsApi = new Hono<AppEnv>()
  .use("*", membersOnly, limitClubWrites)
  .get("/", async (c) => ok(c, await listMyClubs(serviceContext(c))))
  .post("/", jsonBody(clubInputSchema), async (c) => ok(c, await createClub(serviceContext(c), c.req.valid("json")), 201))
  // Before /:id, so "browse" and "join" are not taken for club ids.
  .get("/browse", zv("query", browseClubsQuerySchema), async (c) => ok(c, await browseClubs(serviceContext(c), c.req.valid("query"))))
  .post("/join", jsonBody(joinClubInputSchema), async (c) => ok(c, await joinClubByCode(serviceContext(c), c.req.valid("json").inviteCode)))
  .get("/:id", zv("param", clubIdParams), async (c) => {
    const club = await findClubForMember(serviceContext(c), c.req.valid("param").id);
    if (!club) throw notFound("Club not found");
    return ok(c, club);
  })
  .patch("/:id", zv("param", clubIdParams), jsonBody(clubUpdateSchema), async (c) =>
    ok(c, await updateClub(serviceContext(c), c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/:id", zv("param", clubIdParams), async (c) => ok(c, await deleteClub(serviceContext(c), c.req.valid("param").id)))
  .delete("/:id/leave", zv("param", clubIdParams), async (c) => ok(c, await leaveClub(serviceContext(c), c.req.valid("param").id)))
  .post("/:id/request", zv("param", clubIdParams), async (c) => ok(c, await requestToJoinClub(serviceContext(c), c.req.valid("param").id)))
  .get("/:id/requests", zv("param", clubIdParams), async (c) => ok(c, await listJoinRequests(serviceContext(c), c.req.valid("param").id)))
  .post("/:id/requests/:userId/approve", zv("param", memberParams), async (c) => {
    const { id, userId } = c.req.valid("param");
    return ok(c, await approveJoinRequest(serviceContext(c), id, userId));
  })
  .post("/:id/requests/:userId/reject", zv("param", memberParams), async (c) => {
    const { id, userId } = c.req.valid("param");
    return ok(c, await rejectJoinRequest(serviceContext(c), id, userId));
  })
  .get("/:id/invite-code", zv("param", clubIdParams), async (c) => ok(c, await currentInviteCode(serviceContext(c), c.req.valid("param").id)))
  .post("/:id/invite-code", zv("param", clubIdParams), async (c) => ok(c, await regenerateInviteCode(serviceContext(c), c.req.valid("param").id)))
  .patch("/:id/members/:userId", zv("param", memberParams), jsonBody(memberRoleInputSchema), async (c) => {
    const { id, userId } = c.req.valid("param");
    return ok(c, await setMemberRole(serviceContext(c), id, userId, c.req.valid("json").role));
  })
  .delete("/:id/members/:userId", zv("param", memberParams), async (c) => {
    const { id, userId } = c.req.valid("param");
    return ok(c, await removeMember(serviceContext(c), id, userId));
  });
