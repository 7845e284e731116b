import { translate } from "@worker/core/i18n/request-language";
import { roundToKm } from "@worker/core/shared/coarse-place";
import { msg } from "@worker/core/shared/translate";
import { z } from "zod";

/** A reader's position for "near me": decimal degrees, rounded to 0.01° (about 1 km) on arrival, never stored. */
export const nearDegree = (name: string, max: number) => {
  // Written when a query is parsed, so in the language of the request that sent it.
  const outOfRange = { error: () => translate("{name} must be between -{max} and {max}", { name, max }) };
  return z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,3}(\.\d{1,15})?$/, { error: () => translate("{name} must be a decimal number", { name }) })
    .transform(Number)
    .pipe(z.number().min(-max, outOfRange).max(max, outOfRange))
    .transform(roundToKm);
};

/** The query fields of every "near me" listing: a one-off position, or `near=me` for the member's area. */
export const nearQueryFields = {
  lat: nearDegree("lat", 90).optional(),
  lon: nearDegree("lon", 180).optional(),
  /** Near the member's own area (set on /profile), without asking the browser again. */
  near: z.literal("me", { error: () => translate('near must be "me"') }).optional(),
};

export const NEAR_ME_HALF = msg("lat and lon go together: send both to sort by distance.");
export const NEAR_ME_NO_AREA = msg("Set your area on your profile to see what is near you.");
