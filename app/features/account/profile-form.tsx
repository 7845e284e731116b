import { LANGUAGE_NAMES, LANGUAGES } from "@worker/core/shared/languages";
import { NAME_REQUIRED, NO_CHANGES, PROFILE_BIO_MAX, PROFILE_NAME_MAX, PROFILE_PICTURE_TYPES, pictureFileProblem } from "@worker/core/shared/profile";
import type { OwnProfile } from "@worker/features/account/profiles";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "~/core/i18n";
import { Avatar } from "~/ui/avatar";
import { Field, SelectField, TextAreaField, TextField } from "~/ui/field";
import { keepInView } from "~/ui/keep-in-view";
import type { ProfileActionResult } from "./profile-result";
import { TimeZoneField } from "./time-zone-field";

type ProfileField = "name" | "bio" | "timezone" | "language" | "picture" | "showEmail" | "form";

/**
 * The profile's own card: picture, name, bio, timezone and language, saved together. A missing name
 * and a save that changes nothing are caught here before posting; the action checks them all again.
 * A new language shows at once: the save revalidates the page, whose language the member's choice decides.
 */
export function ProfileForm({ profile, result }: { profile: OwnProfile; result: ProfileActionResult | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/profile");
  const ids = useId();

  const [name, setName] = useState(profile.name);
  const [bio, setBio] = useState(profile.bio);
  const [timezone, setTimezone] = useState<string>(profile.timezone);
  // "" is "Same as my browser" (stored as null).
  const [language, setLanguage] = useState<string>(profile.language ?? "");
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [clientError, setClientError] = useState<{ field: ProfileField; message: string } | null>(null);
  // Fields changed since the server last answered: its error about them no longer describes them.
  const [changedSinceAnswer, setChangedSinceAnswer] = useState<ProfileField[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!chosen) return setPreview(null);
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  // A saved picture is now the profile's; clear the chooser so saving again is 'No changes detected'.
  useEffect(() => {
    setChangedSinceAnswer([]);
    if (result?.ok && result.pictureUploaded) {
      setChosen(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }, [result]);

  const serverErrors: Partial<Record<string, string>> = result && !result.ok ? result.errors : {};
  const errorFor = (field: ProfileField) =>
    clientError ? (clientError.field === field ? clientError.message : null) : changedSinceAnswer.includes(field) ? null : (serverErrors[field] ?? null);

  function onPictureChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    const problem = file ? pictureFileProblem(file) : null;
    if (problem) {
      event.currentTarget.value = "";
      setChosen(null);
      setClientError({ field: "picture", message: t(problem) });
      return;
    }
    setClientError(null);
    setChangedSinceAnswer((fields) => [...fields, "picture"]);
    setChosen(file);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const changed =
      name.trim() !== profile.name || bio.trim() !== profile.bio || timezone !== profile.timezone || language !== (profile.language ?? "") || chosen;
    if (!name.trim()) {
      event.preventDefault();
      setClientError({ field: "name", message: t(NAME_REQUIRED) });
    } else if (!changed) {
      event.preventDefault();
      setClientError({ field: "form", message: t(NO_CHANGES) });
    } else setClientError(null);
  }

  return (
    <Form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="card space-y-5 p-5">
      <div className="flex items-center gap-4">
        <Avatar src={preview ?? profile.profilePicture} name={name || profile.name} size="lg" />
        <div className="min-w-0">
          <p dir="auto" className="truncate font-semibold">
            {profile.name}
          </p>
          <p className="truncate text-sm text-stone-700" dir="ltr" translate="no">
            {profile.email}
          </p>
          <Link to={`/users/${profile.userId}`} className="text-sm font-medium text-brand-700 hover:underline">
            {t("View your public profile")}
          </Link>
        </div>
      </div>

      <TextField
        id={`${ids}-name`}
        label={t("Display Name")}
        error={errorFor("name")}
        name="name"
        type="text"
        required
        maxLength={PROFILE_NAME_MAX}
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />

      <TextAreaField
        id={`${ids}-bio`}
        label={t("Bio")}
        error={errorFor("bio")}
        name="bio"
        rows={4}
        maxLength={PROFILE_BIO_MAX}
        value={bio}
        onChange={(event) => setBio(event.currentTarget.value)}
      />

      <TimeZoneField id={`${ids}-timezone`} value={timezone} onChange={setTimezone} error={errorFor("timezone")} />

      <SelectField
        id={`${ids}-language`}
        label={t("Language")}
        hint={t("BookClub's pages and e-mails are written in this language.")}
        error={errorFor("language")}
        name="language"
        value={language}
        onChange={(event) => {
          setLanguage(event.currentTarget.value);
          setChangedSinceAnswer((fields) => [...fields, "language"]);
        }}
        className="field min-h-11"
      >
        <option value="">{t("Same as my browser")}</option>
        {/* Each language in its own name, marked as that language so a screen reader says it right. */}
        {LANGUAGES.map((choice) => (
          <option key={choice} value={choice} lang={choice}>
            {LANGUAGE_NAMES[choice]}
          </option>
        ))}
      </SelectField>

      <Field id={`${ids}-picture`} label={t("Profile Picture")} hint={t("JPEG, PNG or GIF, up to 5 MB.")} error={errorFor("picture")}>
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            name="picture"
            type="file"
            accept={PROFILE_PICTURE_TYPES.join(",")}
            onChange={onPictureChange}
            className="block w-full text-sm text-stone-800 file:me-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-stone-800 hover:file:bg-stone-100"
          />
        )}
      </Field>

      <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t("Saving…") : t("Save Changes")}
        </button>
        <Link to="/settings/notifications" className="btn btn-secondary">
          {t("Notification settings")}
        </Link>
      </div>
      {errorFor("form") && (
        <p ref={keepInView} role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {errorFor("form")}
        </p>
      )}
      {!clientError && result?.ok && (
        <div ref={keepInView} role="status" className="space-y-1 rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {result.pictureUploaded && <p>{t("Image uploaded successfully")}</p>}
          <p>{t("Profile updated successfully!")}</p>
        </div>
      )}
    </Form>
  );
}
