// Club limits and required-field messages (docs/product.md#create-and-edit), with no imports: the club forms ship
// these to the browser without zod, which club-rules.ts (the schemas) would bring along.

export const CLUB_NAME_MAX = 100;
export const CLUB_DESCRIPTION_MAX = 500;
export const CLUB_LOCATION_MAX = 100;
export const MEMBER_LIMIT_MIN = 2;
export const MEMBER_LIMIT_MAX = 1000;
export const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_TTL_DAYS = 14;

export const CLUB_NAME_REQUIRED = "Club name is required";
export const LOCATION_REQUIRED = "Location is required";
export const INVITE_CODE_REQUIRED = "Invite code is required";
