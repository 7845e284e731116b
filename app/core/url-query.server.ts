import type { z } from "zod";

/**
 * Reads a paged, searchable list's URL into its query: each parameter the schema knows is checked
 * on its own, and a bad or tampered one (a forged cursor, an oversized search) falls back to its
 * default instead of failing the page. Only `keys` are read; `defaults` fill the rest.
 */
export function queryFromUrl<Shape extends z.ZodRawShape, Key extends keyof Shape & string, Defaults extends object>(
  schema: z.ZodObject<Shape>,
  searchParams: URLSearchParams,
  keys: readonly Key[],
  defaults: Defaults,
): Defaults & Partial<{ [K in Key]: z.output<Shape[K]> }> {
  const query: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const key of keys) {
    const raw = searchParams.get(key);
    if (raw === null) continue;
    const field = (schema.shape[key] as z.ZodType).safeParse(raw);
    if (field.success && field.data !== undefined && field.data !== "") query[key] = field.data;
  }
  return query as Defaults & Partial<{ [K in Key]: z.output<Shape[K]> }>;
}

/** The page number shown beside keyset cursors (display only; the cursor decides the rows). */
export function pageNumberFromUrl(searchParams: URLSearchParams): number {
  return Math.max(1, Math.min(1_000_000, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1));
}
