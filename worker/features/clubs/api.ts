import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { notFound, requireUser } from "@worker/core/errors";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { clubInputSchema, clubUpdateSchema, joinClubInputSchema, memberRoleInputSchema } from "@worker/core/shared/club-rules";
import { idSchema } from "@worker/core/shared/id";
import { mapOrigin, mapQuerySchema, tileIdSchema, tilePageQuerySchema } from "@worker/features/books";
import { coarsenLocationText, geocodePlaceText, geocodeRequestOf, placeMapView } from "@worker/features/geo";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  approvedRequestView,
  browseClubsPageView,
  clubDetailsView,
  clubIdView,
  inviteCodeView,
  joinedByCodeView,
  joinRequestStatusView,
  joinRequestsView,
  memberClubView,
  memberRoleView,
  myClubsView,
  rejectedRequestView,
  removedMemberView,
  tileClubsView,
} from "./api-schemas";
import { takeClubWrite } from "./club-access";
import { browseClubs, browseClubsQuerySchema, clubIdParams, findClubForMember, listMyClubs } from "./club-lists";
import { CLUB_TILE_EMPTY, readClubTile, readClubTiles } from "./club-map";
import { createClub, deleteClub, updateClub } from "./club-writes";
import { currentInviteCode, regenerateInviteCode } from "./invite-codes";
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

const memberParams = clubIdParams.extend({ userId: idSchema });

const tags = ["Clubs"];
/** Said on every write below (limitClubWrites). */
const WRITE_LIMIT = "Every club write counts against the member's limit of 30 a minute (429 `You're doing that too quickly. Please wait a moment.`).";
const NO_CLUB = "404 `Club not found`.";

/**
 * `geocode: true` without a position: the club is placed where the maps service puts its location
 * text (rounded to about 1 km); no answer leaves it unplaced. Only when asked, so a club write never
 * waits on the maps service otherwise.
 */
async function placed<T extends { geocode?: boolean; location?: string; latitude?: number | null; longitude?: number | null }>(
  c: Context<AppEnv>,
  input: T,
): Promise<T> {
  const { geocode, ...rest } = input;
  if (!geocode || !rest.location || rest.latitude != null || rest.longitude != null) return rest as T;
  // The maps service is asked about the text as it will be stored: no finer than 0.01°.
  const point = await geocodePlaceText(serviceContext(c), coarsenLocationText(rest.location), geocodeRequestOf(c.req.raw));
  return (point ? { ...rest, latitude: point.lat, longitude: point.lon } : rest) as T;
}

/** Every write below counts against the member's club-write limit (reads do not). */
const limitClubWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") await takeClubWrite(serviceContext(c));
  await next();
};

/** The club calls, the invite code and member management (docs/product.md#clubs); every one is for members. */
export const clubsApi = new Hono<AppEnv>()
  .use("*", membersOnly, limitClubWrites)
  .get(
    "/",
    doc("GET", {
      summary: "My clubs",
      who: "member",
      tags,
      data: myClubsView,
      description:
        "The clubs I belong to or asked to join, by name, each with my `userRole` and `userStatus` (`pending` while my request waits); one page of at most 200.",
    }),
    async (c) => ok(c, await listMyClubs(serviceContext(c))),
  )
  .post(
    "/",
    doc("POST", {
      summary: "Create a club",
      who: "member",
      tags,
      data: memberClubView,
      status: 201,
      description: `Creates a club (name, description, location, isPrivate, memberLimit, timezone: an IANA zone, default UTC, and optionally latitude and longitude: a coarse position, stored rounded to 0.01°, both or neither; or \`geocode: true\` to place the club where the maps service puts its location text, rounded alike, which counts as a location look-up) with me as its creator and first admin, and its first invite code. ${WRITE_LIMIT}`,
    }),
    jsonBody(clubInputSchema),
    async (c) => ok(c, await createClub(serviceContext(c), await placed(c, c.req.valid("json"))), 201),
  )
  // Before /:id, so "browse" and "join" are not taken for club ids.
  .get(
    "/browse",
    doc("GET", {
      summary: "Browse clubs",
      who: "member",
      tags,
      data: browseClubsPageView,
      description:
        "Every club, private ones included, newest first: club search (FTS5) with `search`, 12 a page by default, keyset-paged (`nextToken` / `prevToken`). Each card says whether I am a member (`isMember`) and my `userStatus`. Near me: with `lat` and `lon` (decimal degrees; rounded to 0.01°, about 1 km, on arrival and never stored) the clubs with a position within 5° of latitude come nearest first, each with `distanceKm`; the tokens then page through that order. 400 when only one of them is sent (`lat and lon go together: send both to sort by distance.`) or either is not a number in range. `near=me` sorts the same way from my own area (set with `PUT /api/geo/my-area`), without a position from the browser; 400 `Set your area on your profile to see what is near you.` without one. Sorted near me, `notPlaced` says how many clubs (matching the search) have no position and so are not in that order; `unplaced=1` lists just those, newest first.",
    }),
    zv("query", browseClubsQuerySchema),
    async (c) => ok(c, await browseClubs(serviceContext(c), c.req.valid("query"))),
  )
  .get(
    "/map",
    doc("GET", {
      summary: "The clubs' map: how many clubs meet in each 0.1° tile around a place",
      who: "member",
      tags,
      data: placeMapView,
      description:
        "The 0.1° tiles (about 11 km) holding placed clubs within `radius` (1, 2, 5, 10, 25, 50 or 100 km; 25 when left out) of my area (`near=me`; 400 `Set your area on your profile to see what is near you.` without one) or of `lat` and `lon` (a one-off position, rounded to 0.01° on arrival and never stored), nearest first, as `GET /api/books/map` counts books. Each has an opaque `tileId`, its centre, how many clubs meet there and `distanceKm` to its centre, rounded. No answer names a place finer than a tile. 400 without `near=me` or a position, with only one of `lat` and `lon`, or a radius not offered.",
    }),
    zv("query", mapQuerySchema),
    async (c) => {
      const ctx = serviceContext(c);
      requireUser(ctx);
      const query = c.req.valid("query");
      const { centre, tiles } = await readClubTiles(ctx, await mapOrigin(ctx, query), query.radius);
      return ok(c, { centre, radiusKm: query.radius, tiles });
    },
  )
  .get(
    "/map/tiles/:tileId/clubs",
    doc("GET", {
      summary: "One map tile's clubs, newest first",
      who: "member",
      tags,
      data: tileClubsView,
      errors: [404],
      description:
        "The clubs that meet in one tile of `GET /api/clubs/map`, private ones included as Browse Clubs lists them, `limit` at a time (25 by default, 100 at most); pass `nextToken` to read on. Each card says whether I am a member and has `distanceKm` from `lat` and `lon` (a one-off position) or from my area, rounded, and none when there is nothing to measure from. 400 `tileId is not valid`; 404 `No clubs meet in this place.`",
    }),
    zv("param", z.object({ tileId: tileIdSchema })),
    zv("query", tilePageQuerySchema),
    async (c) => {
      const ctx = serviceContext(c);
      requireUser(ctx);
      const page = await readClubTile(ctx, c.req.valid("param").tileId, c.req.valid("query"));
      if (!page) throw notFound(CLUB_TILE_EMPTY);
      return ok(c, page);
    },
  )
  .post(
    "/join",
    doc("POST", {
      summary: "Join a club by invite code",
      who: "member",
      tags,
      data: joinedByCodeView,
      errors: [404, 409],
      description: `Joins the club the code belongs to, private or not. The code is case-insensitive; every bad code (unknown, mistyped, expired or replaced) gets one answer, 404 \`This invite code is not valid or has expired.\`; 409 \`This club is full\`. Attempts: 10 a minute (429 \`Too many invite code attempts. Please wait a minute and try again.\`) and 20 wrong codes a day (429 \`Too many wrong invite codes today. Please try again tomorrow.\`). ${WRITE_LIMIT}`,
    }),
    jsonBody(joinClubInputSchema),
    async (c) => ok(c, await joinClubByCode(serviceContext(c), c.req.valid("json").inviteCode)),
  )
  .get(
    "/:id",
    doc("GET", {
      summary: "One club",
      who: "member",
      tags,
      data: clubDetailsView,
      errors: [404],
      description: `One club: its details (\`detailsVisible: true\`) for its members and for any member when the club is public; a private club's summary and my own status (\`detailsVisible: false\`) for others, a pending requester included. ${NO_CLUB}`,
    }),
    zv("param", clubIdParams),
    async (c) => {
      const club = await findClubForMember(serviceContext(c), c.req.valid("param").id);
      if (!club) throw notFound("Club not found");
      return ok(c, club);
    },
  )
  .patch(
    "/:id",
    doc("PATCH", {
      summary: "Edit a club",
      who: "creator",
      tags,
      data: memberClubView,
      errors: [404, 409],
      description: `Edits the club's name, description, location, isPrivate, memberLimit, timezone or position (latitude and longitude together, rounded to 0.01°; null for both clears it; \`geocode: true\` with a location places it from that text); fields left out stay as they are. 403 \`Only the club's creator can edit this club.\`; 409 when the member limit would be below the current members (\`The member limit cannot be lower than the club's N current members.\`); ${NO_CLUB} ${WRITE_LIMIT}`,
    }),
    zv("param", clubIdParams),
    jsonBody(clubUpdateSchema),
    async (c) => ok(c, await updateClub(serviceContext(c), c.req.valid("param").id, await placed(c, c.req.valid("json")))),
  )
  .delete(
    "/:id",
    doc("DELETE", {
      summary: "Delete a club",
      who: "creator",
      tags,
      data: clubIdView,
      errors: [404],
      description: `Deletes the club: its memberships, join requests and invite code go; its books stay with their owners, unlinked from it. 403 \`Only the club's creator can delete this club.\`; ${NO_CLUB} ${WRITE_LIMIT}`,
    }),
    zv("param", clubIdParams),
    async (c) => ok(c, await deleteClub(serviceContext(c), c.req.valid("param").id)),
  )
  .delete(
    "/:id/leave",
    doc("DELETE", {
      summary: "Leave a club",
      who: "member",
      tags,
      data: clubIdView,
      errors: [404, 409],
      description: `Leaves the club, or withdraws my pending request. The creator deletes the club instead (409 \`You created this club, so you cannot leave it. Delete the club instead.\`); the last admin names another first (409 \`You are the club's last admin. Make another member an admin before you leave.\`). 404 \`You are not a member of this club\`, or ${NO_CLUB} ${WRITE_LIMIT}`,
    }),
    zv("param", clubIdParams),
    async (c) => ok(c, await leaveClub(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/:id/request",
    doc("POST", {
      summary: "Ask to join a club",
      who: "member",
      tags,
      data: joinRequestStatusView,
      errors: [404, 409],
      description: `Asks to join: \`active\` at once for an open club, \`pending\` for a private one (its creator and admins decide). Asking again answers the current status. 409 \`This club is full\`; ${NO_CLUB} ${WRITE_LIMIT}`,
    }),
    zv("param", clubIdParams),
    async (c) => ok(c, await requestToJoinClub(serviceContext(c), c.req.valid("param").id)),
  )
  .get(
    "/:id/requests",
    doc("GET", {
      summary: "A club's join requests",
      who: "creator or admin",
      tags,
      data: joinRequestsView,
      errors: [403, 404],
      description: `The club's pending join requests, oldest first (at most 200). 403 \`Only the club's creator or an admin can manage join requests.\`; ${NO_CLUB}`,
    }),
    zv("param", clubIdParams),
    async (c) => ok(c, await listJoinRequests(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/:id/requests/:userId/approve",
    doc("POST", {
      summary: "Approve a join request",
      who: "creator or admin",
      tags,
      data: approvedRequestView,
      errors: [404, 409],
      description: `Admits the requester as an active member. 409 \`This club is full\`; 404 \`Join request not found\` or ${NO_CLUB} 403 \`Only the club's creator or an admin can manage join requests.\` ${WRITE_LIMIT}`,
    }),
    zv("param", memberParams),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      return ok(c, await approveJoinRequest(serviceContext(c), id, userId));
    },
  )
  .post(
    "/:id/requests/:userId/reject",
    doc("POST", {
      summary: "Reject a join request",
      who: "creator or admin",
      tags,
      data: rejectedRequestView,
      errors: [404],
      description: `Declines the request; the requester's pending membership goes with it. 404 \`Join request not found\` or ${NO_CLUB} 403 \`Only the club's creator or an admin can manage join requests.\` ${WRITE_LIMIT}`,
    }),
    zv("param", memberParams),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      return ok(c, await rejectJoinRequest(serviceContext(c), id, userId));
    },
  )
  .get(
    "/:id/invite-code",
    doc("GET", {
      summary: "The club's invite code",
      who: "creator or admin",
      tags,
      data: inviteCodeView,
      errors: [403, 404],
      description: `The current code and its expiry (\`expiresAt\`, epoch milliseconds); a club without a live code is issued one. 403 \`Only the club's creator or an admin can see or change the invite code.\`; ${NO_CLUB}`,
    }),
    zv("param", clubIdParams),
    async (c) => ok(c, await currentInviteCode(serviceContext(c), c.req.valid("param").id)),
  )
  .post(
    "/:id/invite-code",
    doc("POST", {
      summary: "A new invite code",
      who: "creator or admin",
      tags,
      data: inviteCodeView,
      errors: [404],
      description: `Issues a new code; the old one stops working at once. 403 \`Only the club's creator or an admin can see or change the invite code.\`; ${NO_CLUB} ${WRITE_LIMIT}`,
    }),
    zv("param", clubIdParams),
    async (c) => ok(c, await regenerateInviteCode(serviceContext(c), c.req.valid("param").id)),
  )
  .patch(
    "/:id/members/:userId",
    doc("PATCH", {
      summary: "Change a member's role",
      who: "creator",
      tags,
      data: memberRoleView,
      errors: [404, 409],
      description: `Makes an active member an admin, or a member again. 403 \`Only the club's creator can change members' roles.\`; 409 \`The club's creator is always an admin.\`; 404 \`Member not found\` or ${NO_CLUB} ${WRITE_LIMIT}`,
    }),
    zv("param", memberParams),
    jsonBody(memberRoleInputSchema),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      return ok(c, await setMemberRole(serviceContext(c), id, userId, c.req.valid("json").role));
    },
  )
  .delete(
    "/:id/members/:userId",
    doc("DELETE", {
      summary: "Remove a member",
      who: "creator",
      tags,
      data: removedMemberView,
      errors: [404, 409],
      description: `Removes a member or a pending requester, and replaces the invite code (the removed member knew the old one). 403 \`Only the club's creator can remove members.\`; 409 \`The club's creator cannot be removed.\`; 404 \`Member not found\` or ${NO_CLUB} ${WRITE_LIMIT}`,
    }),
    zv("param", memberParams),
    async (c) => {
      const { id, userId } = c.req.valid("param");
      return ok(c, await removeMember(serviceContext(c), id, userId));
    },
  );
