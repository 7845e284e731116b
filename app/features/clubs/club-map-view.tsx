import { formatKm } from "@worker/core/shared/distance-format";
import type { BrowseClub } from "@worker/features/clubs/club-lists";
import { useI18n } from "~/core/i18n";
import { type MapMarker, PlaceMap, type PlaceMapData } from "~/ui/place-map";
import { BrowseClubBody } from "./club-card";

/** The clubs' map: how many clubs meet in each place, and those clubs listed below when it is pressed. */
export function ClubMapView({ data }: { data: PlaceMapData }) {
  const { t, locale } = useI18n();
  const markerLabel = (marker: MapMarker) =>
    t(
      marker.distanceKm
        ? "{count, plural, one {# club, about {distance} away} other {# clubs, about {distance} away}}"
        : "{count, plural, one {# club, under {distance} away} other {# clubs, under {distance} away}}",
      { count: marker.count, distance: formatKm(locale, marker.distanceKm || 1) },
    );
  return (
    <PlaceMap<BrowseClub>
      data={data}
      name={t("Map of clubs near you")}
      markerLabel={markerLabel}
      listPath={(tileId) => `/api/clubs/map/tiles/${encodeURIComponent(tileId)}/clubs`}
      itemKey={(club) => club.clubId}
      texts={{ loading: t("Loading clubs…"), failed: t("Could not load the clubs of this place. Please try again."), more: t("Show more clubs") }}
      renderItem={(club) => (
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <BrowseClubBody club={club} requested={club.userStatus === "pending"} />
        </div>
      )}
    />
  );
}
