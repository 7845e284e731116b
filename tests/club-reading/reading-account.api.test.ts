import { clubBooks, milestoneProgress } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { addMember, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { mark, readingOf, setBook } from "./support";

async function clubWithBook() {
  const creator = await signedInMember({ name: "Creator" });
  const club = await createClub(creator.user.id, { name: "Account Club" });
  const admin = await signedInMember({ name: "Admin" });
  const reader = await signedInMember({ name: "Reader" });
  await addMember(club.id, admin.user.id, "active", "admin");
  await addMember(club.id, reader.user.id);
  const set = await setBook(club.id, admin, { title: "Villette", author: "Charlotte Brontë", milestones: [{ label: "Volume 1" }] });
  return { creator, admin, reader, clubId: club.id, milestoneId: set.body.data!.milestones[0]!.milestoneId };
}

describe("A member's club reading and their account", () => {
  it("puts their milestone marks and the club books they set in 'Download all my data' (club-reading.json)", async () => {
    const { admin, reader, clubId, milestoneId } = await clubWithBook();
    await mark(clubId, milestoneId, admin, true);
    await mark(clubId, milestoneId, reader);
    const response = await call("/api/users/me/data", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(files["club-reading.json"]!)) as { progress: unknown[]; booksSet: unknown[] };
    expect(data.progress).toEqual([expect.objectContaining({ clubId, clubName: "Account Club", bookTitle: "Villette", milestone: "Volume 1", shared: true })]);
    expect(data.booksSet).toEqual([expect.objectContaining({ clubId, title: "Villette", author: "Charlotte Brontë", state: "current" })]);
    expect((JSON.parse(strFromU8(files["README.json"]!)) as { files: string[] }).files).toContain("club-reading.json");
  });

  it("deletes their marks on account deletion, and keeps the club's book with set_by cleared", async () => {
    const { admin, reader, clubId, milestoneId } = await clubWithBook();
    await mark(clubId, milestoneId, admin, true);
    await mark(clubId, milestoneId, reader);
    expect((await deleteAccountByApi(admin.cookie)).status).toBe(200);
    expect(await db.select().from(milestoneProgress).where(eq(milestoneProgress.userId, admin.user.id))).toEqual([]);
    const [book] = await db.select({ setBy: clubBooks.setBy, title: clubBooks.title }).from(clubBooks).where(eq(clubBooks.clubId, clubId));
    expect(book).toEqual({ setBy: null, title: "Villette" });
    expect((await readingOf(clubId, reader)).body.data!.milestones[0]).toMatchObject({ doneCount: 1, sharedBy: [] });
  });
});
