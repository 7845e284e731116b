import { badRequest, notFound, requireUser, unauthorized } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { limit } from "@worker/core/rate-limit";
import type { ServiceContext, SessionUser } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { isLanguage, LANGUAGES, type Language } from "@worker/core/shared/languages";
import { DEFAULT_LEND_RULE, DEFAULT_LEND_WITHIN_KM } from "@worker/core/shared/lend-rules";
import { mediaUrl } from "@worker/core/shared/media-url";
import { NAME_REQUIRED, NO_CHANGES, PROFILE_BIO_MAX, PROFILE_NAME_MAX } from "@worker/core/shared/profile";
import { cleanText } from "@worker/core/shared/text";
import { resolveTimeZone, TIME_ZONE_DOC } from "@worker/core/shared/time-zones";
import { msg } from "@worker/core/shared/translate";
import { LEND_RULES, LEND_WITHIN_KM, type UserRow, users } from "@worker/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { emailAsSeenBy } from "./email-visibility";
import { pruneAvatars, resolveOwnAvatarKey } from "./profile-picture";

/** What any member may see of another (their public profile; the e-mail only as docs/product.md#email-visibility allows). */
export interface PublicUser {
  userId: UserRow["id"];
  name: UserRow["name"];
  /** Null unless the viewer may see it (worker/features/account/email-visibility.ts). */
  email: UserRow["email"] | null;
  profilePicture: string | null;
  /** What the member wrote about themselves, shown on their page. */
  bio: UserRow["bio"];
}

export interface OwnProfile extends PublicUser {
  email: UserRow["email"];
  timezone: UserRow["timezone"];
  /** The language pages and e-mails are written in; null follows the browser (e-mails: English). */
  language: Language | null;
  /** "Show my e-mail to other members". */
  showEmail: UserRow["showEmail"];
  /** Who may ask for my books unless a book says otherwise, and the km of "near". */
  lendTo: UserRow["lendTo"];
  lendWithinKm: UserRow["lendWithinKm"];
}

type ProfileFields = Pick<SessionUser, "id" | "name" | "email" | "bio" | "picture" | "timezone" | "language" | "showEmail" | "lendTo" | "lendWithinKm">;

export function toOwnProfile(user: ProfileFields): OwnProfile {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    bio: user.bio,
    profilePicture: mediaUrl(user.picture),
    timezone: user.timezone,
    language: isLanguage(user.language) ? user.language : null,
    showEmail: user.showEmail,
    lendTo: user.lendTo ?? DEFAULT_LEND_RULE,
    lendWithinKm: user.lendWithinKm ?? DEFAULT_LEND_WITHIN_KM,
  };
}

export function currentProfile(ctx: ServiceContext): OwnProfile {
  requireUser(ctx);
  return toOwnProfile(ctx.user);
}

export const userIdParams = z.object({ id: idSchema });

/** Another member as the viewer may see them: one query, the e-mail decided inside it. */
export async function findPublicUser(ctx: ServiceContext, userId: string): Promise<PublicUser> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({ userId: users.id, name: users.name, email: emailAsSeenBy(ctx.user.id), picture: users.picture, bio: users.bio })
    .from(users)
    // A deleted member's tombstone is nobody's profile.
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound("User not found");
  return { userId: row.userId, name: row.name, email: row.email, profilePicture: mediaUrl(row.picture), bio: row.bio };
}

export const emailLookupQuery = z.object({
  email: z
    .string()
    .trim()
    .min(3)
    .max(254)
    .refine((value) => value.includes("@"), { error: () => translate("must be an e-mail address") })
    .transform((value) => value.toLowerCase()),
});

/**
 * Exact e-mail lookup (e-mails are stored lower-case). Limited per member, because answering
 * "is this address a member?" without a limit would let anyone enumerate the member list.
 */
export async function findUserByEmail(ctx: ServiceContext, email: string) {
  requireUser(ctx);
  await limit(ctx.env.USER_LOOKUP_LIMITER, ctx.user.id, "Too many lookups. Please wait a minute and try again.");
  const [row] = await ctx.db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound("No user found with that email");
  return row;
}

export const profileUpdateSchema = z.strictObject({
  // cleanText writes its refusals in the request's language, with {max} filled in.
  name: cleanText({ max: PROFILE_NAME_MAX, tooLong: msg("Display Name must be at most {max} characters"), required: NAME_REQUIRED }).optional(),
  bio: cleanText({ max: PROFILE_BIO_MAX, tooLong: msg("Bio must be at most {max} characters"), multiline: true }).optional(),
  timezone: z
    .string()
    .trim()
    .refine((text) => resolveTimeZone(text) !== null, { error: () => translate("Please choose a timezone from the list") })
    // A city ("Lisbon") is saved as its zone (Europe/Lisbon).
    .overwrite((text) => resolveTimeZone(text) ?? text)
    .meta(TIME_ZONE_DOC)
    .optional(),
  /** One of LANGUAGES, or null to follow the browser. */
  language: z
    .enum(LANGUAGES, { error: () => translate("Please choose a language from the list") })
    .nullable()
    .optional(),
  /** A URL returned by the picture upload, or null to remove the picture. */
  profilePicture: z.string().trim().min(1).max(512).nullable().optional(),
  showEmail: z.boolean().optional(),
  /** Who may ask for my books unless a book says otherwise. */
  lendTo: z.enum(LEND_RULES, { error: () => translate("lendTo must be one of {rules}", { rules: LEND_RULES.join(", ") }) }).optional(),
  lendWithinKm: z
    .number()
    .refine((km) => (LEND_WITHIN_KM as readonly number[]).includes(km), {
      error: () => translate("lendWithinKm must be one of {values}", { values: LEND_WITHIN_KM.join(", ") }),
    })
    .optional(),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * Applies the fields that differ from the stored profile; sending only unchanged values is
 * 'No changes detected'. Replacing or removing a picture deletes the old object from R2.
 */
export async function updateProfile(ctx: ServiceContext, input: ProfileUpdate): Promise<OwnProfile> {
  requireUser(ctx);
  const [current] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!current) throw unauthorized();

  const changes: Partial<Pick<typeof users.$inferInsert, "name" | "bio" | "timezone" | "language" | "picture" | "showEmail" | "lendTo" | "lendWithinKm">> = {};
  if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
  if (input.bio !== undefined && input.bio !== current.bio) changes.bio = input.bio;
  if (input.timezone !== undefined && input.timezone !== current.timezone) changes.timezone = input.timezone;
  if (input.language !== undefined && input.language !== current.language) changes.language = input.language;
  if (input.showEmail !== undefined && input.showEmail !== current.showEmail) changes.showEmail = input.showEmail;
  if (input.lendTo !== undefined && input.lendTo !== current.lendTo) changes.lendTo = input.lendTo;
  if (input.lendWithinKm !== undefined && input.lendWithinKm !== current.lendWithinKm) changes.lendWithinKm = input.lendWithinKm;
  if (input.profilePicture !== undefined) {
    const unchanged =
      input.profilePicture === null ? current.picture === null : input.profilePicture === current.picture || input.profilePicture === mediaUrl(current.picture);
    if (!unchanged) {
      changes.picture = input.profilePicture === null ? null : await resolveOwnAvatarKey(ctx, input.profilePicture);
      if (changes.picture === current.picture) delete changes.picture;
    }
  }
  if (Object.keys(changes).length === 0) throw badRequest(NO_CHANGES);

  const [updated] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(users.id, current.id))
    .returning();
  // The old picture (and any upload that was never saved) goes; Google's URLs are not in R2.
  if ("picture" in changes) await pruneAvatars(ctx.env, current.id, [changes.picture ?? null]);
  return toOwnProfile(updated!);
}
