import { DEV_TILES_PREFIX, mapTileSettings, readConfig } from "@worker/core/config";
import type { AppEnv } from "@worker/core/http/app-env";
import type { MiddlewareHandler } from "hono";
// One recorded tile (256 × 256), bundled as a data URL: local runs and tests never ask a tile server.
import recordedTile from "../../../tests/geo/fixtures/map-tile.png?inline";

let bytes: Uint8Array | undefined;
const tileBytes = () => (bytes ??= Uint8Array.from(atob(recordedTile.slice(recordedTile.indexOf(",") + 1)), (char) => char.charCodeAt(0)));

/**
 * GET /dev-tiles/{z}/{x}/{y}.png: the library map's tiles when MAP_TILE_URL points here (.dev.vars,
 * the test configs); every tile is the same recorded image. Otherwise the path is not there (404).
 */
export const devMapTile: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!mapTileSettings(readConfig(c.env)).url.startsWith(DEV_TILES_PREFIX)) return next();
  if (!/^\/dev-tiles\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/.test(c.req.path)) return c.text("Not found", 404);
  return c.body(tileBytes().slice().buffer as ArrayBuffer, 200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" });
};
