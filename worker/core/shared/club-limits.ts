// Club limits and required-field messages (docs/product.md#create-and-edit), importing only msg: the club forms ship
// these to the browser without zod, which club-rules.ts (the schemas) would bring along. The messages are
// catalogue texts: a form shows them with t(), the server writes them in the request's language.
import { msg } from "./translate";

export const CLUB_NAME_MAX = 100;
export const CLUB_DESCRIPTION_MAX = 500;
export const CLUB_LOCATION_MAX = 100;
export const MEMBER_LIMIT_MIN = 2;
export const MEMBER_LIMIT_MAX = 1000;
export const INVITE_CODE_LENGTH = 8;
export const INVITE_CODE_TTL_DAYS = 14;

export const CLUB_NAME_REQUIRED = msg("Club name is required");
export const LOCATION_REQUIRED = msg("Location is required");
export const INVITE_CODE_REQUIRED = msg("Invite code is required");
