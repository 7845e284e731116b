import { translate } from "@worker/core/i18n/request-language";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@worker/core/paging";
import type { Cell } from "@worker/core/shared/area-cells";
import { AUDIENCE_LABELS } from "@worker/core/shared/audience";
import { type LibraryLanguage, type LibraryQuery, libraryLanguages, libraryQuerySchema, readLibrary } from "@worker/features/books/library";
import { listMemberClubIds } from "@worker/features/clubs";
import { viewerCell } from "@worker/features/geo";
import { serverTranscriptionAvailable } from "@worker/features/voice";
import { wantedNearMe } from "@worker/features/wanted";
import type { RouterContextProvider } from "react-router";
import { serviceContext } from "~/core/route-context.server";
import { pageNumberFromUrl, queryFromUrl } from "~/core/url-query.server";

/** Whether a member last chose "Near me" or "Newest" on /library: the page opens the same way next time. */
const NEAR_COOKIE = "library_near";

/** Reads the library's URL; a bad or tampered parameter falls back to its default instead of failing. */
export function parseLibraryParams(searchParams: URLSearchParams): LibraryQuery & { page: number } {
  const query: LibraryQuery = queryFromUrl(
    libraryQuerySchema,
    searchParams,
    ["limit", "nextToken", "prevToken", "search", "ageGroupFine", "language", "lat", "lon", "radius", "available"],
    { limit: DEFAULT_PAGE_SIZE, available: false },
  );
  if (!PAGE_SIZES.includes(query.limit as (typeof PAGE_SIZES)[number])) query.limit = DEFAULT_PAGE_SIZE;
  // A one-off position needs both halves; a cursor belongs to one order.
  if (query.lat === undefined || query.lon === undefined) query.lat = query.lon = undefined;
  return { ...query, page: pageNumberFromUrl(searchParams) };
}

function rememberedNear(request: Request): string | null {
  return request.headers.get("Cookie")?.match(new RegExp(`(?:^|;\\s*)${NEAR_COOKIE}=(me|off)`))?.[1] ?? null;
}

/**
 * How the page is sorted: from a one-off position, from the member's area ("Near me", the default
 * for a member with an area unless they last chose "Newest"), or newest first.
 */
function nearMode(url: URL, query: LibraryQuery, cell: Cell | null, remembered: string | null): "position" | "area" | null {
  if (query.lat !== undefined) return "position";
  const asked = url.searchParams.get("near");
  if (asked === "off") return null;
  if (asked === "me") return cell ? "area" : null;
  return cell && remembered !== "off" ? "area" : null;
}

export interface FilterChoice {
  value: string;
  label: string;
}

/**
 * The language filter's choices: the languages the library's books are in (and the one chosen, if
 * no book has it), each named in the reader's language and sorted by that name.
 */
function languageChoices(languages: LibraryLanguage[], chosen: string | undefined, locale: string): FilterChoice[] {
  const codes = languages.map((language) => language.code);
  if (chosen && !codes.includes(chosen)) codes.push(chosen);
  const names = new Intl.DisplayNames([locale], { type: "language", fallback: "code" });
  const named = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  const collator = new Intl.Collator(locale);
  return codes.map((code) => ({ value: code, label: named(code) })).sort((a, b) => collator.compare(a.label, b.label));
}

/** The age groups (the spec's ageGroupFine), youngest first, in the request's language. */
const ageChoices = (): FilterChoice[] => Object.entries(AUDIENCE_LABELS).map(([value, label]) => ({ value, label: translate(label) }));

export async function loadLibrary(context: Readonly<RouterContextProvider>, request: Request, locale: string) {
  const url = new URL(request.url);
  const ctx = serviceContext(context);
  const user = ctx.user;
  const { page, ...query } = parseLibraryParams(url.searchParams);
  const excludeUserId = user?.id ?? null;
  const cell = await viewerCell(ctx);
  const near = nearMode(url, query, cell, rememberedNear(request));
  const nearQuery: LibraryQuery = { ...query, near: near === "area" ? "me" : undefined, radius: near ? query.radius : undefined };
  // A cursor of the other order (a link kept from before) starts the list again instead of failing.
  if ((typeof nearQuery.nextToken === "object") !== Boolean(near)) nearQuery.nextToken = undefined;
  if (near) nearQuery.prevToken = undefined;
  // "Wanted, near you" heads the first page of the whole library, not a search or a later page.
  const firstPage = !query.search && nearQuery.nextToken === undefined && nearQuery.prevToken === undefined;
  const [{ total, ...books }, memberClubIds, wantedNear, languages] = await Promise.all([
    readLibrary(ctx, nearQuery, { excludeUserId, origin: near === "area" ? cell : null }),
    // If the club list fails, the viewer simply has no memberships.
    user ? listMemberClubIds(ctx, user.id).catch(() => []) : Promise.resolve([]),
    // Read beside the page, from the member's own matches: it adds no wait of its own to the listing's.
    user && firstPage ? wantedNearMe(ctx) : Promise.resolve([]),
    libraryLanguages(ctx),
  ]);
  const asked = url.searchParams.get("near");
  // The order links start the list again; the filter form carries the rest of the URL along.
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(url.searchParams);
    for (const key of ["nextToken", "prevToken", "page", "lat", "lon", "near", "radius"]) next.delete(key);
    for (const [key, value] of Object.entries(changes)) if (value !== null) next.set(key, value);
    return `/library?${next}`;
  };
  const keep = ["search", "view", "near", "lat", "lon"].flatMap((key) => {
    const value = key === "lat" || key === "lon" ? (near === "position" ? String(query[key]) : null) : url.searchParams.get(key);
    return value ? [[key, value] as [string, string]] : [];
  });
  const secure = url.protocol === "https:" ? "; Secure" : "";
  const remember =
    user && (asked === "me" || asked === "off") ? `${NEAR_COOKIE}=${asked}; Path=/library; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}` : null;
  return {
    items: books.items,
    nextToken: books.nextToken,
    prevToken: books.prevToken,
    total,
    page: books.prevToken || (near && nearQuery.nextToken) ? page : 1,
    limit: query.limit,
    search: query.search ?? "",
    /** What a new search keeps of the URL: the order and the filters (the list comes as data, so the page's script does not grow with the filters). */
    searchKeeps: ["limit", "view", "near", "lat", "lon", "radius", "available", "language", "ageGroupFine"],
    /** Whether a filter narrows the list (the empty state says so). */
    filtered: Boolean(query.language || query.ageGroupFine || query.available),
    filters: {
      near,
      hasArea: Boolean(cell),
      radius: near ? (query.radius ?? null) : null,
      available: query.available,
      language: query.language ?? "",
      ageGroupFine: query.ageGroupFine ?? "",
      languages: languageChoices(languages, query.language, locale),
      ageGroups: ageChoices(),
      limit: query.limit,
      newestHref: href({ near: user ? "off" : null }),
      nearHref: href({ near: cell ? "me" : null }),
      keep,
      // "Near me" was asked for but there is no area to measure from: the filters say where to set one.
      needsArea: asked === "me" && !cell && Boolean(user),
    },
    near,
    radius: near ? (query.radius ?? null) : null,
    memberClubIds,
    // Null when there is none: the page then renders nothing for it.
    wantedNear: wantedNear.length > 0 ? wantedNear : null,
    signedIn: Boolean(user),
    // The microphone button falls back to recording only where the server can transcribe.
    voice: { server: serverTranscriptionAvailable(ctx.env) },
    remember,
  };
}
