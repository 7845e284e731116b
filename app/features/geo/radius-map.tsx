import type { ComponentType } from "react";
import type { PlaceMapData } from "~/ui/place-map";
import { MapRadiusForm } from "./map-radius-form";

/** A map page's loader data once it has a centre: the map's data with the radii offered and where it is measured from. */
export type RadiusMapData = PlaceMapData & { radii: readonly number[]; mode: "area" | "position" | null };

/**
 * A map page's body once it has a centre: the "Within" form, `empty` when nothing is within reach, and
 * the map, drawn anew for each place and radius.
 */
export function RadiusMap({ data, empty, View }: { data: RadiusMapData; empty: string; View: ComponentType<{ data: PlaceMapData }> }) {
  const { centre, radius, tiles, tileUrl, attribution, position } = data;
  return (
    <>
      <MapRadiusForm radius={radius} radii={data.radii} position={position} mode={data.mode} />
      {tiles.length === 0 && (
        <p role="status" className="card p-4 text-center text-stone-700">
          {empty}
        </p>
      )}
      <View key={`${centre.lat},${centre.lon},${radius}`} data={{ centre, radius, tiles, tileUrl, attribution, position }} />
    </>
  );
}
