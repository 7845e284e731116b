import { INVITE_CODE_LENGTH } from "@worker/core/shared/club-rules";
import { MEMBER_ROLES, MEMBER_STATUSES } from "@worker/db/schema";
import { z } from "zod";

// What the club routes answer in `data` (the API reference's schemas): each mirrors the service's
// return type (club-lists.ts, club-writes.ts, membership-steps.ts, invite-codes.ts). Loose objects,
// so a field added later breaks neither old clients nor the check.

const memberRole = z.enum(MEMBER_ROLES);
const memberStatus = z.enum(MEMBER_STATUSES);
/** Epoch milliseconds. */
const epochMs = z.number().int();

/** What Browse Clubs shows of any club, private or not (ClubSummary). */
const clubSummaryFields = {
  clubId: z.string(),
  name: z.string(),
  description: z.string(),
  location: z.string(),
  isPrivate: z.boolean(),
  memberCount: z.number().int().min(0),
};

/** A club as its members see it, with the viewer's own role and status (MemberClub). */
export const memberClubView = z.looseObject({
  ...clubSummaryFields,
  memberLimit: z.number().int().nullable(),
  createdBy: z.string(),
  /** The IANA zone the club meets in. */
  timezone: z.string(),
  userRole: memberRole,
  userStatus: memberStatus,
});

/** GET /clubs: every club the member belongs to or asked to join, by name; one page. */
export const myClubsView = z.looseObject({ items: z.array(memberClubView), nextToken: z.null() });

/** GET /clubs/browse: one keyset page, newest first. */
export const browseClubsPageView = z.looseObject({
  items: z.array(
    z.looseObject({
      ...clubSummaryFields,
      /** An active member (the card's "Member" badge). */
      isMember: z.boolean(),
      /** "pending" while the viewer's request waits; null without a membership. */
      userStatus: memberStatus.nullable(),
      /** With `lat` and `lon` only: about how far the club is, in whole km. */
      distanceKm: z.int().optional(),
      /** With `search` only: the name cut into segments, the matched words marked (the original text, never HTML). */
      highlight: z.object({ name: z.array(z.object({ text: z.string(), mark: z.literal(true).optional() })).optional() }).optional(),
    }),
  ),
  nextToken: z.string().nullable(),
  prevToken: z.string().nullable(),
  /** Sorted near me only: how many clubs (matching the search) have no position, so are not in this order (list them with `unplaced=1`). */
  notPlaced: z.int().optional(),
});

/** GET /clubs/{id}: full details, or only the summary when a private club's details are not the viewer's to see (ClubDetails). */
export const clubDetailsView = z.discriminatedUnion("detailsVisible", [
  z.looseObject({
    ...clubSummaryFields,
    detailsVisible: z.literal(true),
    memberLimit: z.number().int().nullable(),
    createdBy: z.string(),
    timezone: z.string(),
    userRole: memberRole.nullable(),
    userStatus: memberStatus.nullable(),
  }),
  z.looseObject({ ...clubSummaryFields, detailsVisible: z.literal(false), userStatus: memberStatus.nullable() }),
]);

/** The club a delete or a leave was about. */
export const clubIdView = z.looseObject({ clubId: z.string() });

export const joinedByCodeView = z.looseObject({ clubId: z.string(), status: z.literal("active") });

export const joinRequestStatusView = z.looseObject({ status: z.enum(["pending", "active"]) });

export const joinRequestsView = z.looseObject({
  items: z.array(z.looseObject({ userId: z.string(), name: z.string(), profilePicture: z.string().nullable(), requestedAt: epochMs })),
});

export const approvedRequestView = z.looseObject({ userId: z.string(), status: z.literal("active") });
export const rejectedRequestView = z.looseObject({ userId: z.string(), status: z.literal("rejected") });

export const inviteCodeView = z.looseObject({ code: z.string().length(INVITE_CODE_LENGTH), expiresAt: epochMs });

export const memberRoleView = z.looseObject({ userId: z.string(), role: z.enum(["admin", "member"]) });

export const removedMemberView = z.looseObject({ userId: z.string() });

/** `GET /api/clubs/map/tiles/{tileId}/clubs`: one tile's clubs, newest first, as Browse Clubs shows them. */
export const tileClubsView = z.looseObject({
  items: browseClubsPageView.shape.items,
  /** The cursor of the next (older) page, or null on the last page. */
  nextToken: z.string().nullable(),
});
