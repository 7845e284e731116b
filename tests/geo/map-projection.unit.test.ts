import { describe, expect, it } from "vitest";
import { metresPerPx, placeInView, TILE_PX, tileSrc, tilesInView, VIEW_PX, worldPx, zoomForRadius } from "~/ui/map-projection";

describe("the library map's projection (Web Mercator)", () => {
  it("puts known places where slippy-map tiles have them", () => {
    expect(worldPx({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    // London at zoom 10 lies in tile 511/340 (OpenStreetMap's numbering).
    const london = worldPx({ lat: 51.5074, lon: -0.1278 }, 10);
    expect([Math.floor(london.x / TILE_PX), Math.floor(london.y / TILE_PX)]).toEqual([511, 340]);
  });

  it("chooses the zoom at which the radius's circle fits the view", () => {
    for (const [lat, km] of [
      [51.5, 25],
      [70, 1],
      [-33.9, 100],
      [0, 5],
    ] as const) {
      const z = zoomForRadius(lat, km);
      const across = (2 * km * 1000) / metresPerPx(lat, z);
      expect(across, `${lat} ${km}`).toBeLessThanOrEqual(VIEW_PX);
      expect((2 * km * 1000) / metresPerPx(lat, z + 1), `${lat} ${km}`).toBeGreaterThan(VIEW_PX);
    }
  });

  it("covers the view with tiles and places points in it, across the antimeridian too", () => {
    const centre = { lat: 51.54, lon: -0.1 };
    const tiles = tilesInView(centre, 9);
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    expect(tiles.every((tile) => tile.left > -TILE_PX && tile.left < VIEW_PX && tile.top > -TILE_PX && tile.top < VIEW_PX)).toBe(true);
    expect(placeInView(centre, centre, 9)).toEqual({ left: VIEW_PX / 2, top: VIEW_PX / 2 });
    const east = placeInView({ lat: -17, lon: 179.95 }, { lat: -17, lon: -179.95 }, 9);
    expect(east.left).toBeGreaterThan(VIEW_PX / 2);
    expect(east.left).toBeLessThan(VIEW_PX);
    const wrapped = tilesInView({ lat: -17, lon: 179.99 }, 9);
    expect(wrapped.some((tile) => tile.x === 0)).toBe(true);
    expect(tileSrc("/dev-tiles/{z}/{x}/{y}.png", { z: 9, x: 255, y: 170 })).toBe("/dev-tiles/9/255/170.png");
  });
});
