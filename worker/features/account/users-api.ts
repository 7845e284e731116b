import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { badRequest } from "@worker/core/errors";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { INVALID_PICTURE } from "@worker/core/shared/profile";
import { getNotificationSettings, notificationSettingsSchema, notificationSettingsView, updateNotificationSettings } from "@worker/features/notifications";
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { ownProfileView, profilePictureView, publicUserView, startStepsView, userLookupView } from "./api-schemas";
import { readProfilePictureBody, saveProfilePicture } from "./profile-picture";
import { currentProfile, emailLookupQuery, findPublicUser, findUserByEmail, profileUpdateSchema, updateProfile, userIdParams } from "./profiles";
import { dismissStartSteps, startStepsFor } from "./start-steps";

// Raw image bodies only; the bytes decide the format, this just turns away forms and JSON early.
const IMAGE_BODY_TYPE = /^(image\/[\w.+-]+|application\/octet-stream)\s*(;|$)/i;

const tags = ["Account"];

/** The picture's body is raw bytes, read without a validator, so the reference is told here. */
const rawImageBody = describeRoute({
  requestBody: {
    required: true,
    description: "The image's bytes (JPEG, PNG or GIF, judged by its bytes), at most 5 MB.",
    content: {
      "image/*": { schema: { type: "string", format: "binary" } },
      "application/octet-stream": { schema: { type: "string", format: "binary" } },
    },
  },
});

/** Everything here is for members: visitors get a 401 before any body is read. */
export const usersApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get(
    "/me",
    doc("GET", {
      summary: "My profile",
      who: "member",
      tags,
      description: "Own profile (name, bio, timezone, `language`, picture, `showEmail`).",
      data: ownProfileView,
    }),
    (c) => ok(c, currentProfile(serviceContext(c))),
  )
  .put(
    "/me",
    doc("PUT", {
      summary: "Edit my profile",
      who: "member",
      tags,
      description:
        "Changes any of name, bio, timezone, `language` (`en`, `es`, `fr`, `de`, `ar` or `ja`: pages, refusals and e-mails are written in it; null follows the browser), `profilePicture` (a URL the picture upload returned, or null to remove it), `showEmail`, and who may ask for my books unless a book says otherwise: `lendTo` (`anyone`, `near`, `clubs`, `following` or `nobody`) with `lendWithinKm` (1, 2, 5, 10, 25 or 50) for `near`; answers the profile. Only unchanged values: 400 `No changes detected`. Another member's picture: 403.",
      data: ownProfileView,
    }),
    jsonBody(profileUpdateSchema),
    async (c) => ok(c, await updateProfile(serviceContext(c), c.req.valid("json"))),
  )
  .post(
    "/me/picture",
    doc("POST", {
      summary: "Upload a profile picture",
      who: "member",
      tags,
      description:
        "Upload a profile picture (raw image body, 5 MB). It is stored but not yet shown: save the returned `profilePicture` with PUT /api/users/me. 400 `Please select a valid image file (JPEG, PNG, or GIF)`, 413 `File size must be less than 5MB`.",
      status: 201,
      data: profilePictureView,
    }),
    rawImageBody,
    async (c) => {
      if (!IMAGE_BODY_TYPE.test(c.req.header("Content-Type") ?? "")) throw badRequest(INVALID_PICTURE);
      const length = c.req.header("Content-Length");
      const bytes = await readProfilePictureBody(c.req.raw.body, length && /^\d+$/.test(length) ? Number(length) : null);
      const { profilePicture } = await saveProfilePicture(serviceContext(c), bytes);
      return ok(c, { profilePicture }, 201);
    },
  )
  .get(
    "/me/notifications",
    doc("GET", {
      summary: "My notification settings",
      who: "member",
      tags,
      description:
        "The master switch (`emailOptIn`, e-mail and push), the topics (`prefs`: on while any channel is) and the grid (`channels`: each topic by `bell`, `email`, `push`).",
      data: notificationSettingsView,
    }),
    async (c) => ok(c, await getNotificationSettings(serviceContext(c))),
  )
  .put(
    "/me/notifications",
    doc("PUT", {
      summary: "Change my notification settings",
      who: "member",
      tags,
      description:
        "Sets the master switch (`emailOptIn`), whole topics (`prefs`: every channel at once) and single cells of the grid (`channels`, e.g. `{dm_message_received: {email: false}}`); the keys left out keep their values (400 `Send emailOptIn, prefs or both` for none). Answers every setting.",
      data: notificationSettingsView,
    }),
    jsonBody(notificationSettingsSchema),
    async (c) => ok(c, await updateNotificationSettings(serviceContext(c), c.req.valid("json"))),
  )
  .get(
    "/me/start",
    doc("GET", {
      summary: "My start steps",
      who: "member",
      tags,
      description: "A new member's start card: `steps` (`books`, `area`, `club`), each true once done; null once put away.",
      data: startStepsView,
    }),
    async (c) => ok(c, { steps: await startStepsFor(serviceContext(c)) }),
  )
  .post(
    "/me/start/dismiss",
    doc("POST", {
      summary: "Put my start steps away",
      who: "member",
      tags,
      description: "Hides the start card for good, on every device; again changes nothing. Answers `{steps: null}`.",
      data: startStepsView,
    }),
    async (c) => {
      await dismissStartSteps(serviceContext(c));
      return ok(c, { steps: null });
    },
  )
  .get(
    "/query",
    doc("GET", {
      summary: "Find a member by e-mail",
      who: "member",
      tags,
      description: "Exact e-mail look-up (30 a minute; 429 `Too many lookups. Please wait a minute and try again.`). 404 `No user found with that email`.",
      data: userLookupView,
      errors: [404, 429],
    }),
    zv("query", emailLookupQuery),
    async (c) => ok(c, await findUserByEmail(serviceContext(c), c.req.valid("query").email)),
  )
  .get(
    "/:id",
    doc("GET", {
      summary: "A member's public profile",
      who: "member",
      tags,
      description: "A member's public profile (e-mail only where allowed, otherwise null). 404 `User not found` (a deleted member too).",
      data: publicUserView,
      errors: [404],
    }),
    zv("param", userIdParams),
    async (c) => ok(c, await findPublicUser(serviceContext(c), c.req.valid("param").id)),
  );
