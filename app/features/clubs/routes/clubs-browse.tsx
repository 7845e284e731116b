import { translate } from "@worker/core/i18n/request-language";
import { BROWSE_CLUBS_PAGE_SIZE } from "@worker/core/shared/rules";
import { browseClubs, browseClubsQuerySchema } from "@worker/features/clubs/club-lists";
import { viewerCell } from "@worker/features/geo";
import { Link, useNavigation } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import { queryFromUrl } from "~/core/url-query.server";
import { DebouncedSearch } from "~/ui/debounced-search";
import { PrevNext } from "~/ui/prev-next";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { BrowseClubCard } from "../club-card";
import { clubIntentAction } from "../club-intents.server";
import { ClubTabs } from "../club-tabs";
import { NearMe } from "../near-me";
import type { Route } from "./+types/clubs-browse";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Browse Clubs"} — BookClub` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  // The page size is fixed (12); a tampered cursor or search falls back to the first page.
  const query = queryFromUrl(
    browseClubsQuerySchema,
    new URL(request.url).searchParams,
    ["nextToken", "prevToken", "search", "lat", "lon", "near", "unplaced"],
    {
      limit: BROWSE_CLUBS_PAGE_SIZE,
    },
  );
  // With an area on /profile, near me sorts by it and the browser is not asked.
  const area = await viewerCell(ctx);
  const hasArea = area !== null;
  // Near me needs both halves of the position; half of one (an edited link) shows the newest instead.
  const near: Record<string, string> | null =
    query.lat !== undefined && query.lon !== undefined
      ? { lat: String(query.lat), lon: String(query.lon) }
      : query.near === "me" && hasArea
        ? { near: "me" }
        : null;
  // The clubs near me cannot place, on their own (a link from the near-me list's note).
  const unplaced = !near && query.unplaced === "1";
  const [page, catalogue] = await Promise.all([
    browseClubs(ctx, near ? query : { ...query, lat: undefined, lon: undefined, near: undefined, unplaced: unplaced ? "1" : undefined }, area),
    // 'Near me' words its failures with geo's messages.
    pageMessages(context, "clubs", "geo"),
  ]);
  // The member's own pending requests on this page, so 'Requested' stays after a reload.
  const requested = page.items.filter((club) => club.userStatus === "pending").map((club) => club.clubId);
  return {
    ...page,
    notPlaced: page.notPlaced ?? null,
    search: query.search ?? "",
    requested,
    near,
    unplaced,
    hasArea,
    title: translate("Browse Clubs"),
    catalogue,
  };
}

/** 'Request to Join' posts here; the answer says pending (private club) or active (joined at once). */
export async function action({ request, context }: Route.ActionArgs) {
  return clubIntentAction({ request, context, page: "list" });
}

function Pager({
  prevToken,
  nextToken,
  search,
  near,
  position,
}: {
  prevToken: string | null;
  nextToken: string | null;
  search: string;
  near: Record<string, string> | null;
  position: "top" | "bottom";
}) {
  const t = useT();
  const linkTo = (token: Record<string, string>) => `?${new URLSearchParams({ ...(search ? { search } : {}), ...(near ?? {}), ...token })}`;
  if (!prevToken && !nextToken) return null;
  return (
    <nav aria-label={position === "top" ? t("Pages (top)") : t("Pages (bottom)")} className="flex justify-end">
      <PrevNext prevHref={prevToken ? linkTo({ prevToken }) : null} nextHref={nextToken ? linkTo({ nextToken }) : null} />
    </nav>
  );
}

export default function BrowseClubs({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/clubs/browse";
  return (
    <div className="space-y-5">
      <h1 className="font-serif text-3xl font-bold">{t("Book Clubs")}</h1>
      <ClubTabs current="browse" />
      <DebouncedSearch id="club-search" label={t("Search clubs")} placeholder={t("Search clubs by name, description, location…")} initial={data.search} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <NearMe
          sorted={data.unplaced ? "unplaced" : data.near === null ? null : "near" in data.near ? "area" : "position"}
          hasArea={data.hasArea}
          notPlaced={data.notPlaced}
          search={data.search}
        />
        <Link
          to={data.near ? `/clubs/map?${new URLSearchParams(data.near)}` : "/clubs/map"}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          {t("Show on a map")}
        </Link>
      </div>
      <Pager prevToken={data.prevToken} nextToken={data.nextToken} search={data.search} near={data.unplaced ? { unplaced: "1" } : data.near} position="top" />
      <div aria-busy={loading || undefined}>
        {data.items.length === 0 ? (
          <p className="card p-8 text-center text-stone-700">{t("No clubs found.")}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((club) => (
              <BrowseClubCard key={club.clubId} club={club} requested={data.requested.includes(club.clubId)} />
            ))}
          </ul>
        )}
      </div>
      <Pager
        prevToken={data.prevToken}
        nextToken={data.nextToken}
        search={data.search}
        near={data.unplaced ? { unplaced: "1" } : data.near}
        position="bottom"
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return <RouteErrorBoundary error={error} heading={t("Failed to browse clubs")} />;
}
