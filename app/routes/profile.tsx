import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { isModerator, readConfig } from "../../worker/config";
import { TIMEZONES } from "../../worker/db/schema";
import { latestDataExport } from "../../worker/services/data-download";
import { saveProfilePicture } from "../../worker/services/profile-picture";
import { profileUpdateSchema, toOwnProfile, updateProfile } from "../../worker/services/users";
import {
  MAX_PROFILE_PICTURE_BYTES,
  NAME_REQUIRED,
  NO_CHANGES,
  PICTURE_TOO_LARGE,
  pictureFileProblem,
  PROFILE_BIO_MAX,
  PROFILE_NAME_MAX,
  PROFILE_PICTURE_TYPES,
} from "../../worker/shared/profile";
import { actionError, fieldErrors, refuse } from "../action-result.server";
import { memberContext } from "../route-context.server";
import { Avatar } from "../components/avatar";
import { FieldError } from "../components/field-error";
import { Switch } from "../components/switch";
import { readFormData, textField } from "../form-data.server";
import { noteOwnSignOut } from "../lib/session-events";
import type { Route } from "./+types/profile";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Profile — BookClub" }];
}

const UPLOAD_FAILED = "Failed to upload image. Please try again.";
const UPDATE_FAILED = "Failed to update profile";
const UPDATED = "Profile updated successfully!";
const IMAGE_UPLOADED = "Image uploaded successfully";
const SHOW_EMAIL = "Show my e-mail to other members";
// Room for the text fields and multipart framing next to a picture of the maximum size.
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  // The list comes from the server so the browser bundle never imports the schema.
  return {
    profile: toOwnProfile(ctx.user),
    timezones: TIMEZONES,
    dataExport: await latestDataExport(ctx),
    // The top bar's Moderation link is not on the phone's bottom bar: moderators find it here too.
    moderator: isModerator(readConfig(ctx.env), ctx.user.email),
  };
}

type Field = "name" | "bio" | "timezone" | "picture" | "showEmail" | "form";

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);

  let form: FormData;
  try {
    form = await readFormData(request, MAX_PROFILE_PICTURE_BYTES + FORM_OVERHEAD_BYTES, PICTURE_TOO_LARGE);
  } catch (error) {
    return actionError(error, { field: "picture" });
  }

  // The e-mail switch posts the state it asks for, "on" or "off"; anything else fails the schema.
  const showEmail = textField(form, "showEmail");
  const fields = profileUpdateSchema.safeParse({
    name: textField(form, "name"),
    bio: textField(form, "bio"),
    timezone: textField(form, "timezone"),
    showEmail: showEmail === "on" ? true : showEmail === "off" ? false : showEmail,
  });
  if (!fields.success) return refuse(fieldErrors(fields.error), 400);

  // Browsers send an empty file part when no picture was chosen.
  const picture = form.get("picture");
  let pictureKey: string | undefined;
  if (picture instanceof File && (picture.size > 0 || picture.name)) {
    if (picture.size > MAX_PROFILE_PICTURE_BYTES) return refuse({ picture: PICTURE_TOO_LARGE }, 413);
    try {
      pictureKey = (await saveProfilePicture(ctx, new Uint8Array(await picture.arrayBuffer()))).key;
    } catch (error) {
      return actionError(error, { field: "picture", unexpected: UPLOAD_FAILED });
    }
  }

  try {
    await updateProfile(ctx, { ...fields.data, ...(pictureKey ? { profilePicture: pictureKey } : {}) });
  } catch (error) {
    // 'No changes detected' and the like say what to fix; anything else is the generic 'Failed to update profile'.
    return actionError(error, { message: (refused) => (refused.status === 400 ? refused.message : UPDATE_FAILED), unexpected: UPDATE_FAILED });
  }
  return { ok: true as const, pictureUploaded: Boolean(pictureKey) };
}

/** "Show my e-mail to other members": saved on its own as soon as it is switched, like a setting. */
function ShowEmailSwitch({ saved }: { saved: boolean }) {
  const fetcher = useFetcher<typeof action>({ key: "profile-show-email" });
  const pending = fetcher.formData?.get("showEmail");
  const checked = typeof pending === "string" ? pending === "on" : saved;
  const errors = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.errors : null;
  const failed = errors ? (errors.showEmail ?? errors.form) : null;
  return (
    <fetcher.Form method="post">
      <Switch
        id="profile-show-email"
        name="showEmail"
        value={checked ? "off" : "on"}
        checked={checked}
        label={SHOW_EMAIL}
        description="Off: only members you have exchanged messages with, and fellow members of a private club you both joined by invitation or approval, see it."
      />
      <FieldError id="profile-show-email-error" message={failed} />
    </fetcher.Form>
  );
}


export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, timezones, dataExport } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/profile");
  const ids = useId();

  const [name, setName] = useState(profile.name);
  const [bio, setBio] = useState(profile.bio);
  const [timezone, setTimezone] = useState<string>(profile.timezone);
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [clientError, setClientError] = useState<{ field: Field; message: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!chosen) return setPreview(null);
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  // A saved picture is now the profile's; clear the chooser so saving again is 'No changes detected'.
  useEffect(() => {
    if (result?.ok && result.pictureUploaded) {
      setChosen(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }, [result]);

  const serverErrors: Partial<Record<string, string>> = result && !result.ok ? result.errors : {};
  const errorFor = (field: Field) => (clientError ? (clientError.field === field ? clientError.message : null) : (serverErrors[field] ?? null));

  function onPictureChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    const problem = file ? pictureFileProblem(file) : null;
    if (problem) {
      event.currentTarget.value = "";
      setChosen(null);
      setClientError({ field: "picture", message: problem });
      return;
    }
    setClientError(null);
    setChosen(file);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const changed = name.trim() !== profile.name || bio.trim() !== profile.bio || timezone !== profile.timezone || chosen;
    if (!name.trim()) {
      event.preventDefault();
      setClientError({ field: "name", message: NAME_REQUIRED });
    } else if (!changed) {
      event.preventDefault();
      setClientError({ field: "form", message: NO_CHANGES });
    } else setClientError(null);
  }

  const nameErrorId = `${ids}-name-error`;
  const bioErrorId = `${ids}-bio-error`;
  const timezoneErrorId = `${ids}-timezone-error`;
  const pictureHintId = `${ids}-picture-hint`;
  const pictureErrorId = `${ids}-picture-error`;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="font-serif text-3xl font-bold">Profile</h1>

      <Form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="card space-y-5 p-5">
        <div className="flex items-center gap-4">
          <Avatar src={preview ?? profile.profilePicture} name={name || profile.name} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-semibold">{profile.name}</p>
            <p className="truncate text-sm text-stone-700">{profile.email}</p>
            <Link to={`/users/${profile.userId}`} className="text-sm font-medium text-brand-700 hover:underline">
              View your public profile
            </Link>
          </div>
        </div>

        <div>
          <label htmlFor={`${ids}-name`} className="mb-1 block font-medium">
            Display Name
          </label>
          <input
            id={`${ids}-name`}
            name="name"
            type="text"
            required
            maxLength={PROFILE_NAME_MAX}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            aria-invalid={errorFor("name") ? true : undefined}
            aria-describedby={errorFor("name") ? nameErrorId : undefined}
            className="field"
          />
          <FieldError id={nameErrorId} message={errorFor("name")} />
        </div>

        <div>
          <label htmlFor={`${ids}-bio`} className="mb-1 block font-medium">
            Bio
          </label>
          <textarea
            id={`${ids}-bio`}
            name="bio"
            rows={4}
            maxLength={PROFILE_BIO_MAX}
            value={bio}
            onChange={(event) => setBio(event.currentTarget.value)}
            aria-invalid={errorFor("bio") ? true : undefined}
            aria-describedby={errorFor("bio") ? bioErrorId : undefined}
            className="field"
          />
          <FieldError id={bioErrorId} message={errorFor("bio")} />
        </div>

        <div>
          <label htmlFor={`${ids}-timezone`} className="mb-1 block font-medium">
            Timezone
          </label>
          <select
            id={`${ids}-timezone`}
            name="timezone"
            value={timezone}
            onChange={(event) => setTimezone(event.currentTarget.value)}
            aria-invalid={errorFor("timezone") ? true : undefined}
            aria-describedby={errorFor("timezone") ? timezoneErrorId : undefined}
            className="field min-h-11"
          >
            {timezones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <FieldError id={timezoneErrorId} message={errorFor("timezone")} />
        </div>

        <div>
          <label htmlFor={`${ids}-picture`} className="mb-1 block font-medium">
            Profile Picture
          </label>
          <input
            ref={fileInput}
            id={`${ids}-picture`}
            name="picture"
            type="file"
            accept={PROFILE_PICTURE_TYPES.join(",")}
            onChange={onPictureChange}
            aria-invalid={errorFor("picture") ? true : undefined}
            aria-describedby={errorFor("picture") ? `${pictureHintId} ${pictureErrorId}` : pictureHintId}
            className="block w-full text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-stone-800 hover:file:bg-stone-100"
          />
          <p id={pictureHintId} className="mt-1 text-sm text-stone-700">
            JPEG, PNG or GIF, up to 5 MB.
          </p>
          <FieldError id={pictureErrorId} message={errorFor("picture")} />
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Save Changes"}
          </button>
          <Link to="/settings/notifications" className="btn btn-secondary">
            Notification settings
          </Link>
        </div>
        {errorFor("form") && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
            {errorFor("form")}
          </p>
        )}
        {!clientError && result?.ok && (
          <div role="status" className="space-y-1 rounded-lg bg-green-50 p-3 font-medium text-green-900">
            {result.pictureUploaded && <p>{IMAGE_UPLOADED}</p>}
            <p>{UPDATED}</p>
          </div>
        )}
      </Form>

      <section aria-labelledby={`${ids}-privacy`} className="card space-y-3 p-5">
        <h2 id={`${ids}-privacy`} className="font-serif text-xl font-semibold">
          Privacy
        </h2>
        <ShowEmailSwitch saved={profile.showEmail} />
      </section>

      {loaderData.moderator && (
        <section aria-labelledby={`${ids}-moderation`} className="card space-y-3 p-5">
          <h2 id={`${ids}-moderation`} className="font-serif text-xl font-semibold">
            Moderation
          </h2>
          <p className="text-stone-700">You are a moderator: review what members have reported.</p>
          <Link to="/moderation" className="btn btn-secondary">
            Review reports
          </Link>
        </section>
      )}

      <section aria-labelledby={`${ids}-sessions`} className="card space-y-3 p-5">
        <h2 id={`${ids}-sessions`} className="font-serif text-xl font-semibold">
          Sessions
        </h2>
        <p className="text-stone-700">Signed in on a shared or lost device? Sign out of BookClub on every device at once.</p>
        {/* A full page load: signing out must drop every bit of client state. The flag goes in both
            the query and the body, so the logout action may read either. */}
        <Form method="post" action="/logout?everywhere=1" reloadDocument onSubmit={noteOwnSignOut}>
          <input type="hidden" name="everywhere" value="1" />
          <button type="submit" className="btn btn-danger">
            Sign out everywhere
          </button>
        </Form>
      </section>

      <section id="your-data" aria-labelledby={`${ids}-data`} className="card space-y-3 p-5">
        <h2 id={`${ids}-data`} className="font-serif text-xl font-semibold">
          Your data
        </h2>
        <p className="text-stone-700">
          A zip of your profile, preferences, books and their covers, loans, clubs, conversations and notifications.
        </p>
        {/* A full document request: the answer is the zip itself, which the browser saves. */}
        <Form method="post" action="/profile/data" reloadDocument>
          <button type="submit" className="btn btn-secondary">
            Download all my data
          </button>
        </Form>
        {dataExport?.state === "building" && <p role="status">Your data is being prepared. Reload this page in a minute for the link.</p>}
        {dataExport?.state === "failed" && <p role="status">Preparing your data failed. Please try again.</p>}
        {dataExport?.downloadUrl && dataExport.expiresAt && (
          <p>
            <a href={dataExport.downloadUrl} className="font-medium text-brand-700 hover:underline" download>
              Download your data (zip)
            </a>{" "}
            <span className="text-sm text-stone-700">available until {new Date(dataExport.expiresAt).toUTCString()}</span>
          </p>
        )}
      </section>

      <section aria-labelledby={`${ids}-delete`} className="card space-y-3 p-5">
        <h2 id={`${ids}-delete`} className="font-serif text-xl font-semibold">
          Delete my account
        </h2>
        <p className="text-stone-700">Removes your profile, books, covers and memberships for good. The next page says exactly what happens.</p>
        <Link to="/profile/delete" className="btn btn-danger">
          Delete my account…
        </Link>
      </section>
    </div>
  );
}
