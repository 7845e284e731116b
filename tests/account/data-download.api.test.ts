import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { scheduleJob } from "@worker/core/jobs/schedule";
import { R2_PART_BYTES } from "@worker/core/zip-stream";
import { dataExports, loans, notificationPreferences, notifications, users } from "@worker/db/schema";
import { type DataExportView, LARGE_EXPORT_BOOKS, runDataExportJob, writeAccountZipToR2 } from "@worker/features/account/data-download";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { addMember, addPendingRequest, createClub } from "../clubs/support";
import { createBook, createBooks, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { moderator } from "../moderation/support";
import { SAME_ORIGIN } from "./member-support";
import { conversationWith, keysUnder, putObject } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;
const COVER = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6]);

async function unzip(response: Response) {
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const read = <T = unknown>(name: string) => JSON.parse(strFromU8(files[name]!)) as T;
  return { files, read };
}

/** Runs the export's JobTimer alarm until the zip is built (the local runtime may already have run it). */
async function waitForExport(exportId: string) {
  const stub = env.JOB_TIMER.get(env.JOB_TIMER.idFromName(`export:${exportId}`));
  for (let attempt = 0; attempt < 50; attempt++) {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (row && row.state !== "building") return row;
    await runDurableObjectAlarm(stub);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The export was never built");
}

async function largeAccount() {
  const member = await signedInMember({ name: "Big Reader" });
  const cover = await putObject(`covers/${member.user.id}/first.jpg`, COVER);
  await createBooks(
    member.user.id,
    Array.from({ length: LARGE_EXPORT_BOOKS + 1 }, (_, index) => ({ title: `Big ${index}`, coverKey: index === 0 ? cover : null })),
  );
  return member;
}

async function startLargeExport(member: Member) {
  const response = await call("/api/users/me/data", { cookie: member.cookie });
  expect(response.status).toBe(202);
  const body = await json<Envelope<DataExportView>>(response);
  expect(body.data).toMatchObject({ state: "building", downloadUrl: null });
  return body.data!.exportId;
}

describe("Download all my data", () => {
  it("gives a small account its zip at once: profile, preferences, books and covers, loans, clubs, conversations, notifications", async () => {
    const member = await signedInMember({ name: "Zip Reader", bio: "Loves maps" });
    const me = member.user.id;
    const friend = await signedInMember({ name: "Zip Friend" });
    const avatar = await putObject(`avatars/${me}/me.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), "image/png");
    await db.update(users).set({ picture: avatar }).where(eq(users.id, me));
    await db.insert(notificationPreferences).values({ userId: me, emailOptIn: false, prefs: { club_announcement: false } });
    const cover = await putObject(`covers/${me}/atlas.jpg`, COVER);
    const mine = await createBook(me, { title: "The Atlas", coverKey: cover });
    const theirs = await createBook(friend.user.id, { title: "Borrowed Tales" });
    await db.insert(loans).values([
      { id: crypto.randomUUID(), bookId: mine.id, ownerId: me, borrowerId: friend.user.id, state: "returned", updatedAt: Date.now() },
      { id: crypto.randomUUID(), bookId: theirs.id, ownerId: friend.user.id, borrowerId: me, state: "requested", updatedAt: Date.now() },
    ]);
    const club = await createClub(friend.user.id, { name: "Map Club" });
    await addMember(club.id, me);
    const asked = await createClub(friend.user.id, { name: "Closed Club", isPrivate: true });
    await addPendingRequest(asked.id, me);
    await conversationWith(me, friend.user.id, [
      [me, "Have you read it?"],
      [friend.user.id, "Not yet"],
    ]);
    await db
      .insert(notifications)
      .values({ id: crypto.randomUUID(), userId: me, type: "loan", title: "Your book is back", link: "/loans", dedupeKey: "n1", updatedAt: Date.now() });

    const response = await call("/api/users/me/data", { cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bookclub-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const { files, read } = await unzip(response);

    expect(read("profile.json")).toMatchObject({
      userId: me,
      name: "Zip Reader",
      email: member.user.email,
      bio: "Loves maps",
      profilePicture: "profile-picture.png",
    });
    expect([...files["profile-picture.png"]!]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(read("preferences.json")).toMatchObject({ notifications: { emailOptIn: false, prefs: { club_announcement: false, dm_message_received: true } } });
    const bookList = read<{ id: string; title: string; cover: string | null }[]>("books.json");
    expect(bookList).toEqual([expect.objectContaining({ id: mine.id, title: "The Atlas", cover: `covers/${mine.id}.jpg` })]);
    expect([...files[`covers/${mine.id}.jpg`]!]).toEqual([...COVER]);
    const loanList = read<{ role: string; bookTitle: string; otherMemberName: string; state: string }[]>("loans.json");
    expect(loanList).toHaveLength(2);
    expect(loanList).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: "owner", bookTitle: "The Atlas", otherMemberName: "Zip Friend", state: "returned" }),
        expect.objectContaining({ role: "borrower", bookTitle: "Borrowed Tales", otherMemberName: "Zip Friend", state: "requested" }),
      ]),
    );
    const clubData = read<{ memberships: { name: string; status: string }[]; joinRequests: { name: string; status: string }[] }>("clubs.json");
    expect(clubData.memberships.map((row) => [row.name, row.status]).sort()).toEqual([
      ["Closed Club", "pending"],
      ["Map Club", "active"],
    ]);
    expect(clubData.joinRequests).toEqual([expect.objectContaining({ name: "Closed Club", status: "pending" })]);
    const threads = read<{ with: { name: string }; messages: { content: string; fromYou: boolean }[] }[]>("conversations.json");
    expect(threads).toHaveLength(1);
    expect(threads[0]!.with.name).toBe("Zip Friend");
    expect(threads[0]!.messages.map((message) => [message.content, message.fromYou])).toEqual([
      ["Have you read it?", true],
      ["Not yet", false],
    ]);
    expect(read<{ title: string }[]>("notifications.json").map((row) => row.title)).toEqual(["Your book is back"]);
    // Nothing of the other member's leaks in.
    expect(Object.keys(files).filter((name) => name.startsWith("covers/"))).toEqual([`covers/${mine.id}.jpg`]);
  });

  it("answers the profile's form with the zip itself", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "Form Book" });
    const response = await postForm("/profile/data", {}, member.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const { read } = await unzip(response);
    expect(read<{ title: string }[]>("books.json").map((book) => book.title)).toEqual(["Form Book"]);
    const profile = await page("/profile", member.cookie);
    expect(profile.html).toContain("Download all my data");
    expect(profile.html).toContain('href="/profile/delete"');
  });

  it("builds a large account's zip in the background, offered to its owner alone by a link that expires", async () => {
    const member = await largeAccount();
    const exportId = await startLargeExport(member);
    const row = await waitForExport(exportId);
    expect(row).toMatchObject({ state: "ready", zipKey: `exports/${member.user.id}/${exportId}.zip` });
    expect(row.expiresAt! - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);

    const status = await call(`/api/users/me/data-exports/${exportId}`, { cookie: member.cookie });
    expect(await json<Envelope<DataExportView>>(status)).toMatchObject({
      success: true,
      data: { state: "ready", downloadUrl: `/profile/data-exports/${exportId}` },
    });
    const profile = await page("/profile", member.cookie);
    expect(profile.html).toContain(`href="/profile/data-exports/${exportId}"`);

    const download = await call(`/profile/data-exports/${exportId}`, { cookie: member.cookie });
    expect(download.status).toBe(200);
    const { files, read } = await unzip(download);
    expect(read<unknown[]>("books.json")).toHaveLength(LARGE_EXPORT_BOOKS + 1);
    expect(Object.keys(files).filter((name) => name.startsWith("covers/"))).toHaveLength(1);
    const viaApi = await call(`/api/users/me/data-exports/${exportId}/zip`, { cookie: member.cookie });
    expect(viaApi.status).toBe(200);
    await viaApi.arrayBuffer();

    // Only the owner: another member and a visitor learn nothing; /media never serves exports.
    const other = await signedInMember();
    expect((await call(`/profile/data-exports/${exportId}`, { cookie: other.cookie })).status).toBe(404);
    const foreign = await call(`/api/users/me/data-exports/${exportId}`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(await json<Envelope>(foreign)).toEqual({ success: false, error: "Download not found" });
    expect((await call(`/api/users/me/data-exports/${exportId}/zip`, { cookie: other.cookie })).status).toBe(404);
    // Nor does a moderator: they review reports, not members' data.
    const mod = await moderator();
    expect((await call(`/api/users/me/data-exports/${exportId}/zip`, { cookie: mod.cookie })).status).toBe(404);
    expect((await call(`/profile/data-exports/${exportId}`, { cookie: mod.cookie })).status).toBe(404);
    expect((await call(`/api/users/me/data-exports/${exportId}`)).status).toBe(401);
    const visitorPage = await call(`/profile/data-exports/${exportId}`);
    expect(visitorPage.status).toBe(302);
    expect(visitorPage.headers.get("Location")).toContain("/login");
    expect((await call(`/media/${row.zipKey}`)).status).toBe(404);

    // After the link expires: 404, and the object and row are gone.
    await db
      .update(dataExports)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(dataExports.id, exportId));
    const expired = await call(`/api/users/me/data-exports/${exportId}`, { cookie: member.cookie });
    expect(expired.status).toBe(404);
    expect(await json<Envelope>(expired)).toEqual({ success: false, error: "This download has expired. Please ask for a new one." });
    expect(await keysUnder(`exports/${member.user.id}/`)).toEqual([]);
    expect(await db.select().from(dataExports).where(eq(dataExports.id, exportId))).toEqual([]);
    await scheduleJob(env, `export:${exportId}`, null);
  });

  it("deletes the zip when the timer comes back at expiry", async () => {
    const member = await largeAccount();
    const response = await call("/api/users/me/data-exports", { method: "POST", headers: SAME_ORIGIN, cookie: member.cookie });
    expect(response.status).toBe(202);
    const { exportId } = (await json<Envelope<DataExportView>>(response)).data!;
    const row = await waitForExport(exportId);
    // The timer's next run is the expiry; running the job then removes the zip.
    expect(await runDataExportJob({ db, env }, exportId, row.expiresAt! - 1)).toBe(row.expiresAt);
    expect(await runDataExportJob({ db, env }, exportId, row.expiresAt! + 1)).toBeNull();
    expect(await keysUnder(`exports/${member.user.id}/`)).toEqual([]);
    expect(await db.select().from(dataExports).where(eq(dataExports.id, exportId))).toEqual([]);
    expect((await call(`/profile/data-exports/${exportId}`, { cookie: member.cookie })).status).toBe(404);
    await scheduleJob(env, `export:${exportId}`, null);
  });

  it("streams a background zip larger than one R2 part into R2 in several parts, which read back whole", async () => {
    const member = await signedInMember({ name: "Heavy Reader" });
    // More cover bytes than one 5 MiB part, in a pattern that no offset error could reproduce.
    const bytes = new Uint8Array(R2_PART_BYTES + 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >>> 13)) & 0xff;
    const book = await createBook(member.user.id, { title: "Heavy Atlas", coverKey: await putObject(`covers/${member.user.id}/heavy.jpg`, bytes) });

    const written = await writeAccountZipToR2({ db, env }, member.user.id, `exports/${member.user.id}/parts-check.zip`);
    expect(written.parts).toBe(2);
    expect(written.size).toBeGreaterThan(bytes.length);
    const stored = await env.MEDIA.get(`exports/${member.user.id}/parts-check.zip`);
    expect(stored!.size).toBe(written.size);
    await stored!.body.cancel();

    // The background export the member asks for is that zip, offered by its link.
    const response = await call("/api/users/me/data-exports", { method: "POST", headers: SAME_ORIGIN, cookie: member.cookie });
    expect(response.status).toBe(202);
    const { exportId } = (await json<Envelope<DataExportView>>(response)).data!;
    const row = await waitForExport(exportId);
    // The row records the stored object's size. (Not written.size: README.json's exportedAt differs,
    // and deflate can make two timestamps a byte apart.)
    const head = (await env.MEDIA.head(row.zipKey!))!;
    expect(row).toMatchObject({ state: "ready", sizeBytes: head.size });
    expect(Math.abs(head.size - written.size)).toBeLessThan(16);
    // A multipart object's etag ends with its number of parts.
    expect(head.etag).toMatch(/-2$/);
    const download = await call(`/profile/data-exports/${exportId}`, { cookie: member.cookie });
    expect(download.status).toBe(200);
    const { files, read } = await unzip(download);
    const cover = files[`covers/${book.id}.jpg`]!;
    expect(cover.length).toBe(bytes.length);
    expect(cover.every((byte, index) => byte === bytes[index])).toBe(true);
    expect(read<{ title: string }[]>("books.json").map((entry) => entry.title)).toEqual(["Heavy Atlas"]);
    expect(read("profile.json")).toMatchObject({ name: "Heavy Reader" });
    await scheduleJob(env, `export:${exportId}`, null);
  });

  it("is for members only, validates ids, and is rate-limited", async () => {
    await startOfRateLimitWindow();
    expect((await call("/api/users/me/data")).status).toBe(401);
    expect((await call("/api/users/me/data-exports", { method: "POST", headers: SAME_ORIGIN })).status).toBe(401);
    const member = await signedInMember();
    const bad = await call("/api/users/me/data-exports/not-an-id", { cookie: member.cookie, invalid: true });
    expect(bad.status).toBe(400);
    expect((await json<Envelope>(bad)).success).toBe(false);
    expect((await call(`/api/users/me/data-exports/${crypto.randomUUID()}`, { cookie: member.cookie })).status).toBe(404);
    const foreign = await call("/api/users/me/data-exports", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      cookie: member.cookie,
    });
    expect(foreign.status).toBe(403);

    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await call("/api/users/me/data", { cookie: member.cookie });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    const limited = await call("/api/users/me/data", { cookie: member.cookie });
    expect(await json<Envelope>(limited)).toEqual({ success: false, error: "Too many data downloads. Please wait a minute and try again." });
  });
});
