import { isModerator, readConfig } from "@worker/core/config";
import { ServiceError } from "@worker/core/errors";
import { reasonPhrase } from "@worker/core/http/reason-phrase";
import { languageCookieHeader } from "@worker/core/i18n/negotiate";
import { translate } from "@worker/core/i18n/request-language";
import { requestContext } from "@worker/core/request-context";
import { MAX_PROFILE_PICTURE_BYTES, PICTURE_TOO_LARGE } from "@worker/core/shared/profile";
import { msg } from "@worker/core/shared/translate";
import { latestDataExport } from "@worker/features/account/data-download";
import { saveProfilePicture } from "@worker/features/account/profile-picture";
import { profileUpdateSchema, toOwnProfile, updateProfile } from "@worker/features/account/profiles";
import { clearMemberArea, findMemberArea, geocodeRequestOf, setMemberArea, setMemberAreaSchema } from "@worker/features/geo";
import { data, useActionData } from "react-router";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import { FollowLists } from "~/features/follows";
import { followListsFor } from "~/features/follows/index.server";
import { lendRuleFormErrors } from "~/features/loans/index.server";
import { ProfileArea } from "../profile-area";
import { ProfileData } from "../profile-data";
import { ProfileDeleteAccount } from "../profile-delete-account";
import { ProfileForm } from "../profile-form";
import { ProfileLending } from "../profile-lending";
import { ProfileModeration } from "../profile-moderation";
import { ProfilePrivacy } from "../profile-privacy";
import { ProfileSessions } from "../profile-sessions";
import type { Route } from "./+types/profile";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Profile"} — BookClub` }];
}

const UPLOAD_FAILED = msg("Failed to upload image. Please try again.");
const UPDATE_FAILED = msg("Failed to update profile");
// Room for the text fields and multipart framing next to a picture of the maximum size.
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const [dataExport, follows, area, catalogue] = await Promise.all([
    latestDataExport(ctx),
    followListsFor(ctx, new URL(request.url)),
    findMemberArea(ctx),
    // The lending card's form is the loans feature's.
    pageMessages(context, "account", "follows", "geo", "loans"),
  ]);
  return {
    title: translate("Profile"),
    catalogue,
    profile: toOwnProfile(ctx.user),
    dataExport,
    follows,
    area,
    // The top bar's Moderation link is not on the phone's bottom bar: moderators find it here too.
    moderator: isModerator(readConfig(ctx.env), ctx.user.email),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);

  let form: FormData;
  try {
    form = await readFormData(request, MAX_PROFILE_PICTURE_BYTES + FORM_OVERHEAD_BYTES, PICTURE_TOO_LARGE);
  } catch (error) {
    return actionError(error, { field: "picture" });
  }

  const area = textField(form, "area");
  if (area !== undefined) return areaAction(ctx, area, form, request);
  if (textField(form, "lending") !== undefined) return lendingAction(ctx, form);

  // The e-mail switch posts the state it asks for, "on" or "off"; anything else fails the schema.
  const showEmail = textField(form, "showEmail");
  // "Same as my browser" posts "" and is stored as null; a form without the field (the e-mail switch) leaves it.
  const language = textField(form, "language");
  const fields = profileUpdateSchema.safeParse({
    name: textField(form, "name"),
    bio: textField(form, "bio"),
    timezone: textField(form, "timezone"),
    language: language === "" ? null : language,
    showEmail: showEmail === "on" ? true : showEmail === "off" ? false : showEmail,
  });
  if (!fields.success) return refuse(fieldErrors(fields.error), 400);

  // Browsers send an empty file part when no picture was chosen.
  const picture = form.get("picture");
  let pictureKey: string | undefined;
  if (picture instanceof File && (picture.size > 0 || picture.name)) {
    if (picture.size > MAX_PROFILE_PICTURE_BYTES) return refuse({ picture: translate(PICTURE_TOO_LARGE) }, 413);
    try {
      pictureKey = (await saveProfilePicture(ctx, new Uint8Array(await picture.arrayBuffer()))).key;
    } catch (error) {
      return actionError(error, { field: "picture", unexpected: translate(UPLOAD_FAILED) });
    }
  }

  try {
    await updateProfile(ctx, { ...fields.data, ...(pictureKey ? { profilePicture: pictureKey } : {}) });
  } catch (error) {
    // 'No changes detected' and the like say what to fix; anything else is the generic 'Failed to update profile'.
    const failed = translate(UPDATE_FAILED);
    return actionError(error, { message: (refused) => (refused.status === 400 ? refused.message : failed), unexpected: failed });
  }
  const result = { ok: true as const, pictureUploaded: Boolean(pictureKey) };
  // A new language also becomes this browser's (as the footer's switch does), and "Same as my browser"
  // drops the switch's cookie, so the browser decides again once the member is signed out too.
  const chosen = fields.data.language;
  if (chosen === undefined || chosen === ctx.user.language) return result;
  return data(result, { headers: { "Set-Cookie": languageCookieHeader(chosen, context.get(requestContext).url) } });
}

/** "Lending": who may ask for my books by default; the same service as PUT /api/users/me. */
async function lendingAction(ctx: ReturnType<typeof memberContext>, form: FormData) {
  const refuseLending = (errors: Record<string, string>, status: number) =>
    data({ lending: true as const, ok: false as const, errors }, { status, statusText: reasonPhrase(status) });
  const rule = textField(form, "lendTo");
  const km = textField(form, "lendWithinKm");
  const fields = profileUpdateSchema.safeParse({
    // No choice posts nothing: the schema refuses it as it does an unknown rule.
    lendTo: rule ?? "",
    lendWithinKm: km === undefined || km.trim() === "" || Number.isNaN(Number(km)) ? -1 : Number(km),
  });
  if (!fields.success) return refuseLending(lendRuleFormErrors(fieldErrors(fields.error)), 400);
  // Saving the rule already in force is no error here (the API's 'No changes detected' is for its callers).
  if (fields.data.lendTo === ctx.user.lendTo && fields.data.lendWithinKm === ctx.user.lendWithinKm) return { lending: true as const, ok: true as const };
  try {
    await updateProfile(ctx, fields.data);
  } catch (error) {
    if (error instanceof ServiceError) return refuseLending({ form: error.message }, error.status);
    throw error;
  }
  return { lending: true as const, ok: true as const };
}

/** "My area": a typed place, the browser's position, or clearing it; the same service as /api/geo/my-area. */
async function areaAction(ctx: ReturnType<typeof memberContext>, intent: string, form: FormData, request: Request) {
  const refuseArea = (errors: Record<string, string>, status: number) =>
    data({ area: true as const, ok: false as const, errors }, { status, statusText: reasonPhrase(status) });
  try {
    if (intent === "clear") return { area: true as const, ok: true as const, ...(await clearMemberArea(ctx)) };
    const number = (name: string) => {
      const text = textField(form, name);
      return text === undefined || text.trim() === "" ? undefined : Number(text);
    };
    const input = setMemberAreaSchema.safeParse(intent === "position" ? { lat: number("lat"), lon: number("lon") } : { place: textField(form, "place") ?? "" });
    if (!input.success) return refuseArea(fieldErrors(input.error), 400);
    return { area: true as const, ok: true as const, ...(await setMemberArea(ctx, input.data, geocodeRequestOf(request))) };
  } catch (error) {
    if (error instanceof ServiceError) return refuseArea({ [intent === "place" ? "place" : "form"]: error.message }, error.status);
    throw error;
  }
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, dataExport, follows } = loaderData;
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="font-serif text-3xl font-bold">{t("Profile")}</h1>
      <ProfileForm profile={profile} result={result && ("area" in result || "lending" in result) ? undefined : result} />
      <FollowLists counts={follows.summary} following={follows.following} followers={follows.followers} paged={follows.paged} />
      <ProfileArea place={loaderData.area.place} pageAnswer={result && "area" in result ? result : undefined} />
      <ProfileLending
        rule={profile.lendTo}
        km={profile.lendWithinKm}
        hasArea={Boolean(loaderData.area.place)}
        pageAnswer={result && "lending" in result ? result : undefined}
      />
      <ProfilePrivacy showEmail={profile.showEmail} />
      {loaderData.moderator && <ProfileModeration />}
      <ProfileSessions />
      <ProfileData dataExport={dataExport} />
      <ProfileDeleteAccount />
    </div>
  );
}
