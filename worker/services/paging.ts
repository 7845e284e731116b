import { z } from "zod";

/**
 * Keyset cursors. A token names the `seq` of the last row a page showed, so the next page is an
 * index range read however deep it is. The token is opaque to clients.
 */
export function encodeCursor(seq: number): string {
  return `c${seq.toString(36)}`;
}

export const cursorSchema = z
  .string()
  .regex(/^c[0-9a-z]{1,11}$/, "nextToken is not valid")
  .transform((token) => Number.parseInt(token.slice(1), 36));

export function decodeCursor(token: string | undefined | null): number | undefined {
  if (!token) return undefined;
  const parsed = cursorSchema.safeParse(token);
  return parsed.success ? parsed.data : undefined;
}

export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../shared/rules";

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
      .max(200, "search must be at most 200 characters")
      .transform((s) => s.trim())
      .optional(),
  });
}
