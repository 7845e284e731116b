import { z } from "zod";

// What the wanted routes answer in `data` (the API reference's schemas), mirroring wanted.ts.

/** A wanted book as its member sees it (WantedView). */
export const wantedView = z.looseObject({
  id: z.int().positive(),
  title: z.string(),
  author: z.string(),
  isbn13: z.string().nullable(),
  source: z.enum(["book", "isbn", "title", "import"]),
  bookId: z.string().nullable(),
  copiesNear: z.int().nonnegative(),
  createdAt: z.int(),
});

export const wantedPageView = z.looseObject({
  items: z.array(wantedView),
  nextToken: z.string().nullable(),
  /** Without an area nothing is near: no copies are found or told. */
  hasArea: z.boolean(),
  radiusKm: z.int().positive(),
});

export const wantedAddedView = z.looseObject({ item: wantedView, created: z.boolean() });
export const wantedRemovedView = z.looseObject({ removed: z.literal(true) });
export const wantedRadiusView = z.looseObject({ radiusKm: z.int().positive() });

/** A copy in "Wanted, near you": a library card with its rounded distance (never a position). */
export const wantedNearView = z.looseObject({
  items: z.array(z.looseObject({ bookId: z.string(), title: z.string(), userName: z.string(), distanceKm: z.int().nonnegative(), wantedTitle: z.string() })),
});
