import { translate } from "@worker/core/i18n/request-language";
import { formatKm } from "@worker/core/shared/distance-format";
import { msg } from "@worker/core/shared/translate";
import { startStepsFor } from "@worker/features/account";
import { Link, type ShouldRevalidateFunctionArgs, useNavigation, useSearchParams, data as withHeaders } from "react-router";
import { PUBLIC_PAGE_HANDLE, useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { readerFor, serviceContext } from "~/core/route-context.server";
import { todayFor, withDueLabel } from "~/features/loans/index.server";
import { VoiceSearchButton } from "~/features/voice";
import { DebouncedSearch } from "~/ui/debounced-search";
import { deferred } from "~/ui/deferred";
import { GridIcon, ListIcon } from "~/ui/icons";
import { PrevNext } from "~/ui/prev-next";
import { BookCard } from "../book-card";
import { withCoverAltText } from "../cover-alt.server";
import { loadLibrary } from "../library.server";
import type { Route } from "./+types/library";

// The order and filters act only once pressed, and work as plain links and a GET form until their code comes.
const LibraryFilters = deferred(() => import("../library-near").then((module) => module.LibraryFilters));
// Server-rendered in place; its code comes after the page's, with the filters' (/library's first JavaScript stays as it was).
const StartCard = deferred(() => import("../library-near").then((module) => module.StartCard));
const WantedNear = deferred(() => import("../library-near").then((module) => module.WantedNear));

// Public: search engines find each language of this page.
export const handle = PUBLIC_PAGE_HANDLE;

const LIBRARY_TITLE = msg("Library — BookClub");
const LIBRARY_DESCRIPTION = msg("Browse the BookClub community library: books shared by readers near you, ready to borrow, swap or give away.");

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  // Without the loader's data (an error page) the title alone: the description is the library's own.
  if (!loaderData?.head) return [{ title: LIBRARY_TITLE }];
  return [{ title: loaderData.head.title }, { name: "description", content: loaderData.head.description }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const reader = readerFor(request, context);
  const ctx = serviceContext(context);
  const [{ remember, ...library }, own, start] = await Promise.all([
    loadLibrary(context, request, reader.locale),
    pageMessages(context, "books", "voice"),
    // A new member's start card, until they put it away.
    ctx.user ? startStepsFor(ctx) : null,
  ]);
  // "Wanted, near you" is the wanted feature's: its texts come only with it.
  const catalogue = library.wantedNear ? { ...(await pageMessages(context, "wanted")), ...own } : own;
  // A lent book's due label comes from loans: the page composes it, so books' loader needs no loans.
  const today = todayFor(reader);
  const items = library.items.map((book) => withCoverAltText(withDueLabel(book, today, reader)));
  // The page's title and description, in the request's language (meta has no translator of its own).
  // The counts and the empty state are written here, in the request's language: the page ships no texts it can do without.
  const texts = { pagerText: pagerText(library), emptyText: emptyText(library, reader.locale) };
  const wantedNear = library.wantedNear?.map((book) => withCoverAltText(book)) ?? null;
  const page = {
    ...library,
    ...texts,
    items,
    wantedNear,
    start,
    catalogue,
    head: { title: translate(LIBRARY_TITLE), description: translate(LIBRARY_DESCRIPTION) },
  };
  // Choosing Newest or Near me is remembered for the next visit.
  return withHeaders(page, remember ? { headers: { "Set-Cookie": remember } } : undefined);
}

type Loaded = Omit<Awaited<ReturnType<typeof loadLibrary>>, "remember">;

/** "Showing 1–25 of 1,234 books", or "100+ books" past a search's count. */
function pagerText({ page, limit, total, items }: Loaded): string {
  const first = (page - 1) * limit + 1;
  const values = { first, last: first + items.length - 1, count: total.count };
  if (items.length === 0) return total.capped ? translate("{count, plural, other {#+ books}}", values) : translate("{count, plural, other {# books}}", values);
  return total.capped
    ? translate("Showing {first, number}–{last, number} of {count, plural, other {#+ books}}", values)
    : translate("Showing {first, number}–{last, number} of {count, plural, other {# books}}", values);
}

function emptyText(data: Loaded, locale: string): string {
  if (data.search) return translate('No books found matching "{search}".', { search: data.search });
  if (data.filtered) return translate("No books match these filters.");
  if (data.near && data.radius) return translate("No books within {distance} yet. Try a wider radius.", { distance: formatKm(locale, data.radius) });
  if (data.near) return translate("No books near you yet.");
  if (data.signedIn) return translate("No books are available in your library yet.");
  return translate("No books available. Be the first to add one!");
}

// Switching grid/list only changes presentation; it need not reload the page of books.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("view");
    return `${url.pathname}?${params}`;
  };
  if (strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
}

type Data = Route.ComponentProps["loaderData"];

function useLinkTo() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
}

function Pager({ data, position }: { data: Data; position: "top" | "bottom" }) {
  const t = useT();
  const linkTo = useLinkTo();
  const { prevToken, nextToken, page } = data;
  return (
    <nav aria-label={position === "top" ? t("Pages (top)") : t("Pages (bottom)")} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700" aria-live={position === "top" ? "polite" : undefined}>
        {data.pagerText}
      </p>
      <PrevNext
        prevHref={prevToken ? linkTo({ prevToken, nextToken: null, page: String(Math.max(1, page - 1)) }) : null}
        nextHref={nextToken ? linkTo({ nextToken, prevToken: null, page: String(page + 1) }) : null}
        keepScroll={position === "top"}
      />
    </nav>
  );
}

function ViewToggle({ view }: { view: "grid" | "list" }) {
  const t = useT();
  const linkTo = useLinkTo();
  const base = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md";
  return (
    <fieldset aria-label={t("Layout")} className="flex rounded-lg border border-stone-300 bg-white p-0.5">
      <Link
        to={linkTo({ view: null })}
        aria-current={view === "grid" ? "true" : undefined}
        aria-label={t("Grid view")}
        replace
        preventScrollReset
        className={`${base} ${view === "grid" ? "bg-brand-700 text-white" : "text-stone-700 hover:bg-stone-100"}`}
      >
        <GridIcon />
      </Link>
      <Link
        to={linkTo({ view: "list" })}
        aria-current={view === "list" ? "true" : undefined}
        aria-label={t("List view")}
        replace
        preventScrollReset
        className={`${base} ${view === "list" ? "bg-brand-700 text-white" : "text-stone-700 hover:bg-stone-100"}`}
      >
        <ListIcon />
      </Link>
    </fieldset>
  );
}

export default function Library({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const view = params.get("view") === "list" ? "list" : "grid";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/library";
  const memberOf = new Set(data.memberClubIds);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-bold">{t("Community Library")}</h1>
          <p className="mt-1 text-stone-700">{t("Books shared by readers in the community.")}</p>
        </div>
      </div>
      {data.start && <StartCard steps={data.start} />}
      {data.wantedNear && <WantedNear items={data.wantedNear} />}
      <div role="tablist" aria-label={t("Library sections")} className="flex border-b border-stone-300">
        <span
          role="tab"
          id="tab-books"
          aria-selected="true"
          aria-controls="panel-books"
          tabIndex={0}
          className="-mb-px border-b-2 border-brand-700 px-4 py-2 font-semibold text-brand-800"
        >
          {t("Books")}
        </span>
      </div>
      <section id="panel-books" role="tabpanel" aria-labelledby="tab-books" className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <DebouncedSearch
            id="library-search"
            label={t("Search books")}
            placeholder={t("Search books...")}
            initial={data.search}
            keep={data.searchKeeps}
            addon={(searchNow) => <VoiceSearchButton server={data.voice.server} onSearch={searchNow} />}
          />
          <ViewToggle view={view} />
        </div>
        <LibraryFilters state={data.filters} />
        <Pager data={data} position="top" />
        {loading ? (
          <p role="status" className="py-16 text-center text-stone-700">
            {t("Loading your library...")}
          </p>
        ) : data.items.length === 0 ? (
          <p className="card p-8 text-center text-stone-700">{data.emptyText}</p>
        ) : (
          <ul className={view === "grid" ? "grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" : "flex flex-col gap-3"}>
            {data.items.map((book, index) => (
              <BookCard key={book.bookId} book={book} layout={view} eager={index < 5} isClubMember={!book.clubId || memberOf.has(book.clubId)} />
            ))}
          </ul>
        )}
        <Pager data={data} position="bottom" />
      </section>
    </div>
  );
}
