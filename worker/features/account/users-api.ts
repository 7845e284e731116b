import { Hono } from "hono";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { badRequest } from "@worker/core/errors";
import { getNotificationSettings, notificationSettingsSchema, updateNotificationSettings } from "@worker/features/notifications";
import { readProfilePictureBody, saveProfilePicture } from "./profile-picture";
import {
  currentProfile,
  emailLookupQuery,
  findPublicUser,
  findUserByEmail,
  profileUpdateSchema,
  updateProfile,
  userIdParams,
} from "./profiles";
import { INVALID_PICTURE } from "@worker/core/shared/profile";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody, zv } from "@worker/core/api/validate";

// Raw image bodies only; the bytes decide the format, this just turns away forms and JSON early.
const IMAGE_BODY_TYPE = /^(image\/[\w.+-]+|application\/octet-stream)\s*(;|$)/i;

/** Everything here is for members: visitors get a 401 before any body is read. */
export const usersApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  .get("/me", (c) => ok(c, currentProfile(serviceContext(c))))
  .put("/me", jsonBody(profileUpdateSchema), async (c) => ok(c, await updateProfile(serviceContext(c), c.req.valid("json"))))
  .post("/me/picture", async (c) => {
    if (!IMAGE_BODY_TYPE.test(c.req.header("Content-Type") ?? "")) throw badRequest(INVALID_PICTURE);
    const length = c.req.header("Content-Length");
    const bytes = await readProfilePictureBody(c.req.raw.body, length && /^\d+$/.test(length) ? Number(length) : null);
    const { profilePicture } = await saveProfilePicture(serviceContext(c), bytes);
    return ok(c, { profilePicture }, 201);
  })
  .get("/me/notifications", async (c) => ok(c, await getNotificationSettings(serviceContext(c))))
  .put("/me/notifications", jsonBody(notificationSettingsSchema), async (c) =>
    ok(c, await updateNotificationSettings(serviceContext(c), c.req.valid("json"))),
  )
  .get("/query", zv("query", emailLookupQuery), async (c) =>
    ok(c, await findUserByEmail(serviceContext(c), c.req.valid("query").email)),
  )
  .get("/:id", zv("param", userIdParams), async (c) => ok(c, await findPublicUser(serviceContext(c), c.req.valid("param").id)));
