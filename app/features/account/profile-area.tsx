import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { currentPosition, GEOLOCATION_MESSAGES } from "~/features/geo";
import { TextField } from "~/ui/field";
import { FieldError } from "~/ui/field-error";
import { ProfileSection } from "./profile-section";

/** What the profile action answers for "My area": the place now kept, or a message. */
export type AreaActionResult = { area: true } & ({ ok: true; place: string | null } | { ok: false; errors: Record<string, string> });

/**
 * "My area": a typed place (looked up on the server) or the browser's position, sent only when the
 * button is pressed. The card says in plain words what others see: a rounded distance, never a place.
 */
export function ProfileArea({ place, pageAnswer }: { place: string | null; pageAnswer?: AreaActionResult }) {
  const t = useT();
  const ids = useId();
  const fetcher = useFetcher<AreaActionResult>({ key: "profile-area" });
  const busy = fetcher.state !== "idle";
  // A posted form without JavaScript answers through the page instead of the fetcher.
  const answer = fetcher.state === "idle" ? (fetcher.data ?? pageAnswer) : undefined;
  const shown = answer?.ok ? answer.place : place;
  const errors = answer && !answer.ok ? answer.errors : {};
  // The browser's own refusal, said here: nothing is sent then.
  const [positionError, setPositionError] = useState<string | null>(null);

  async function locateMe() {
    setPositionError(null);
    if (!("geolocation" in navigator)) return setPositionError(t(GEOLOCATION_MESSAGES.unsupported));
    try {
      const { coords } = await currentPosition();
      // Rounded to about 11 m here; the server keeps only the 0.01° cell.
      fetcher.submit({ area: "position", lat: coords.latitude.toFixed(4), lon: coords.longitude.toFixed(4) }, { method: "post" });
    } catch (error) {
      const denied = typeof error === "object" && error !== null && "code" in error && error.code === 1;
      setPositionError(t(denied ? GEOLOCATION_MESSAGES.denied : GEOLOCATION_MESSAGES.failed));
    }
  }

  return (
    <ProfileSection title={t("My area")} id="my-area">
      <p className="text-sm text-stone-700">
        {t(
          "Others see only how far away your books are, rounded to whole kilometres (“under 1 km” at the closest), never where you are. We keep an area of about 1 km and its name.",
        )}
      </p>
      <p role="status" className="font-medium">
        {shown ? t("Your area: {place}", { place: shown }) : t("No area yet: your books are not near anyone.")}
      </p>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="area" value="place" />
        <TextField
          id={`${ids}-place`}
          name="place"
          label={t("Town or city")}
          autoComplete="address-level2"
          required
          maxLength={100}
          error={errors.place}
          announceError
          fieldClassName="grow"
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("Save my area")}
        </button>
      </fetcher.Form>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={locateMe} disabled={busy}>
          {t("Use my location")}
        </button>
        {shown && (
          <fetcher.Form method="post">
            <input type="hidden" name="area" value="clear" />
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {t("Clear my area")}
            </button>
          </fetcher.Form>
        )}
      </div>
      <FieldError id={`${ids}-error`} message={positionError ?? errors.form} />
    </ProfileSection>
  );
}
