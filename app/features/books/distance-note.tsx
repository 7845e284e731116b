import { formatKm } from "@worker/core/shared/distance-format";
import { useI18n } from "~/core/i18n";

/** "3 km", "٣ كم", "3 km" in the reader's locale and units. */

/** A card's distance as others may see it: 0 is "under 1 km". */
export function DistanceNote({ km }: { km: number }) {
  const { t, locale } = useI18n();
  return <p className="text-xs font-semibold text-brand-800">{t(km ? "about {distance}" : "under {distance}", { distance: formatKm(locale, km || 1) })}</p>;
}
