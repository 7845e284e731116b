import { z } from "zod";
import { translate } from "./i18n/request-language";

/**
 * Keyset cursors. A token names the `seq` of the last row a page showed, so the next page is an
 * index range read however deep it is. The token is opaque to clients.
 */
export function encodeCursor(seq: number): string {
  return `c${seq.toString(36)}`;
}

export const cursorSchema = z
  .string()
  .regex(/^c[0-9a-z]{1,11}$/, { error: () => translate("nextToken is not valid") })
  .transform((token) => Number.parseInt(token.slice(1), 36));

export function decodeCursor(token: string | undefined | null): number | undefined {
  if (!token) return undefined;
  const parsed = cursorSchema.safeParse(token);
  return parsed.success ? parsed.data : undefined;
}

export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "./shared/rules";

export interface Page<T> {
  items: T[];
  /** Cursor for the next (older) page, or null on the last page. */
  nextToken: string | null;
  /** Cursor for the previous (newer) page, or null on the first page. */
  prevToken: string | null;
}

/** The query fields every keyset-paged, searchable list takes; lists extend it with their filters. */
export function pagedSearchQuery(defaultLimit: number) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
    nextToken: cursorSchema.optional(),
    prevToken: cursorSchema.optional(),
    search: z
      .string()
      .max(200, { error: () => translate("search must be at most {max} characters", { max: 200 }) })
      .transform((s) => s.trim())
      .optional(),
  });
}

/**
 * Turns the `limit + 1` rows of a keyset query into one page with its cursors. Rows arrive in
 * query order (ascending when paging backwards) and leave newest first.
 */
export function keysetPage<R extends { seq: number }>(
  rows: R[],
  query: { limit: number; nextToken?: number; prevToken?: number },
): { rows: R[]; nextToken: string | null; prevToken: string | null } {
  const backwards = query.prevToken !== undefined && query.nextToken === undefined;
  const hasMore = rows.length > query.limit;
  const pageRows = rows.slice(0, query.limit);
  if (backwards) pageRows.reverse();
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  const atStart = backwards ? !hasMore : query.nextToken === undefined;
  const atEnd = backwards ? false : !hasMore;
  return {
    rows: pageRows,
    nextToken: !atEnd && last ? encodeCursor(last.seq) : null,
    prevToken: !atStart && first ? encodeCursor(first.seq) : null,
  };
}
