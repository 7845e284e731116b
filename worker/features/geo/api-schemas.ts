import { z } from "zod";

/** What the geo route answers in `data`, for the API reference. */

/** `GET /api/geo/reverse`: the place's name, or the coordinates when the maps service cannot name it. */
export const locationView = z.looseObject({ location: z.string() });

/** `/api/geo/my-area`: my area's place name (null when none is set); never its cell. */
export const memberAreaView = z.strictObject({ place: z.string().nullable() });
