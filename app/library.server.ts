import type { RouterContextProvider } from "react-router";
import { requestContext } from "../worker/context";
import { countLibraryBooks, libraryQuerySchema, listLibraryBooks, type LibraryQuery } from "../worker/services/library";
import { listMemberClubIds } from "../worker/services/memberships";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../worker/services/paging";
import type { BookCard } from "../worker/services/book-view";

/** Reads the library's URL; a bad or tampered parameter falls back to its default instead of failing. */
export function parseLibraryParams(searchParams: URLSearchParams): LibraryQuery & { page: number } {
  const raw = Object.fromEntries(searchParams);
  const query: LibraryQuery = { limit: DEFAULT_PAGE_SIZE };
  for (const key of ["limit", "nextToken", "prevToken", "search", "ageGroupFine"] as const) {
    if (raw[key] === undefined) continue;
    const field = libraryQuerySchema.shape[key].safeParse(raw[key]);
    if (field.success && field.data !== undefined) Object.assign(query, { [key]: field.data });
  }
  if (!PAGE_SIZES.includes(query.limit as (typeof PAGE_SIZES)[number])) query.limit = DEFAULT_PAGE_SIZE;
  if (!query.search) delete query.search;
  const page = Math.max(1, Math.min(1_000_000, Number.parseInt(raw.page ?? "1", 10) || 1));
  return { ...query, page };
}

export async function loadLibrary(context: Readonly<RouterContextProvider>, url: URL) {
  const { db, env, user } = context.get(requestContext);
  const ctx = { db, env, user };
  const { page, ...query } = parseLibraryParams(url.searchParams);
  const excludeUserId = user?.id ?? null;
  const [books, total, memberClubIds] = await Promise.all([
    listLibraryBooks(ctx, query, { excludeUserId }),
    countLibraryBooks(ctx, query, excludeUserId),
    // The spec: if the club list fails, the viewer simply has no memberships.
    user ? listMemberClubIds(ctx, user.id).catch(() => []) : Promise.resolve([]),
  ]);
  return {
    items: books.items as BookCard[],
    nextToken: books.nextToken,
    prevToken: books.prevToken,
    total,
    page: books.prevToken ? page : 1,
    limit: query.limit,
    search: query.search ?? "",
    memberClubIds,
    signedIn: Boolean(user),
  };
}
