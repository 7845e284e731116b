import { formatKm } from "@worker/core/shared/distance-format";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useI18n } from "~/core/i18n";
import { type LatLon, MAX_ZOOM, MIN_ZOOM, metresPerPx, placeInView, TILE_PX, tileSrc, tilesInView, VIEW_PX, zoomForRadius } from "./map-projection";

/** A 0.1° tile with what it holds: the only place a map names. */
export interface MapMarker {
  tileId: string;
  lat: number;
  lon: number;
  count: number;
  distanceKm: number;
}

export interface PlaceMapData {
  centre: LatLon;
  radius: number;
  tiles: MapMarker[];
  tileUrl: string;
  attribution: string;
  /** A one-off position to measure a tile's items from (else the member's area). */
  position: LatLon | null;
}

export interface PlaceMapProps<T> {
  data: PlaceMapData;
  /** The map's name for screen readers ("Map of books near you"). */
  name: string;
  /** A marker's name, which the list's heading shares. */
  markerLabel: (marker: MapMarker) => string;
  /** The API path of a tile's items (paged with nextToken). */
  listPath: (tileId: string) => string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  texts: { loading: string; failed: string; more: string };
}

type Listing<T> = { state: "loading" } | { state: "failed" } | { state: "ready"; items: T[]; nextToken: string | null };

const RINGS_KM = [1, 5, 10, 25];
/** A marker's side in the view's units: about 44 px on a phone-wide map. */
const MARKER = 60;

/**
 * A map of places (the library's books, the clubs): slippy-map tiles drawn as images (no map
 * library), each 0.1° tile with something in it as a button at its centre, and distance rings.
 * Without tiles (an image fails) the markers and rings stay, on a plain background. Pressing a
 * marker lists that place's items below the map, where the keyboard and screen readers find them.
 */
export function PlaceMap<T>({ data, name, markerLabel, listPath, itemKey, renderItem, texts }: PlaceMapProps<T>) {
  const { t, locale } = useI18n();
  const [zoom, setZoom] = useState(() => zoomForRadius(data.centre.lat, data.radius));
  const [tilesFailed, setTilesFailed] = useState(false);
  const [selected, setSelected] = useState<MapMarker | null>(null);
  const [listing, setListing] = useState<Listing<T> | null>(null);
  const request = useRef(0);

  // A tile that failed before the page came to life fired its error unheard: probe the first one once (from the cache).
  const [firstTile] = useState(() => {
    const first = tilesInView(data.centre, zoom)[0];
    return first ? tileSrc(data.tileUrl, first) : null;
  });
  useEffect(() => {
    if (!firstTile) return;
    const probe = new Image();
    probe.onerror = () => setTilesFailed(true);
    probe.src = firstTile;
  }, [firstTile]);

  async function open(marker: MapMarker, after?: string) {
    const ticket = ++request.current;
    setSelected(marker);
    if (!after) setListing({ state: "loading" });
    const query = new URLSearchParams();
    if (data.position) {
      query.set("lat", String(data.position.lat));
      query.set("lon", String(data.position.lon));
    }
    if (after) query.set("nextToken", after);
    try {
      const response = await fetch(`${listPath(marker.tileId)}?${query}`, { headers: { Accept: "application/json" } });
      const body = (await response.json()) as { success: boolean; data?: { items: T[]; nextToken: string | null } };
      if (ticket !== request.current) return;
      if (!response.ok || !body.success || !body.data) throw new Error(String(response.status));
      const page = body.data;
      setListing((before) => ({
        state: "ready",
        items: after && before?.state === "ready" ? [...before.items, ...page.items] : page.items,
        nextToken: page.nextToken,
      }));
    } catch {
      if (ticket === request.current) setListing({ state: "failed" });
    }
  }

  const tiles = tilesFailed ? [] : tilesInView(data.centre, zoom);
  const perPx = metresPerPx(data.centre.lat, zoom);
  const zoomButton = "flex size-11 items-center justify-center bg-white text-xl font-bold text-stone-900 hover:bg-stone-100 disabled:text-stone-400";

  return (
    <div className="space-y-4">
      <section aria-label={name} className="relative mx-auto w-full max-w-[512px]">
        <div className="relative aspect-square w-full overflow-hidden rounded-lg border border-stone-300 bg-stone-100">
          {/* Everything is placed with SVG attributes in the view's own units: the page's CSP allows no inline styles. */}
          <svg viewBox={`0 0 ${VIEW_PX} ${VIEW_PX}`} className="absolute inset-0 h-full w-full" aria-hidden="true">
            {tiles.map((tile) => (
              <image
                key={tile.key}
                href={tileSrc(data.tileUrl, tile)}
                x={tile.left}
                y={tile.top}
                width={TILE_PX}
                height={TILE_PX}
                preserveAspectRatio="none"
                onError={() => setTilesFailed(true)}
              />
            ))}
            {RINGS_KM.map((km) => {
              const r = (km * 1000) / perPx;
              return (
                <g key={km}>
                  <circle cx={VIEW_PX / 2} cy={VIEW_PX / 2} r={r} fill="none" stroke="#6b5b45" strokeWidth={1.5} strokeDasharray="6 5" opacity={0.7} />
                  <text x={VIEW_PX / 2} y={VIEW_PX / 2 - r - 4} textAnchor="middle" fontSize={13} fill="#44403c">
                    {formatKm(locale, km)}
                  </text>
                </g>
              );
            })}
            <circle cx={VIEW_PX / 2} cy={VIEW_PX / 2} r={5} fill="#1d4ed8" stroke="white" strokeWidth={2} />
          </svg>
          <svg viewBox={`0 0 ${VIEW_PX} ${VIEW_PX}`} role="none" className="absolute inset-0 h-full w-full">
            {data.tiles.map((marker) => {
              const at = placeInView(data.centre, marker, zoom);
              if (at.left < -20 || at.top < -20 || at.left > VIEW_PX + 20 || at.top > VIEW_PX + 20) return null;
              const active = selected?.tileId === marker.tileId;
              return (
                <foreignObject key={marker.tileId} x={at.left - MARKER / 2} y={at.top - MARKER / 2} width={MARKER} height={MARKER}>
                  <button
                    type="button"
                    aria-label={markerLabel(marker)}
                    aria-expanded={active}
                    aria-controls="map-place-items"
                    onClick={() => open(marker)}
                    className={`flex size-full items-center justify-center rounded-full border-2 border-white text-base font-bold shadow-md focus-visible:outline-3 focus-visible:outline-offset-[-6px] focus-visible:outline-white ${active ? "bg-stone-900 text-white" : "bg-brand-700 text-white"}`}
                  >
                    {new Intl.NumberFormat(locale).format(marker.count)}
                  </button>
                </foreignObject>
              );
            })}
          </svg>
          <div className="absolute top-2 right-2 flex flex-col overflow-hidden rounded-md border border-stone-300 shadow">
            <button
              type="button"
              aria-label={t("Zoom in")}
              disabled={zoom >= MAX_ZOOM}
              onClick={() => setZoom((z) => Math.min(MAX_ZOOM, z + 1))}
              className={zoomButton}
            >
              +
            </button>
            <button
              type="button"
              aria-label={t("Zoom out")}
              disabled={zoom <= MIN_ZOOM}
              onClick={() => setZoom((z) => Math.max(MIN_ZOOM, z - 1))}
              className={zoomButton}
            >
              −
            </button>
          </div>
          {!tilesFailed && <p className="absolute right-0 bottom-0 bg-white/85 px-1.5 py-0.5 text-[11px] text-stone-800">{data.attribution}</p>}
        </div>
        {tilesFailed && (
          <p className="mt-1 text-xs text-stone-700">{t("The map's background could not be loaded; the places and distances are still shown.")}</p>
        )}
      </section>
      <section id="map-place-items" aria-live="polite" className="space-y-3">
        {selected && <h2 className="font-serif text-xl font-bold">{markerLabel(selected)}</h2>}
        {listing?.state === "loading" && <p role="status">{texts.loading}</p>}
        {listing?.state === "failed" && (
          <p role="alert" className="text-red-800">
            {texts.failed}
          </p>
        )}
        {listing?.state === "ready" && (
          <>
            <ul className="flex flex-col gap-3">
              {listing.items.map((item) => (
                <li key={itemKey(item)} className="card flex gap-3 p-3">
                  {renderItem(item)}
                </li>
              ))}
            </ul>
            {listing.nextToken && selected && (
              <button type="button" className="btn btn-secondary" onClick={() => open(selected, listing.nextToken ?? undefined)}>
                {texts.more}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
