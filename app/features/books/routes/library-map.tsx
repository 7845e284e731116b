import { translate } from "@worker/core/i18n/request-language";
import { formatKm } from "@worker/core/shared/distance-format";
import { msg } from "@worker/core/shared/translate";
import { Link } from "react-router";
import { PUBLIC_PAGE_HANDLE, useI18n } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { LocateButton, RadiusMap } from "~/features/geo";
import { deferred } from "~/ui/deferred";
import { loadLibraryMap } from "../library-map.server";
import type { Route } from "./+types/library-map";

// The map's code (projection, tiles, markers, the place's books) is its own chunk, fetched after the page comes to life.
const LibraryMapView = deferred(() => import("../library-map-view").then((module) => module.LibraryMapView));

export const handle = PUBLIC_PAGE_HANDLE;

const MAP_TITLE = msg("Library map — BookClub");
const MAP_DESCRIPTION = msg("See how many books readers share in each place near you, and open a place to list its books.");

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const head = loaderData?.head ?? { title: MAP_TITLE, description: MAP_DESCRIPTION };
  return [{ title: head.title }, { name: "description", content: head.description }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const [map, catalogue] = await Promise.all([loadLibraryMap(context, request), pageMessages(context, "books", "geo")]);
  return { ...map, catalogue, head: { title: translate(MAP_TITLE), description: translate(MAP_DESCRIPTION) } };
}

export default function LibraryMap({ loaderData: data }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-bold">{t("Library map")}</h1>
          <p className="mt-1 text-stone-700">
            {t("Each marker is a place about 11 km across with the number of books shared there; none shows where a member lives.")}
          </p>
        </div>
        <Link to={data.listHref} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {t("Show as a list")}
        </Link>
      </div>
      {data.centre ? (
        <RadiusMap
          data={{ ...data, centre: data.centre }}
          empty={t("No books within {distance} yet. Try a wider radius.", { distance: formatKm(locale, data.radius) })}
          View={LibraryMapView}
        />
      ) : data.signedIn ? (
        <p role="status" className="text-stone-800">
          {t("Set your area on your profile to see what is near you.")}{" "}
          <Link to="/profile#my-area" className="font-semibold underline">
            {t("Set my area")}
          </Link>
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-stone-800">{t("Share your location for this visit to see the books around you. It is rounded to about 1 km and never stored.")}</p>
          <LocateButton to={(lat, lon) => `/library/map?lat=${lat}&lon=${lon}&radius=${data.radius}`} />
        </div>
      )}
    </div>
  );
}
