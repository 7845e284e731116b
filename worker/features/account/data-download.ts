import { notFound, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { scheduleJob } from "@worker/core/jobs/schedule";
import { type AccountDataPart, type AccountDeletionPart, type AccountZip, mediaExtension, type TableCover } from "@worker/core/member-data-parts";
import { limit } from "@worker/core/rate-limit";
import type { Deps, MemberContext, ServiceContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { zipToBlob, zipToR2 } from "@worker/core/zip-stream";
import {
  analyticsEvents,
  blocks,
  books,
  dataExports,
  emailOutbox,
  importJobs,
  inviteCodeFailures,
  inviteCodes,
  reports,
  sessions,
  users,
  waitlistEntries,
} from "@worker/db/schema";
import { booksDataPart } from "@worker/features/books";
import { meetingsDataPart } from "@worker/features/club-meetings";
import { pollsDataPart } from "@worker/features/club-polls";
import { clubReadingDataPart } from "@worker/features/club-reading";
import { clubRoomDataPart } from "@worker/features/club-room";
import { clubsDataPart } from "@worker/features/clubs";
import { commentsDataPart } from "@worker/features/comments";
import { followsDataPart } from "@worker/features/follows";
import { memberAreaDataPart } from "@worker/features/geo";
import { loanRecordDataPart, loansDataPart } from "@worker/features/loans";
import { conversationsDataPart } from "@worker/features/messages";
import { notificationsDataPart, preferencesDataPart } from "@worker/features/notifications";
import { pushDataPart } from "@worker/features/push";
import { wantedDataPart } from "@worker/features/wanted";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";

/** Above either limit the zip is built in the background (a JobTimer alarm) instead of on request. */
export const LARGE_EXPORT_BOOKS = 50;
export const LARGE_EXPORT_COVER_BYTES = 20 * 1024 * 1024;
/** How long a background zip is offered; then the object is deleted and the link answers 404. */
export const EXPORT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const DOWNLOAD_RATE_LIMITED = msg("Too many data downloads. Please wait a minute and try again.");
export const EXPORT_EXPIRED = msg("This download has expired. Please ask for a new one.");
export const EXPORT_NOT_FOUND = msg("Download not found");

export const dataExportParams = z.object({ id: z.uuid({ error: () => translate("id: must be a download id") }) });

export interface DataExportView {
  exportId: string;
  state: "building" | "ready" | "failed";
  sizeBytes: number | null;
  expiresAt: number | null;
  createdAt: number;
  /** The owner's download link, while it is ready and not expired. */
  downloadUrl: string | null;
}

const exportJob = (exportId: string) => `export:${exportId}`;
export const exportZipKey = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;
export const dataFileName = (now = Date.now()) => `bookclub-data-${new Date(now).toISOString().slice(0, 10)}.zip`;

function toView(row: typeof dataExports.$inferSelect): DataExportView {
  return {
    exportId: row.id,
    state: row.state,
    sizeBytes: row.sizeBytes,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    downloadUrl: row.state === "ready" ? `/profile/data-exports/${row.id}` : null,
  };
}

async function requireDownloadAllowed(ctx: MemberContext) {
  await limit(ctx.env.DATA_DOWNLOAD_LIMITER, ctx.user.id, DOWNLOAD_RATE_LIMITED);
}

/** Whether the account is too big to zip within one request: by its books, or its covers' bytes in R2. */
export async function isLargeAccount(deps: Deps, userId: string): Promise<boolean> {
  const [{ n } = { n: 0 }] = await deps.db.select({ n: sql<number>`count(*)` }).from(books).where(eq(books.userId, userId));
  if (n > LARGE_EXPORT_BOOKS) return true;
  let bytes = 0;
  let cursor: string | undefined;
  do {
    const listing = await deps.env.MEDIA.list({ prefix: `covers/${userId}/`, cursor, limit: 1000 });
    for (const object of listing.objects) bytes += object.size;
    if (bytes > LARGE_EXPORT_COVER_BYTES) return true;
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  return false;
}

/**
 * "Download all my data": a small account's zip right away (`kind: "zip"`), a large one's started in
 * the background (`kind: "background"`, offered on /profile when ready). Rate-limited per member.
 */
export async function downloadAllData(
  ctx: ServiceContext,
): Promise<{ kind: "zip"; body: Blob; fileName: string } | { kind: "background"; export: DataExportView }> {
  requireUser(ctx);
  await requireDownloadAllowed(ctx);
  if (await isLargeAccount(ctx, ctx.user.id)) return { kind: "background", export: await startExport(ctx) };
  return { kind: "zip", body: await buildAccountZip(ctx, ctx.user.id), fileName: dataFileName() };
}

/** Starts a background zip (any size); one already building is returned instead of a second. */
export async function requestDataExport(ctx: ServiceContext): Promise<DataExportView> {
  requireUser(ctx);
  await requireDownloadAllowed(ctx);
  return startExport(ctx);
}

async function startExport(ctx: MemberContext): Promise<DataExportView> {
  const [building] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, ctx.user.id), eq(dataExports.state, "building")))
    .limit(1);
  if (building) return toView(building);
  const id = crypto.randomUUID();
  const [row] = await ctx.db.insert(dataExports).values({ id, userId: ctx.user.id, state: "building" }).returning();
  await scheduleJob(ctx.env, exportJob(id), Date.now());
  return toView(row!);
}

/** The member's latest background download (for /profile), or null. Expired ones are not offered. */
export async function latestDataExport(ctx: ServiceContext): Promise<DataExportView | null> {
  requireUser(ctx);
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.userId, ctx.user.id)).orderBy(desc(dataExports.createdAt)).limit(1);
  if (!row || (row.expiresAt !== null && row.expiresAt <= Date.now())) return null;
  return toView(row);
}

/** The owner's export; another member's, an unknown id and an expired one are all 404, so ids reveal nothing. */
export async function findDataExport(ctx: ServiceContext, exportId: string): Promise<DataExportView> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  if (row.expiresAt !== null && row.expiresAt <= Date.now()) {
    await expireExport(ctx, row);
    throw notFound(EXPORT_EXPIRED);
  }
  return toView(row);
}

/** The ready zip's bytes for its owner, as a stream with its size. */
export async function openDataExport(ctx: ServiceContext, exportId: string): Promise<{ body: ReadableStream; size: number; fileName: string }> {
  const view = await findDataExport(ctx, exportId);
  if (view.state !== "ready")
    throw notFound(view.state === "failed" ? "This download could not be built. Please ask for a new one." : "This download is still being prepared.");
  requireUser(ctx);
  await requireDownloadAllowed(ctx);
  const object = await ctx.env.MEDIA.get(exportZipKey(ctx.user.id, exportId));
  if (!object) throw notFound(EXPORT_EXPIRED);
  return { body: object.body, size: object.size, fileName: dataFileName(view.createdAt) };
}

async function expireExport(deps: Deps, row: { id: string; userId: string }) {
  await deps.env.MEDIA.delete(exportZipKey(row.userId, row.id));
  await deps.db.delete(dataExports).where(eq(dataExports.id, row.id));
}

/**
 * The JobTimer's "export:{id}" job: builds a waiting zip into R2 and comes back when its link expires,
 * then deletes the object and the row. A failed build is marked failed (the member can ask again).
 */
export async function runDataExportJob(deps: Deps, exportId: string, now: number): Promise<number | null> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  if (!row) return null;
  if (row.state === "ready") {
    if (row.expiresAt !== null && row.expiresAt > now) return row.expiresAt;
    await expireExport(deps, row);
    return null;
  }
  if (row.state !== "building") return null;
  try {
    const key = exportZipKey(row.userId, row.id);
    const zip = await writeAccountZipToR2(deps, row.userId, key);
    const expiresAt = now + EXPORT_LINK_TTL_MS;
    await deps.db.update(dataExports).set({ state: "ready", zipKey: key, sizeBytes: zip.size, expiresAt }).where(eq(dataExports.id, row.id));
    return expiresAt;
  } catch (error) {
    console.warn(`Data export ${exportId} failed`, error);
    await deps.db.update(dataExports).set({ state: "failed" }).where(eq(dataExports.id, row.id));
    return null;
  }
}

/** profile.json, and the profile picture when it is one the member uploaded (not Google's). */
export const profileDataPart: AccountDataPart = {
  name: "profile",
  covers: [{ table: users, how: "profile.json, and the uploaded profile picture" }],
  files: ["profile.json"],
  async write({ db, env }, userId, zip) {
    const [profile] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!profile) throw notFound("Member not found");
    const pictureIsOurs = profile.picture?.startsWith(`avatars/${userId}/`) ?? false;
    let pictureFile: string | null = null;
    if (pictureIsOurs) {
      const object = await env.MEDIA.get(profile.picture!);
      if (object) {
        pictureFile = `profile-picture.${mediaExtension(profile.picture!, object.httpMetadata?.contentType)}`;
        await zip.file(pictureFile, object.body);
      }
    }
    await zip.json("profile.json", {
      userId: profile.id,
      name: profile.name,
      email: profile.email,
      bio: profile.bio,
      timezone: profile.timezone,
      language: profile.language,
      showEmail: profile.showEmail,
      profilePicture: pictureFile ?? (pictureIsOurs ? null : profile.picture),
      signedInWithGoogle: profile.googleSub !== null,
      createdAt: profile.createdAt,
    });
  },
};

/**
 * Every feature's part of the zip, in the order its files are written. A new table holding a member
 * id gets its part here (or a line in NOT_IN_DATA_DOWNLOAD); tests/account/member-tables.unit.test.ts
 * fails until it has one.
 */
export const ACCOUNT_DATA_PARTS: readonly AccountDataPart[] = [
  profileDataPart,
  preferencesDataPart,
  booksDataPart,
  memberAreaDataPart,
  loansDataPart,
  loanRecordDataPart,
  clubsDataPart,
  meetingsDataPart,
  pollsDataPart,
  clubReadingDataPart,
  conversationsDataPart,
  commentsDataPart,
  notificationsDataPart,
  pushDataPart,
  followsDataPart,
  wantedDataPart,
  clubRoomDataPart,
];

/** Tables holding a member id whose rows are not in the zip, and why. */
export const NOT_IN_DATA_DOWNLOAD: readonly TableCover[] = [
  { table: sessions, how: "sign-in sessions: hashes of tokens, nothing to read" },
  { table: inviteCodes, how: "a club's code, which belongs to the club" },
  { table: inviteCodeFailures, how: "a day's count of wrong invite codes" },
  { table: blocks, how: "not exported" },
  { table: analyticsEvents, how: "usage counts, not the member's content" },
  { table: waitlistEntries, how: "places in queues, which change by the hour" },
  { table: emailOutbox, how: "copies of e-mails already in the member's mailbox" },
  { table: importJobs, how: "an import's progress; the books it added are in books.json" },
  { table: dataExports, how: "the downloads themselves" },
  { table: reports, how: "moderation records, never shown to the member" },
];

async function writeAccountData(deps: Deps, userId: string, zip: AccountZip) {
  for (const part of ACCOUNT_DATA_PARTS) await part.write(deps, userId, zip);
  await zip.json("README.json", {
    about: "Your BookClub data. Times are Unix epoch milliseconds.",
    files: ACCOUNT_DATA_PARTS.flatMap((part) => part.files),
    exportedAt: Date.now(),
  });
}

/** The member's data as JSON files and their covers and picture, zipped into one Blob (a small account's download). */
export function buildAccountZip(deps: Deps, userId: string): Promise<Blob> {
  return zipToBlob((zip) => writeAccountData(deps, userId, zip));
}

/** The same zip written straight into R2 at `key`, part by part as it is built (a background export). */
export function writeAccountZipToR2(deps: Deps, userId: string, key: string): Promise<{ size: number; parts: number }> {
  return zipToR2(deps.env.MEDIA, key, (zip) => writeAccountData(deps, userId, zip), { httpMetadata: { contentType: "application/zip" } });
}

/** A deleted member's background downloads go: their rows, and their zips from R2. */
export const dataExportsDeletionPart: AccountDeletionPart = {
  name: "data exports",
  covers: [{ table: dataExports, how: "deleted, with their zips" }],
  async plan({ db, user }) {
    const ownExports = await db
      .select({ key: dataExports.zipKey })
      .from(dataExports)
      .where(and(eq(dataExports.userId, user.id), isNotNull(dataExports.zipKey)));
    return {
      statements: [db.delete(dataExports).where(eq(dataExports.userId, user.id))],
      mediaPrefixes: [`exports/${user.id}/`],
      mediaKeys: ownExports.map((row) => row.key),
    };
  },
};
