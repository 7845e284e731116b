import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@worker/core/paging";
import { type LibraryQuery, libraryQuerySchema, readLibrary } from "@worker/features/books/library";
import { listMemberClubIds } from "@worker/features/clubs";
import { serverTranscriptionAvailable } from "@worker/features/voice";
import type { RouterContextProvider } from "react-router";
import { serviceContext } from "~/core/route-context.server";
import { pageNumberFromUrl, queryFromUrl } from "~/core/url-query.server";

/** Reads the library's URL; a bad or tampered parameter falls back to its default instead of failing. */
export function parseLibraryParams(searchParams: URLSearchParams): LibraryQuery & { page: number } {
  const query: LibraryQuery = queryFromUrl(libraryQuerySchema, searchParams, ["limit", "nextToken", "prevToken", "search", "ageGroupFine"], {
    limit: DEFAULT_PAGE_SIZE,
    available: false,
  });
  if (!PAGE_SIZES.includes(query.limit as (typeof PAGE_SIZES)[number])) query.limit = DEFAULT_PAGE_SIZE;
  return { ...query, page: pageNumberFromUrl(searchParams) };
}

export async function loadLibrary(context: Readonly<RouterContextProvider>, request: Request) {
  const url = new URL(request.url);
  const ctx = serviceContext(context);
  const user = ctx.user;
  const { page, ...query } = parseLibraryParams(url.searchParams);
  const excludeUserId = user?.id ?? null;
  const [{ total, ...books }, memberClubIds] = await Promise.all([
    readLibrary(ctx, query, { excludeUserId }),
    // If the club list fails, the viewer simply has no memberships.
    user ? listMemberClubIds(ctx, user.id).catch(() => []) : Promise.resolve([]),
  ]);
  return {
    items: books.items,
    nextToken: books.nextToken,
    prevToken: books.prevToken,
    total,
    page: books.prevToken ? page : 1,
    limit: query.limit,
    search: query.search ?? "",
    memberClubIds,
    signedIn: Boolean(user),
    // The microphone button falls back to recording only where the server can transcribe.
    voice: { server: serverTranscriptionAvailable(ctx.env) },
  };
}
