import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { z } from "zod";
import { books, clubs, conversations, dataExports, joinRequests, loanEvents, loans, memberships, notifications, users } from "../db/schema";
import { conversationRoom } from "./conversation-rooms";
import { notFound, requireUser } from "./errors";
import { limit } from "./rate-limit";
import { scheduleJob } from "./job-timers";
import { getNotificationSettings } from "./notification-prefs";
import type { Deps, MemberContext, ServiceContext } from "./types";

/** Above either limit the zip is built in the background (a JobTimer alarm) instead of on request. */
export const LARGE_EXPORT_BOOKS = 50;
export const LARGE_EXPORT_COVER_BYTES = 20 * 1024 * 1024;
/** How long a background zip is offered; then the object is deleted and the link answers 404. */
export const EXPORT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const DOWNLOAD_RATE_LIMITED = "Too many data downloads. Please wait a minute and try again.";
export const EXPORT_EXPIRED = "This download has expired. Please ask for a new one.";
export const EXPORT_NOT_FOUND = "Download not found";
const MESSAGES_PAGE = 100;

export const dataExportParams = z.object({ id: z.uuid({ message: "id: must be a download id" }) });

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
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, ctx.user.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
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
  if (view.state !== "ready") throw notFound(view.state === "failed" ? "This download could not be built. Please ask for a new one." : "This download is still being prepared.");
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
    const zip = await buildAccountZip(deps, row.userId);
    await deps.env.MEDIA.put(exportZipKey(row.userId, row.id), zip, { httpMetadata: { contentType: "application/zip" } });
    const expiresAt = now + EXPORT_LINK_TTL_MS;
    await deps.db.update(dataExports).set({ state: "ready", zipKey: exportZipKey(row.userId, row.id), sizeBytes: zip.size, expiresAt }).where(eq(dataExports.id, row.id));
    return expiresAt;
  } catch (error) {
    console.warn(`Data export ${exportId} failed`, error);
    await deps.db.update(dataExports).set({ state: "failed" }).where(eq(dataExports.id, row.id));
    return null;
  }
}

/** Zip entries are added one at a time; covers are stored as they are (already compressed), JSON deflated. */
class ZipWriter {
  private readonly chunks: Uint8Array<ArrayBuffer>[] = [];
  private readonly zip = new Zip((error, chunk) => {
    if (error) throw error;
    this.chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });

  json(name: string, value: unknown) {
    const file = new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    file.push(new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`), true);
  }

  raw(name: string, bytes: Uint8Array) {
    const file = new ZipPassThrough(name);
    this.zip.add(file);
    file.push(bytes, true);
  }

  finish(): Blob {
    this.zip.end();
    return new Blob(this.chunks, { type: "application/zip" });
  }
}

const extensionOf = (key: string, contentType?: string) => {
  const fromKey = key.match(/\.([a-z0-9]{2,5})$/i)?.[1];
  if (fromKey) return fromKey.toLowerCase();
  return contentType?.split("/")[1]?.replace("jpeg", "jpg").replace("svg+xml", "svg") ?? "bin";
};

/** Every message of a conversation the member can read, oldest first, page by page from its room. */
async function readConversation(env: Env, memberId: string, conversationId: string, members: [string, string]) {
  const room = conversationRoom(env, conversationId);
  await room.open(conversationId, members);
  const messages: { messageId: string; fromUserId: string; content: string; createdAt: number }[] = [];
  let before: number | undefined;
  do {
    const page = await room.list(memberId, MESSAGES_PAGE, before);
    for (const message of page.items) {
      messages.push({ messageId: message.messageId, fromUserId: message.fromUserId, content: message.content, createdAt: message.createdAt });
    }
    before = page.nextToken ?? undefined;
  } while (before !== undefined);
  return messages.reverse();
}

/** The member's data as JSON files and their covers and picture, zipped. */
export async function buildAccountZip(deps: Deps, userId: string): Promise<Blob> {
  const { db, env } = deps;
  const other = alias(users, "other");
  const [[profile], ownBooks, clubRows, requestRows, conversationRows, notificationRows] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db.select().from(books).where(eq(books.userId, userId)).orderBy(books.seq),
    db
      .select({ clubId: clubs.id, name: clubs.name, role: memberships.role, status: memberships.status, joinedAt: memberships.createdAt, createdByYou: sql<number>`${clubs.createdBy} = ${userId}` })
      .from(memberships)
      .innerJoin(clubs, eq(clubs.id, memberships.clubId))
      .where(eq(memberships.userId, userId)),
    db
      .select({ clubId: clubs.id, name: clubs.name, status: joinRequests.status, requestedAt: joinRequests.requestedAt, decidedAt: joinRequests.decidedAt })
      .from(joinRequests)
      .innerJoin(clubs, eq(clubs.id, joinRequests.clubId))
      .where(eq(joinRequests.userId, userId)),
    db
      .select({ conversationId: conversations.id, userAId: conversations.userAId, userBId: conversations.userBId, otherName: other.name, createdAt: conversations.createdAt })
      .from(conversations)
      .innerJoin(other, sql`${other.id} = case when ${conversations.userAId} = ${userId} then ${conversations.userBId} else ${conversations.userAId} end`)
      .where(or(eq(conversations.userAId, userId), eq(conversations.userBId, userId))),
    db
      .select({ type: notifications.type, title: notifications.title, body: notifications.body, link: notifications.link, count: notifications.count, readAt: notifications.readAt, createdAt: notifications.createdAt, updatedAt: notifications.updatedAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.updatedAt)),
  ]);
  if (!profile) throw notFound("Member not found");
  // Not in the batch: batched rows come back keyed by column name, and loans.id and the other member's id collide.
  const loanRows = await db
    .select({
      loanId: loans.id,
      bookId: loans.bookId,
      bookTitle: books.title,
      role: sql<"owner" | "borrower">`case when ${loans.ownerId} = ${userId} then 'owner' else 'borrower' end`,
      otherMemberId: other.id,
      otherMemberName: other.name,
      state: loans.state,
      dueDate: loans.dueDate,
      createdAt: loans.createdAt,
      updatedAt: loans.updatedAt,
      events: sql<string>`(select json_group_array(json_object('action', ${loanEvents.action}, 'dueDate', ${loanEvents.dueDate}, 'at', ${loanEvents.createdAt})) from ${loanEvents} where ${loanEvents.loanId} = ${loans.id})`,
    })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .innerJoin(other, sql`${other.id} = case when ${loans.ownerId} = ${userId} then ${loans.borrowerId} else ${loans.ownerId} end`)
    .where(or(eq(loans.ownerId, userId), eq(loans.borrowerId, userId)));

  const zip = new ZipWriter();
  const pictureIsOurs = profile.picture?.startsWith(`avatars/${userId}/`) ?? false;
  let pictureFile: string | null = null;
  if (pictureIsOurs) {
    const object = await env.MEDIA.get(profile.picture!);
    if (object) {
      pictureFile = `profile-picture.${extensionOf(profile.picture!, object.httpMetadata?.contentType)}`;
      zip.raw(pictureFile, new Uint8Array(await object.arrayBuffer()));
    }
  }
  zip.json("profile.json", {
    userId: profile.id,
    name: profile.name,
    email: profile.email,
    bio: profile.bio,
    timezone: profile.timezone,
    showEmail: profile.showEmail,
    profilePicture: pictureFile ?? (pictureIsOurs ? null : profile.picture),
    signedInWithGoogle: profile.googleSub !== null,
    createdAt: profile.createdAt,
  });
  const settings = await getNotificationSettings({ db, env, user: { ...profile } });
  zip.json("preferences.json", { notifications: settings });

  const bookFiles: Record<string, unknown>[] = [];
  for (const book of ownBooks) {
    let coverFile: string | null = null;
    if (book.coverKey && !/^https?:/.test(book.coverKey)) {
      const object = await env.MEDIA.get(book.coverKey);
      if (object) {
        coverFile = `covers/${book.id}.${extensionOf(book.coverKey, object.httpMetadata?.contentType)}`;
        zip.raw(coverFile, new Uint8Array(await object.arrayBuffer()));
      }
    }
    const { seq: _seq, userId: _owner, coverKey, analysisAttempts: _attempts, ...fields } = book;
    bookFiles.push({ ...fields, cover: coverFile ?? (coverKey && /^https?:/.test(coverKey) ? coverKey : null) });
  }
  zip.json("books.json", bookFiles);
  zip.json(
    "loans.json",
    loanRows.map((row) => ({ ...row, events: JSON.parse(row.events ?? "[]") })),
  );
  zip.json("clubs.json", { memberships: clubRows.map((row) => ({ ...row, createdByYou: Boolean(row.createdByYou) })), joinRequests: requestRows });

  const threads = [];
  for (const row of conversationRows) {
    const messages = await readConversation(env, userId, row.conversationId, [row.userAId, row.userBId]);
    const otherId = row.userAId === userId ? row.userBId : row.userAId;
    threads.push({
      conversationId: row.conversationId,
      with: { userId: otherId, name: row.otherName },
      createdAt: row.createdAt,
      messages: messages.map((message) => ({ ...message, fromYou: message.fromUserId === userId })),
    });
  }
  zip.json("conversations.json", threads);
  zip.json("notifications.json", notificationRows);
  zip.json("README.json", {
    about: "Your BookClub data. Times are Unix epoch milliseconds.",
    files: ["profile.json", "preferences.json", "books.json", "covers/", "loans.json", "clubs.json", "conversations.json", "notifications.json"],
    exportedAt: Date.now(),
  });
  return zip.finish();
}
