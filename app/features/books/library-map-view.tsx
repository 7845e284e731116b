import { formatKm } from "@worker/core/shared/distance-format";
import { Link } from "react-router";
import { useI18n } from "~/core/i18n";
import { type MapMarker, PlaceMap, type PlaceMapData } from "~/ui/place-map";
import { BookCover } from "./book-cover";
import { coverAlt } from "./cover-alt";
import { DistanceNote } from "./distance-note";

interface TileBook {
  bookId: string;
  title: string;
  author: string;
  userName: string;
  coverImage: string | null;
  distanceKm?: number;
}

/** The library map: each place's count of books, and its books listed below when pressed. */
export function LibraryMapView({ data }: { data: PlaceMapData }) {
  const { t, locale } = useI18n();
  const markerLabel = (marker: MapMarker) =>
    t(
      marker.distanceKm
        ? "{count, plural, one {# book, about {distance} away} other {# books, about {distance} away}}"
        : "{count, plural, one {# book, under {distance} away} other {# books, under {distance} away}}",
      { count: marker.count, distance: formatKm(locale, marker.distanceKm || 1) },
    );
  return (
    <PlaceMap<TileBook>
      data={data}
      name={t("Map of books near you")}
      markerLabel={markerLabel}
      listPath={(tileId) => `/api/books/map/tiles/${encodeURIComponent(tileId)}/books`}
      itemKey={(book) => book.bookId}
      texts={{ loading: t("Loading books…"), failed: t("Could not load the books of this place. Please try again."), more: t("Show more books") }}
      renderItem={(book) => (
        <>
          <BookCover src={book.coverImage} title={book.title} alt={coverAlt(t, book.title, book.author)} className="w-14 shrink-0 rounded" />
          <div className="min-w-0">
            <Link dir="auto" to={`/books/${book.bookId}`} className="font-semibold text-brand-800 underline">
              {book.title}
            </Link>
            <p dir="auto" className="text-sm text-stone-700">
              {book.author}
            </p>
            <p className="text-xs text-stone-600">{t("Shared by {name}", { name: book.userName })}</p>
            {book.distanceKm !== undefined && <DistanceNote km={book.distanceKm} />}
          </div>
        </>
      )}
    />
  );
}
