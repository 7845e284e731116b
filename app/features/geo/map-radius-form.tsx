import { formatKm } from "@worker/core/shared/distance-format";
import { Form, useSubmit } from "react-router";
import { useI18n } from "~/core/i18n";

/**
 * A map's "Within" choice: a GET form that reloads the map for the chosen radius (at once with
 * script, by Apply without), carrying a one-off position as it came (already rounded to 0.01°).
 */
export function MapRadiusForm({
  radius,
  radii,
  position,
  mode,
}: {
  radius: number;
  radii: readonly number[];
  position: { lat: number; lon: number } | null;
  mode: "area" | "position" | null;
}) {
  const { t, locale } = useI18n();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex flex-wrap items-center gap-3" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      {position && (
        <>
          <input type="hidden" name="lat" value={position.lat} />
          <input type="hidden" name="lon" value={position.lon} />
        </>
      )}
      <label className="flex items-center gap-2 text-sm">
        {t("Within")}
        <select name="radius" defaultValue={radius} className="field w-auto py-2">
          {radii.map((km) => (
            <option key={km} value={km}>
              {formatKm(locale, km)}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="btn btn-secondary">
          {t("Apply")}
        </button>
      </noscript>
      <p className="text-sm">{t(mode === "area" ? "Around your area." : "Around about where you are.")}</p>
    </Form>
  );
}
