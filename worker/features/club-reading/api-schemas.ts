import { z } from "zod";

// What the club reading routes answer in `data`, for the API reference. Times are epoch milliseconds.

export const clubBookView = z.looseObject({
  clubBookId: z.string(),
  bookId: z.string().nullable(),
  title: z.string(),
  author: z.string(),
  isbn13: z.string().nullable(),
  cover: z.string().nullable(),
  finishBy: z.string().nullable(),
  startedAt: z.int(),
  finishedAt: z.int().nullable(),
});

export const clubReadingView = z.looseObject({
  clubId: z.string(),
  current: clubBookView.nullable(),
  milestones: z.array(
    z.looseObject({
      milestoneId: z.string(),
      position: z.int(),
      label: z.string(),
      dueOn: z.string().nullable(),
      doneCount: z.int(),
      sharedBy: z.array(z.looseObject({ userId: z.string(), name: z.string() })),
      mine: z.looseObject({ done: z.boolean(), shared: z.boolean() }),
    }),
  ),
  memberCount: z.int(),
  canManage: z.boolean(),
  canMark: z.boolean(),
});

export const shelfPageView = z.looseObject({
  items: z.array(clubBookView.extend({ finishedAt: z.int() })),
  nextToken: z.string().nullable(),
});

export const copiesPageView = z.looseObject({
  items: z.array(
    z.looseObject({
      bookId: z.string(),
      title: z.string(),
      author: z.string(),
      coverKey: z.string().nullable(),
      owner: z.looseObject({ userId: z.string(), name: z.string() }),
      inClub: z.boolean(),
      /** Shared into this club: one of the books the club page lists as "Shared into this club". */
      sharedHere: z.boolean(),
      availability: z.enum(["available", "lent", "promised"]),
      isMine: z.boolean(),
      membersOnly: z.boolean(),
    }),
  ),
  total: z.int(),
  nextToken: z.string().nullable(),
});
