import { timeZoneLabel, timeZones } from "@worker/core/shared/time-zones";
import { useEffect, useState } from "react";
import { useT } from "~/core/i18n";
import { TextField } from "~/ui/field";
import { useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

/**
 * The member's zone, searchable among every zone the browser knows: a text box whose suggestions
 * (a datalist) match a city or a region as the member types ("lisb" → Europe/Lisbon). The list is
 * the browser's own and is filled after hydration, so the page carries no 400-row payload and the
 * server's render never disagrees with it; without JavaScript the box still takes a zone by name,
 * which the server checks. "Use this device's zone" appears when the device is elsewhere.
 */
export function TimeZoneField({ id, value, onChange, error }: { id: string; value: string; onChange: (zone: string) => void; error?: string | null }) {
  const t = useT();
  const [zones, setZones] = useState<readonly string[]>([]);
  const [device, setDevice] = useState<string | null>(null);
  useEffect(() => {
    setZones(timeZones());
    setDevice(Intl.DateTimeFormat().resolvedOptions().timeZone ?? null);
  }, []);
  const box = useTypedBeforeHydration<HTMLInputElement>(value, onChange);
  const listId = `${id}-zones`;
  return (
    <div className="space-y-2">
      <TextField
        id={id}
        label={t("Timezone")}
        hint={t("Type a city or region, e.g. Lisbon or New York.")}
        error={error ?? undefined}
        name="timezone"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        ref={box}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="field min-h-11"
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {timeZoneLabel(zone)}
          </option>
        ))}
      </datalist>
      {device && device !== value && (
        <button type="button" className="btn btn-secondary min-h-11" onClick={() => onChange(device)}>
          {t("Use this device's zone ({zone})", { zone: device.replaceAll("_", " ") })}
        </button>
      )}
    </div>
  );
}
