import { z } from "zod";

/** What the interest routes answer in `data`, for the API reference. */

/** `GET /api/interest/swap-toys`: registrations so far and the goal. */
export const interestProgressView = z.looseObject({ interested: z.number().int().min(0), goal: z.number().int().min(1) });

/** `POST /api/interest/swap-toys`: registered (or already was), with the progress. */
export const interestRegisteredView = interestProgressView.extend({ registered: z.literal(true) });
