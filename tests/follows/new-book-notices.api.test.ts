import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { blocks, follows, notificationPreferences, notifications } from "@worker/db/schema";
import { NEW_BOOKS_WINDOW_MS, newBooksJob, newBooksWindow } from "@worker/features/follows";
import { GOODREADS_HEADER } from "@worker/features/imports/import-csv";
import { fanOutNotice, type NoticeMessage } from "@worker/features/notifications";
import { runJob } from "@worker/jobs";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClub } from "../clubs/support";
import { createBook, createMember, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { captureImportQueue, lookupsFindNothing, runImportBatches, startImport } from "../imports/support";
import { bellOf, captureNoticeQueue, outboxOf } from "../notifications/support";

afterEach(() => vi.restoreAllMocks());

/** A window well in the past, so the books put in it are not split by the clock ticking over. */
const pastWindow = () => newBooksWindow(Date.now()) - 10 * NEW_BOOKS_WINDOW_MS;
const followed = (followerId: string, followeeId: string) => db.insert(follows).values({ followerId, followeeId });
const noticesOf = async (userId: string) => (await bellOf(userId)).filter((row) => row.type === "followed_member_new_books");

describe("a followed member's new books", () => {
  it("reach each follower as one bell item and one e-mail per window, and a retried job adds nothing", async () => {
    const milo = await createMember({ name: "Milo" });
    const [ann, bo, stranger] = await Promise.all([createMember(), createMember(), createMember()]);
    await followed(ann.id, milo.id);
    await followed(bo.id, milo.id);
    const window = pastWindow();
    for (const [i, title] of ["Matilda", "The BFG", "Holes"].entries()) await createBook(milo.id, { title, createdAt: window + i * 1000 });
    // Outside the window: the one before, and the one after.
    await createBook(milo.id, { title: "Earlier", createdAt: window - 1 });
    await createBook(milo.id, { title: "Later", createdAt: window + NEW_BOOKS_WINDOW_MS });

    expect(await runJob(env, newBooksJob(milo.id, window), Date.now())).toBeNull();
    for (const follower of [ann, bo]) {
      const [notice, ...more] = await noticesOf(follower.id);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        title: "Milo added 3 new books",
        body: "“Matilda”, “The BFG” and “Holes”",
        link: `/users/${milo.id}`,
        actorId: milo.id,
        count: 1,
        readAt: null,
      });
      expect((await outboxOf(follower.id)).map((mail) => mail.subject)).toEqual([expect.stringContaining("Milo added 3 new books")]);
    }
    expect(await noticesOf(stranger.id)).toEqual([]);
    expect(await noticesOf(milo.id)).toEqual([]);

    // The alarm rings again (a retry): nothing changes, not even the unread state.
    await db.update(notifications).set({ readAt: 1 }).where(eq(notifications.userId, ann.id));
    expect(await runJob(env, newBooksJob(milo.id, window), Date.now())).toBeNull();
    expect(await noticesOf(ann.id)).toEqual([expect.objectContaining({ count: 1, readAt: 1 })]);
    expect(await outboxOf(ann.id)).toHaveLength(1);
    expect(await outboxOf(bo.id)).toHaveLength(1);
  });

  it("say 'a new book' for one, and leave out books still without a title (not listed yet)", async () => {
    const milo = await createMember({ name: "Milo" });
    const ann = await createMember();
    await followed(ann.id, milo.id);
    const window = pastWindow();
    await createBook(milo.id, { title: "Matilda", createdAt: window });
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    expect(await noticesOf(ann.id)).toEqual([expect.objectContaining({ title: "Milo added a new book", body: "“Matilda”" })]);

    const next = window + NEW_BOOKS_WINDOW_MS;
    for (const [i, title] of ["A", "B", "C", "D", ""].entries()) await createBook(milo.id, { title, createdAt: next + i });
    await runJob(env, newBooksJob(milo.id, next), Date.now());
    expect((await noticesOf(ann.id))[0]).toMatchObject({ title: "Milo added 4 new books", body: "“A”, “B”, “C” and 1 more" });
  });

  it("leave out books others cannot see: hidden ones and a private club's; none left, no notice", async () => {
    const milo = await createMember({ name: "Milo" });
    const ann = await createMember();
    await followed(ann.id, milo.id);
    const privateClub = await createClub(milo.id, { isPrivate: true });
    const openClub = await createClub(milo.id, { isPrivate: false });
    const window = pastWindow();
    await createBook(milo.id, { title: "Hidden", hidden: "moderation", createdAt: window });
    await createBook(milo.id, { title: "Club secret", clubId: privateClub.id, createdAt: window + 1 });
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    expect(await noticesOf(ann.id)).toEqual([]);

    await createBook(milo.id, { title: "Shared", clubId: openClub.id, createdAt: window + 2 });
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    expect(await noticesOf(ann.id)).toEqual([expect.objectContaining({ title: "Milo added a new book", body: "“Shared”" })]);
  });

  it("respect the follower's preference: off means no bell item and no e-mail", async () => {
    const milo = await createMember({ name: "Milo" });
    const [off, on, quiet] = await Promise.all([createMember(), createMember(), createMember()]);
    for (const follower of [off, on, quiet]) await followed(follower.id, milo.id);
    await db.insert(notificationPreferences).values([
      { userId: off.id, prefs: { new_book_from_followed_user: false } },
      // The master switch off: the bell item stays, the e-mail does not go.
      { userId: quiet.id, emailOptIn: false },
    ]);
    const window = pastWindow();
    await createBook(milo.id, { title: "Matilda", createdAt: window });
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    expect(await noticesOf(off.id)).toEqual([]);
    expect(await outboxOf(off.id)).toEqual([]);
    expect(await noticesOf(on.id)).toHaveLength(1);
    expect(await outboxOf(on.id)).toHaveLength(1);
    expect(await noticesOf(quiet.id)).toHaveLength(1);
    expect(await outboxOf(quiet.id)).toEqual([]);
  });

  it("skip followers across a block either way, and deleted or suspended followers", async () => {
    const milo = await createMember({ name: "Milo" });
    const [fan, blocksMilo, blockedByMilo, deleted, suspended] = await Promise.all([
      createMember(),
      createMember(),
      createMember(),
      createMember({ deletedAt: Date.now() }),
      createMember({ suspendedAt: Date.now() }),
    ]);
    for (const follower of [fan, blocksMilo, blockedByMilo, deleted, suspended]) await followed(follower.id, milo.id);
    // Written straight to the table, as if a block landed while its batch was still on its way.
    await db.insert(blocks).values([
      { blockerId: blocksMilo.id, blockedId: milo.id },
      { blockerId: milo.id, blockedId: blockedByMilo.id },
    ]);
    const window = pastWindow();
    await createBook(milo.id, { title: "Matilda", createdAt: window });
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    expect(await noticesOf(fan.id)).toHaveLength(1);
    for (const skipped of [blocksMilo, blockedByMilo, deleted, suspended]) expect(await noticesOf(skipped.id)).toEqual([]);
  });

  it("reach every follower of a much-followed member, in chunks", async () => {
    const milo = await createMember({ name: "Milo" });
    const fans = await Promise.all(Array.from({ length: 120 }, () => createMember()));
    for (let i = 0; i < fans.length; i += 30) {
      await db.insert(follows).values(fans.slice(i, i + 30).map((fan, j) => ({ followerId: fan.id, followeeId: milo.id, createdAt: 1_000 + ((i + j) % 7) })));
    }
    const window = pastWindow();
    await createBook(milo.id, { title: "Matilda", createdAt: window });
    // Beyond 20 followers the job enqueues one notice on notice-fanout: the consumer writes the bells.
    const sent = captureNoticeQueue<NoticeMessage>();
    await runJob(env, newBooksJob(milo.id, window), Date.now());
    expect(sent).toHaveLength(1);
    await fanOutNotice({ db, env }, sent[0]!);
    const told = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, "followed_member_new_books"), eq(notifications.actorId, milo.id)));
    expect(new Set(told.map((row) => row.userId))).toEqual(new Set(fans.map((fan) => fan.id)));
    expect(told).toHaveLength(120);
  });
});

describe("where books join a shelf, the window's job is set", () => {
  it("for a book added by hand, only when the member has followers", async () => {
    const [milo, lonely, ann] = await Promise.all([signedInMember({ name: "Milo" }), signedInMember(), createMember()]);
    await followed(ann.id, milo.user.id);
    const before = Date.now();
    const added = await api("/books", milo, { method: "POST", json: { title: "Matilda", author: "Roald Dahl" } });
    expect(added.status).toBe(201);
    const window = newBooksWindow(before);
    const at = (await nextJobRun(env, newBooksJob(milo.user.id, window))) ?? (await nextJobRun(env, newBooksJob(milo.user.id, window + NEW_BOOKS_WINDOW_MS)));
    expect(at).toBeGreaterThan(before);
    expect(at! - before).toBeLessThanOrEqual(NEW_BOOKS_WINDOW_MS + 60_000);

    expect((await api("/books", lonely, { method: "POST", json: { title: "Holes", author: "Louis Sachar" } })).status).toBe(201);
    expect(await nextJobRun(env, newBooksJob(lonely.user.id, newBooksWindow(Date.now())))).toBeNull();
  });

  it("for books a CSV import adds", async () => {
    const sent = captureImportQueue();
    lookupsFindNothing();
    const [milo, ann] = await Promise.all([signedInMember({ name: "Milo" }), createMember()]);
    await followed(ann.id, milo.user.id);
    const cells = (title: string) =>
      GOODREADS_HEADER.map((column) => (column === "Title" ? title : column === "Author" ? "Roald Dahl" : column === "Exclusive Shelf" ? "read" : ""));
    const csv = [GOODREADS_HEADER, cells("Matilda"), cells("The BFG")].map((row) => row.join(",")).join("\n");
    const started = await startImport(csv, milo.cookie, ["read"]);
    expect(started.response.status).toBe(202);
    const before = Date.now();
    await runImportBatches(sent);
    const window = newBooksWindow(before);
    const at = (await nextJobRun(env, newBooksJob(milo.user.id, window))) ?? (await nextJobRun(env, newBooksJob(milo.user.id, window + NEW_BOOKS_WINDOW_MS)));
    expect(at).toBeGreaterThan(before);
  });
});
