// Club rules (docs/product.md#create-and-edit, #joining): the Worker's schemas, the authority. Server only (its
// messages are written in the request's language); the browser takes the bare limits from club-limits.ts.
import { z } from "zod";
import {
  CLUB_DESCRIPTION_MAX,
  CLUB_LOCATION_MAX,
  CLUB_NAME_MAX,
  CLUB_NAME_REQUIRED,
  INVITE_CODE_LENGTH,
  INVITE_CODE_REQUIRED,
  LOCATION_REQUIRED,
  MEMBER_LIMIT_MAX,
  MEMBER_LIMIT_MIN,
} from "./club-limits";
import { roundToKm } from "./coarse-place";
import { cleanText } from "./text";
import { resolveTimeZone, TIME_ZONE_DOC } from "./time-zones";
import { msg, translateText } from "./translate";

export * from "./club-limits";

/** A JSON client may leave a required field out; it then gets the same "required" message as a form's empty field. */
const absentAsEmpty = (value: unknown) => (value === undefined ? "" : value);

const name = z.preprocess(
  absentAsEmpty,
  cleanText({ max: CLUB_NAME_MAX, tooLong: msg("Club name must be at most {max} characters"), required: CLUB_NAME_REQUIRED }),
);
const description = cleanText({ max: CLUB_DESCRIPTION_MAX, tooLong: msg("Description must be at most {max} characters"), multiline: true });
const location = z.preprocess(
  absentAsEmpty,
  cleanText({ max: CLUB_LOCATION_MAX, tooLong: msg("Location must be at most {max} characters"), required: LOCATION_REQUIRED }),
);

// JSON values of their own types only: the forms turn their text into these in their adapter
// (app/core/form-data.server.ts), so "true" or "1e1" from a JSON client is refused, not guessed at.
const isPrivate = z.boolean({ error: () => translateText("Private must be true or false") });

/** null means no limit. */
const memberLimit = z
  .number({ error: () => translateText("Member limit must be a number") })
  .int({ error: () => translateText("Member limit must be a whole number") })
  .min(MEMBER_LIMIT_MIN, { error: () => translateText("Member limit must be at least {min}", { min: MEMBER_LIMIT_MIN }) })
  .max(MEMBER_LIMIT_MAX, { error: () => translateText("Member limit must be at most {max}", { max: MEMBER_LIMIT_MAX }) })
  .nullable();

/** The zone the club meets in: meeting times are entered and reminded in it. */
const timezone = z
  .string({ error: () => translateText("Timezone must be text") })
  .trim()
  .refine((text) => resolveTimeZone(text) !== null, { error: () => translateText("Please choose a timezone from the list") })
  // A city ("Lisbon") is saved as its zone (Europe/Lisbon).
  .overwrite((text) => resolveTimeZone(text) ?? text)
  .meta(TIME_ZONE_DOC);

/** Create Book Club (and POST /clubs): every field, with the defaults for those left out (no description, public, no limit). */
export { roundToKm } from "./coarse-place";

/**
 * A club's coarse position, for "Nearby clubs" (never a member's own): decimal degrees, stored rounded to
 * 0.01°; null clears it. A number (the form's adapter turns its text into one).
 */
const coordinate = (field: "latitude" | "longitude", max: number) =>
  z
    .number({ error: () => translateText("{field} must be a number", { field }) })
    .min(-max, { error: () => translateText("{field} must be between -{max} and {max}", { field, max }) })
    .max(max, { error: () => translateText("{field} must be between -{max} and {max}", { field, max }) })
    .transform(roundToKm)
    .nullable();
export const CLUB_POSITION_HALF = msg("latitude and longitude go together: send both, or neither.");

export const clubInputSchema = z.object({
  name,
  description: description.default(""),
  location,
  isPrivate: isPrivate.default(false),
  memberLimit: memberLimit.default(null),
  timezone: timezone.default("UTC"),
  latitude: coordinate("latitude", 90).optional(),
  longitude: coordinate("longitude", 180).optional(),
  /** API only: place the club by geocoding its location text (when no position is sent). */
  geocode: z.boolean().optional(),
});
export type ClubInput = z.output<typeof clubInputSchema>;

/**
 * Edit Club (and PATCH /clubs/{id}): the same fields and rules; a field left out stays as it is.
 * Its own object without defaults, so leaving out memberLimit does not lift the limit.
 */
export const clubUpdateSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  location: location.optional(),
  isPrivate: isPrivate.optional(),
  memberLimit: memberLimit.optional(),
  timezone: timezone.optional(),
  latitude: coordinate("latitude", 90).optional(),
  longitude: coordinate("longitude", 180).optional(),
  geocode: z.boolean().optional(),
});
export type ClubUpdate = z.output<typeof clubUpdateSchema>;

/**
 * Crockford base32: no I, L, O or U, so a code read aloud or copied by hand survives. Entry is
 * forgiving the way Crockford's decoding is: any case, I and L read as 1, O as 0, and the hyphens
 * or spaces people add when they copy a code are dropped.
 */
export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function normalizeInviteCode(value: string): string {
  return value
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
}

const tooLongCode = () => translateText("Invite code must be at most {max} characters", { max: INVITE_CODE_LENGTH });
const codeRequired = () => translateText(INVITE_CODE_REQUIRED);

/** The Join Book Club field: required, at most 8 characters once normalised, returned normalised. */
export const inviteCodeInputSchema = z.preprocess(
  absentAsEmpty,
  z
    .string({ error: codeRequired })
    // Bounded before normalising, so a huge string is not worked on.
    .max(64, { error: tooLongCode })
    .transform(normalizeInviteCode)
    .pipe(z.string().min(1, { error: codeRequired }).max(INVITE_CODE_LENGTH, { error: tooLongCode })),
);

/** POST /clubs/join and the join form. */
export const joinClubInputSchema = z.object({ inviteCode: inviteCodeInputSchema });

export const MEMBER_ROLE_CHOICES = ["admin", "member"] as const;
export const memberRoleInputSchema = z.object({
  role: z.enum(MEMBER_ROLE_CHOICES, { error: () => translateText('Role must be "admin" or "member"') }),
});
