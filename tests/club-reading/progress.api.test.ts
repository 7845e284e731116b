import { clubs, memberships } from "@worker/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { finishBook, mark, putMilestones, readingOf, setBook, shelfOf, unmark } from "./support";

async function readingClub() {
  const creator = await signedInMember({ name: "Creator" });
  const club = await createClub(creator.user.id, { name: "Progress Club" });
  const readers = [];
  for (const name of ["Ana", "Ben", "Cleo"]) {
    const reader = await signedInMember({ name });
    await addMember(club.id, reader.user.id);
    readers.push(reader);
  }
  const set = await setBook(club.id, creator, {
    title: "Middlemarch",
    author: "George Eliot",
    finishBy: "2027-03-01",
    milestones: [
      { label: "Chapters 1–8", dueOn: "2027-01-12" },
      { label: "Chapters 9–14", dueOn: null },
    ],
  });
  expect(set.status).toBe(200);
  return { creator, clubId: club.id, readers: readers as [typeof creator, typeof creator, typeof creator], milestones: set.body.data!.milestones };
}

describe("The club's current book and schedule", () => {
  it("shows the book, its finish date and its milestones in order", async () => {
    const { clubId, readers, milestones } = await readingClub();
    const reading = (await readingOf(clubId, readers[0])).body.data!;
    expect(reading.current).toMatchObject({ title: "Middlemarch", author: "George Eliot", finishBy: "2027-03-01", bookId: null });
    expect(reading.milestones.map((m) => [m.position, m.label, m.dueOn])).toEqual([
      [1, "Chapters 1–8", "2027-01-12"],
      [2, "Chapters 9–14", null],
    ]);
    expect(milestones.every((m) => m.doneCount === 0)).toBe(true);
    expect(reading).toMatchObject({ memberCount: 4, canManage: false, canMark: true });
  });

  it("counts every member who marked a milestone but names only those who share", async () => {
    const { clubId, readers, milestones } = await readingClub();
    const first = milestones[0]!.milestoneId;
    await mark(clubId, first, readers[0], true);
    await mark(clubId, first, readers[1]);
    const reading = (await readingOf(clubId, readers[2])).body.data!;
    expect(reading.milestones[0]).toMatchObject({
      doneCount: 2,
      sharedBy: [{ userId: readers[0].user.id, name: "Ana" }],
      mine: { done: false, shared: false },
    });
    expect(JSON.stringify(reading)).not.toContain(readers[1].user.id);
    expect((await readingOf(clubId, readers[1])).body.data!.milestones[0]!.mine).toEqual({ done: true, shared: false });
  });

  it("lets a member change whether they share, and take a mark back", async () => {
    const { clubId, readers, milestones } = await readingClub();
    const first = milestones[0]!.milestoneId;
    await mark(clubId, first, readers[0]);
    let reading = (await mark(clubId, first, readers[0], true)).body.data!;
    expect(reading.milestones[0]).toMatchObject({ doneCount: 1, sharedBy: [{ name: "Ana" }], mine: { done: true, shared: true } });
    reading = (await unmark(clubId, first, readers[0])).body.data!;
    expect(reading.milestones[0]).toMatchObject({ doneCount: 0, sharedBy: [], mine: { done: false, shared: false } });
  });

  it("stops counting a member once they leave or are removed", async () => {
    const { clubId, readers, milestones } = await readingClub();
    const first = milestones[0]!.milestoneId;
    await mark(clubId, first, readers[0], true);
    await mark(clubId, first, readers[1], true);
    await db.delete(memberships).where(and(eq(memberships.clubId, clubId), eq(memberships.userId, readers[1].user.id)));
    expect((await readingOf(clubId, readers[0])).body.data!.milestones[0]).toMatchObject({ doneCount: 1, sharedBy: [{ name: "Ana" }] });
  });

  it("refuses a mark on a milestone of another club or of a finished book", async () => {
    const { clubId, creator, readers, milestones } = await readingClub();
    const other = await readingClub();
    expect((await mark(clubId, other.milestones[0]!.milestoneId, readers[0])).status).toBe(404);
    await finishBook(clubId, creator);
    expect((await mark(clubId, milestones[0]!.milestoneId, readers[0])).body).toEqual({ success: false, error: "Milestone not found" });
  });

  it("replaces milestones in order, keeping the marks of those sent back with their id", async () => {
    const { clubId, creator, readers, milestones } = await readingClub();
    const [first, second] = milestones.map((m) => m.milestoneId);
    await mark(clubId, first!, readers[0]);
    await mark(clubId, second!, readers[0]);
    const reading = (await putMilestones(clubId, creator, [{ label: "Prelude" }, { milestoneId: first, label: "Chapters 1–8", dueOn: "2027-01-20" }])).body
      .data!;
    expect(reading.milestones.map((m) => [m.position, m.label, m.dueOn, m.doneCount])).toEqual([
      [1, "Prelude", null, 0],
      [2, "Chapters 1–8", "2027-01-20", 1],
    ]);
    expect(reading.milestones[1]!.milestoneId).toBe(first);
  });

  it("takes at most 30 milestones and checks their days", async () => {
    const { clubId, creator } = await readingClub();
    const many = Array.from({ length: 31 }, (_, i) => ({ label: `Part ${i + 1}` }));
    expect((await putMilestones(clubId, creator, many, true)).status).toBe(400);
    expect((await putMilestones(clubId, creator, many.slice(0, 30))).status).toBe(200);
    expect((await putMilestones(clubId, creator, [{ label: "x", dueOn: "2027-02-30" }], true)).status).toBe(400);
    expect((await setBook(clubId, creator, { author: "Nobody" })).status).toBe(400);
  });

  it("sets one of the app's books, and refuses one the admin may not see", async () => {
    const { clubId, creator } = await readingClub();
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Persuasion", author: "Jane Austen", isbn13: "9780141439686", coverKey: "covers/p.jpg" });
    const hidden = await createBook(owner.user.id, { title: "Hidden", hidden: "moderation" });
    const set = (await setBook(clubId, creator, { bookId: book.id })).body.data!;
    expect(set.current).toMatchObject({ bookId: book.id, title: "Persuasion", author: "Jane Austen", isbn13: "9780141439686", cover: "covers/p.jpg" });
    expect((await setBook(clubId, creator, { bookId: hidden.id })).body).toEqual({ success: false, error: "Book not found" });
  });
});

describe("The club's shelf history", () => {
  it("receives the current book when a new one is set or it is finished, most recent first", async () => {
    const { clubId, creator, readers } = await readingClub();
    await setBook(clubId, creator, { title: "Persuasion", author: "Jane Austen" });
    const finished = (await finishBook(clubId, creator)).body.data!;
    expect(finished.current).toBeNull();
    expect((await finishBook(clubId, creator)).status).toBe(409);
    const shelf = (await shelfOf(clubId, readers[0])).body.data!;
    expect(shelf.items.map((b) => b.title)).toEqual(["Persuasion", "Middlemarch"]);
    expect(shelf.items.every((b) => b.finishedAt > 0)).toBe(true);
    expect(shelf.nextToken).toBeNull();
  });

  it("pages", async () => {
    const { clubId, creator, readers } = await readingClub();
    for (const title of ["Two", "Three", "Four"]) await setBook(clubId, creator, { title });
    const first = (await shelfOf(clubId, readers[0], "?limit=2")).body.data!;
    expect(first.items.map((b) => b.title)).toEqual(["Three", "Two"]);
    const second = (await shelfOf(clubId, readers[0], `?limit=2&nextToken=${first.nextToken}`)).body.data!;
    expect(second.items.map((b) => b.title)).toEqual(["Middlemarch"]);
    expect(second.nextToken).toBeNull();
    expect((await shelfOf(clubId, readers[0], "?nextToken=nope", true)).status).toBe(400);
  });

  it("goes with the club when the club is deleted (foreign keys cascade)", async () => {
    const { clubId, creator, readers, milestones } = await readingClub();
    await mark(clubId, milestones[0]!.milestoneId, readers[0]);
    await setBook(clubId, creator, { title: "Next" });
    await db.delete(clubs).where(eq(clubs.id, clubId));
    const [left] = await db.all<{ n: number }>(
      sql`select (select count(*) from club_books where club_id = ${clubId}) + (select count(*) from club_milestones where id = ${milestones[0]!.milestoneId}) + (select count(*) from milestone_progress where milestone_id = ${milestones[0]!.milestoneId}) as n`,
    );
    expect(left!.n).toBe(0);
  });
});
