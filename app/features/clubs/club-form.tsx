import {
  CLUB_DESCRIPTION_MAX,
  CLUB_LOCATION_MAX,
  CLUB_NAME_MAX,
  CLUB_NAME_REQUIRED,
  LOCATION_REQUIRED,
  MEMBER_LIMIT_MAX,
  MEMBER_LIMIT_MIN,
} from "@worker/core/shared/club-limits";
import { useEffect, useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { TimeZoneField } from "~/features/account";
import { type CoarsePosition, coarsenLocationText, useGeolocation } from "~/features/geo";
import { Field, TextAreaField, TextField } from "~/ui/field";
import { FieldError } from "~/ui/field-error";
import { useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

/** What the form starts with: an existing club's fields when editing, blanks when creating. */
export interface ClubFormValues {
  name: string;
  description: string;
  location: string;
  isPrivate: boolean;
  memberLimit: number | null;
  /** The zone the club meets in; a new club starts in the browser's. */
  timezone?: string;
}

const BLANK: ClubFormValues = { name: "", description: "", location: "", isPrivate: false, memberLimit: null };

type FieldName = "name" | "description" | "location" | "isPrivate" | "memberLimit" | "timezone" | "form";

/**
 * The Create Book Club and Edit Club form. It posts `intent=create` or `intent=update` to the
 * page's action (which validates with the shared schema); once hydrated it checks the two
 * required fields first, with the product's messages (docs/product.md#create-and-edit), and offers 'Use my location'.
 */
export function ClubForm({
  intent,
  clubId,
  initial = BLANK,
  errors,
  cancelHref,
}: {
  intent: "create" | "update";
  clubId?: string;
  initial?: ClubFormValues;
  /** The action's answer for this form, if any. */
  errors?: Partial<Record<string, string>>;
  cancelHref: string;
}) {
  const t = useT();
  const id = useId();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Coordinates in the text are shown as others will see them: rounded to 0.01°, as the server saves them.
  const [location, setLocation] = useState(coarsenLocationText(initial.location));
  const locationBox = useTypedBeforeHydration<HTMLInputElement>(location, setLocation);
  const [clientErrors, setClientErrors] = useState<Partial<Record<FieldName, string>> | null>(null);
  // The server's render uses the member's own zone; once hydrated, a new club takes the browser's.
  const reader = useReader();
  const [serverZone] = useState(initial.timezone ?? reader.timeZone);
  const [timezone, setTimezone] = useState(serverZone);
  useEffect(() => {
    // Unless a zone was typed before hydration (the field hands it over first).
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";
    if (intent === "create") setTimezone((current) => (current === serverZone ? browserZone : current));
  }, [intent, serverZone]);
  // The club's coarse position, only from "Use my location" (rounded to 0.01° before it is sent); typing another place drops it.
  const [position, setPosition] = useState<CoarsePosition | null>(null);
  const { state: geo, locate } = useGeolocation((text, at) => {
    setLocation(text);
    setPosition(at);
  });

  const shown: Partial<Record<string, string>> = clientErrors ?? errors ?? {};
  // Given ids, so a refused submit can focus the first field in error; each field's error is `<id>-error`.
  const inputId = (field: FieldName) => `${id}-${field}`;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // Typed coordinates are rounded before they are sent (Enter submits without leaving the field).
    const field = event.currentTarget.elements.namedItem("location");
    if (field instanceof HTMLInputElement && field.value !== coarsenLocationText(field.value)) {
      field.value = coarsenLocationText(field.value);
      setLocation(field.value);
    }
    const form = new FormData(event.currentTarget);
    const problems: Partial<Record<FieldName, string>> = {};
    if (!String(form.get("name") ?? "").trim()) problems.name = t(CLUB_NAME_REQUIRED);
    if (!String(form.get("location") ?? "").trim()) problems.location = t(LOCATION_REQUIRED);
    if (Object.keys(problems).length > 0) {
      event.preventDefault();
      setClientErrors(problems);
      const first = inputId(problems.name ? "name" : "location");
      document.getElementById(first)?.focus();
    } else setClientErrors(null);
  }

  const submitLabel = intent === "create" ? (saving ? t("Creating…") : t("Create Club")) : saving ? t("Saving…") : t("Save Changes");
  const geoMessageId = `${id}-geo`;

  return (
    // Native validation only until hydration; after that the product's own messages are shown.
    <Form method="post" noValidate={hydrated} onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {clubId && <input type="hidden" name="clubId" value={clubId} />}
      {position && (
        <>
          <input type="hidden" name="latitude" value={position.latitude} />
          <input type="hidden" name="longitude" value={position.longitude} />
        </>
      )}

      <TextField
        id={inputId("name")}
        label={t("Club Name")}
        error={shown.name}
        name="name"
        type="text"
        required
        maxLength={CLUB_NAME_MAX}
        defaultValue={initial.name}
        autoComplete="off"
        data-autofocus
      />

      <TextAreaField
        id={inputId("description")}
        label={t("Description")}
        error={shown.description}
        name="description"
        rows={3}
        maxLength={CLUB_DESCRIPTION_MAX}
        defaultValue={initial.description}
      />

      <Field
        id={inputId("location")}
        label={t("Location")}
        hint={t("Others see this place as written here; coordinates are rounded to about 1 km.")}
        error={shown.location}
        describedBy={[geo.phase !== "idle" && geoMessageId]}
      >
        {(control) => (
          <>
            <div className="flex flex-wrap gap-2">
              <input
                {...control}
                ref={locationBox}
                name="location"
                type="text"
                required
                maxLength={CLUB_LOCATION_MAX}
                value={location}
                onChange={(event) => {
                  setLocation(event.currentTarget.value);
                  setPosition(null);
                }}
                onBlur={(event) => setLocation(coarsenLocationText(event.currentTarget.value))}
                autoComplete="address-level2"
                className="field min-w-0 flex-1"
              />
              {/* Needs JavaScript, so it stays off until the page is interactive. */}
              <button type="button" className="btn btn-secondary" onClick={locate} disabled={!hydrated || geo.phase === "locating"}>
                {geo.phase === "locating" ? t("Locating…") : t("Use my location")}
              </button>
            </div>
            {geo.phase === "detected" && (
              <p id={geoMessageId} role="status" className="mt-1 text-sm font-medium text-green-800">
                {t(geo.message)}
              </p>
            )}
            {geo.phase === "failed" && (
              <p id={geoMessageId} role="alert" className="mt-1 text-sm text-red-800">
                {t(geo.message)}
              </p>
            )}
          </>
        )}
      </Field>

      <TimeZoneField id={inputId("timezone")} value={timezone} onChange={setTimezone} error={shown.timezone} />

      <div className="flex items-start gap-3">
        <input
          id={inputId("isPrivate")}
          name="isPrivate"
          type="checkbox"
          defaultChecked={initial.isPrivate}
          aria-describedby={`${id}-private-hint`}
          className="mt-1 h-5 w-5 accent-brand-700"
        />
        <div>
          <label htmlFor={inputId("isPrivate")} className="font-medium">
            {t("Private club")}
          </label>
          <p id={`${id}-private-hint`} className="text-sm text-stone-700">
            {t("Members join with the invite code or after you approve their request.")}
          </p>
          <FieldError id={`${inputId("isPrivate")}-error`} message={shown.isPrivate} />
        </div>
      </div>

      <TextField
        id={inputId("memberLimit")}
        label={t("Member limit")}
        hint={t("{min} to {max}; leave empty for no limit.", { min: MEMBER_LIMIT_MIN, max: MEMBER_LIMIT_MAX })}
        error={shown.memberLimit}
        name="memberLimit"
        type="number"
        inputMode="numeric"
        min={MEMBER_LIMIT_MIN}
        max={MEMBER_LIMIT_MAX}
        step={1}
        defaultValue={initial.memberLimit ?? ""}
        className="field max-w-40"
      />

      {shown.form && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {shown.form}
        </p>
      )}

      <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
        <Link to={cancelHref} replace preventScrollReset defaultShouldRevalidate={false} className="btn btn-secondary">
          {t("Cancel")}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
