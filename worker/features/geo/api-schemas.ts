import { z } from "zod";

/** What the geo route answers in `data`, for the API reference. */

/** `GET /api/geo/reverse`: the place's name, or the coordinates when the maps service cannot name it. */
export const locationView = z.looseObject({ location: z.string() });

/** `/api/geo/my-area`: my area's place name (null when none is set); never its cell. */
export const memberAreaView = z.strictObject({ place: z.string().nullable() });

/**
 * A map's answer (`GET /api/books/map`, `GET /api/clubs/map`): how many items each 0.1° tile holds, at
 * the tile's centre, never a finer place.
 */
export const placeMapView = z.looseObject({
  /** The centre of the viewer's own 0.1° tile: where the map opens. */
  centre: z.object({ lat: z.number(), lon: z.number() }),
  radiusKm: z.number().int().min(1),
  tiles: z.array(
    z.looseObject({
      /** Opaque: pass it to the map's `/tiles/{tileId}/…` list. */
      tileId: z.string(),
      lat: z.number(),
      lon: z.number(),
      count: z.number().int().min(1),
      /** From the viewer to the tile's centre, rounded as others may see a distance. */
      distanceKm: z.number().int().min(0),
    }),
  ),
});
