// Who may ask to borrow a member's books (issue 38): the schema's columns, the services' checks and the
// rule forms on Edit Book and /profile read these. Its own module, so the forms ship no schema.

/** Who may ask to borrow a book: anyone, members near the owner, members of their clubs, people they follow, or nobody for now. */
export const LEND_RULES = ["anyone", "near", "clubs", "following", "nobody"] as const;
export type LendRule = (typeof LEND_RULES)[number];

/** The km a "near" lending rule may name. */
export const LEND_WITHIN_KM = [1, 2, 5, 10, 25, 50] as const;

/** The rule a member's books follow until they choose: anyone, within 10 km for "near". */
export const DEFAULT_LEND_RULE: LendRule = "anyone";
export const DEFAULT_LEND_WITHIN_KM = 10;

export const isLendWithinKm = (km: number) => (LEND_WITHIN_KM as readonly number[]).includes(km);
