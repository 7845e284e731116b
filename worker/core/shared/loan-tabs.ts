// Shared with the /loans page, which must not import the loans service to show a number (it would ship
// the service, zod and drizzle to the browser). Its own module: constants in rules.ts ride on every page.

/** The /loans tab counts stop here: a tab shows "99+" beyond, and a huge backlog stays a short index walk. */
export const LOAN_COUNT_CAP = 99;
