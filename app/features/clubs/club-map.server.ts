import { readClubTiles } from "@worker/features/clubs/club-map";
import type { RouterContextProvider } from "react-router";
import { memberContext } from "~/core/route-context.server";
import { loadRadiusMap } from "~/features/geo/index.server";

/** /clubs/map: the tiles where clubs meet around my area or a one-off position, with the list of the same clubs. */
export async function loadClubMap(context: Readonly<RouterContextProvider>, request: Request) {
  const { placed, map } = await loadRadiusMap(memberContext(context), request, readClubTiles);
  const { position } = map;
  // The list of the same clubs: Browse Clubs sorted by distance from the same place.
  const listHref = position ? `/clubs/browse?lat=${position.lat}&lon=${position.lon}` : placed ? "/clubs/browse?near=me" : "/clubs/browse";
  return { ...map, listHref };
}
