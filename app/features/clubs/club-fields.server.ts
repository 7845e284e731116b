import { checkboxField, numberField, textField } from "~/core/form-data.server";

/** The club form as the shared schema takes it (JSON types: the checkbox a boolean, the numbers numbers). */
export function clubFields(form: FormData) {
  return {
    name: textField(form, "name"),
    description: textField(form, "description"),
    location: textField(form, "location"),
    isPrivate: checkboxField(form, "isPrivate"),
    memberLimit: numberField(form, "memberLimit"),
    // Absent from an old form: the schema's default (create) or the club's own zone (update) stays.
    timezone: textField(form, "timezone") || undefined,
    // Sent only after "Use my location" (already rounded to 0.01° by the browser; the schema rounds again).
    latitude: numberField(form, "latitude"),
    longitude: numberField(form, "longitude"),
  };
}
