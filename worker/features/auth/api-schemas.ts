import { z } from "zod";

// What the sign-out routes answer in `data`, for the API reference.

export const signedOutView = z.looseObject({ signedOut: z.literal(true) });

export const signedOutEverywhereView = z.looseObject({
  signedOut: z.literal(true),
  /** How many sessions ended, this one included. */
  sessionsEnded: z.int().nonnegative(),
});
