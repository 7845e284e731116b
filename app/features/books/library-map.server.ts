import { readMapTiles } from "@worker/features/books/library-map";
import type { RouterContextProvider } from "react-router";
import { serviceContext } from "~/core/route-context.server";
import { loadRadiusMap } from "~/features/geo/index.server";

/** /library/map: the tiles of listed books around my area or a one-off position, with the list of the same place. */
export async function loadLibraryMap(context: Readonly<RouterContextProvider>, request: Request) {
  const ctx = serviceContext(context);
  const { placed, map } = await loadRadiusMap(ctx, request, readMapTiles);
  // The list of the same place: /library sorted by distance from it.
  const list = new URLSearchParams(map.position ? { lat: String(map.position.lat), lon: String(map.position.lon) } : placed ? { near: "me" } : {});
  if (placed) list.set("radius", String(map.radius));
  return { ...map, signedIn: Boolean(ctx.user), listHref: `/library?${list}` };
}
