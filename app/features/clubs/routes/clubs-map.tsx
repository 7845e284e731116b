import { translate } from "@worker/core/i18n/request-language";
import { formatKm } from "@worker/core/shared/distance-format";
import { Link } from "react-router";
import { useI18n } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { LocateButton, RadiusMap } from "~/features/geo";
import { deferred } from "~/ui/deferred";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { clubIntentAction } from "../club-intents.server";
import { loadClubMap } from "../club-map.server";
import { ClubTabs } from "../club-tabs";
import type { Route } from "./+types/clubs-map";

// The map's code (projection, tiles, markers, the place's clubs) is its own chunk, fetched after the page comes to life.
const ClubMapView = deferred(() => import("../club-map-view").then((module) => module.ClubMapView));

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Clubs map"} — BookClub` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [map, catalogue] = await Promise.all([loadClubMap(context, request), pageMessages(context, "clubs", "geo")]);
  return { ...map, catalogue, title: translate("Clubs map") };
}

/** 'Request to Join' under a place posts here, as on Browse Clubs. */
export async function action({ request, context }: Route.ActionArgs) {
  return clubIntentAction({ request, context, page: "list" });
}

export default function ClubsMap({ loaderData: data }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <div className="space-y-5">
      <h1 className="font-serif text-3xl font-bold">{t("Clubs map")}</h1>
      <ClubTabs current="browse" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-stone-700">{t("Each marker is a place about 11 km across with the number of clubs that meet there.")}</p>
        <Link to={data.listHref} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {t("Show as a list")}
        </Link>
      </div>
      {data.centre ? (
        <RadiusMap
          data={{ ...data, centre: data.centre }}
          empty={t("No clubs meet within {distance} yet. Try a wider radius.", { distance: formatKm(locale, data.radius) })}
          View={ClubMapView}
        />
      ) : (
        <div className="space-y-2">
          <p className="text-stone-800">
            {t("Set your area on your profile to see what is near you.")}{" "}
            <Link to="/profile#my-area" className="font-semibold underline">
              {t("Set my area")}
            </Link>
          </p>
          <p className="text-stone-800">{t("Or share your location for this visit. It is rounded to about 1 km and never stored.")}</p>
          <LocateButton to={(lat, lon) => `/clubs/map?lat=${lat}&lon=${lon}&radius=${data.radius}`} />
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n();
  return <RouteErrorBoundary error={error} heading={t("Failed to load the clubs map")} />;
}
