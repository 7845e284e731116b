import { wantedBooks } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBook, createMember, db, placeAt, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { page, postForm } from "../helpers/pages";

// Cells no other test uses: a reader and a neighbour about 4 km apart.
const HOME = { cellLat: -3321, cellLon: 14711 };
const NEXT_DOOR = { cellLat: -3321, cellLon: 14715 };
const eqUser = (userId: string) => eq(wantedBooks.userId, userId);
const unique = (title: string) => `${title} ${crypto.randomUUID().slice(0, 8)}`;

describe("the book page's Want this book", () => {
  it("is a sign-in link for a visitor, a form for a member (then On your wanted list with Remove), and absent for the owner", async () => {
    const owner = await signedInMember({ name: "Olga Owner" });
    const reader = await signedInMember({ name: "Wim Wanter" });
    const book = await createBook(owner.user.id, { title: unique("Wanted Page Novel"), author: "Ada Author" });
    const path = `/books/${book.id}`;

    const visitor = await page(path);
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain(`href="/login?redirectTo=${encodeURIComponent(path)}"`);
    expect(visitor.html).toContain("Want this book");
    const visitorPost = await postForm(`${path}/want`, {}, "");
    expect(visitorPost.status).toBe(302);
    expect(visitorPost.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

    const own = await page(path, owner.cookie);
    expect(own.html).not.toContain("Want this book");
    expect(own.html).not.toContain(`action="${path}/want"`);
    // Posting anyway: the owner is sent back with the refusal, and nothing is wanted.
    const ownPost = await postForm(`${path}/want`, {}, owner.cookie);
    expect(ownPost.status).toBe(302);
    expect(ownPost.headers.get("Location")).toBe(path);
    expect(await db.select().from(wantedBooks).where(eqUser(owner.user.id))).toEqual([]);

    const before = await page(path, reader.cookie);
    expect(before.html).toContain(`action="${path}/want"`);
    expect(before.html).toContain("Want this book");
    expect(before.html).not.toContain("On your wanted list");
    const want = await postForm(`${path}/want`, {}, reader.cookie);
    expect(want.status).toBe(302);
    expect(want.headers.get("Location")).toBe(path);
    expect(want.headers.get("Set-Cookie")).toContain("bookclub_flash");

    const after = await page(path, reader.cookie);
    expect(after.html).toContain("On your wanted list");
    expect(after.html).toContain('aria-label="Remove from your wanted list"');
    expect(after.html).not.toContain(">Want this book<");
    const [row] = await db.select().from(wantedBooks).where(eqUser(reader.user.id));
    expect(row).toMatchObject({ title: book.title, author: "Ada Author", source: "book", fromBookId: book.id });

    const remove = await postForm(`${path}/want`, { intent: "remove", wantedId: String(row!.id) }, reader.cookie);
    expect(remove.status).toBe(302);
    expect((await page(path, reader.cookie)).html).not.toContain("On your wanted list");
    expect(await db.select().from(wantedBooks).where(eqUser(reader.user.id))).toEqual([]);
  });
});

describe("/wanted", () => {
  it("sends a visitor to sign in", async () => {
    const response = await call("/wanted");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/wanted")}`);
  });

  it("adds by title and author, shows errors without losing what was typed, removes, and asks for an area before the radius", async () => {
    const member = await signedInMember({ name: "Lia List" });
    const empty = await page("/wanted", member.cookie);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("Wanted books");
    expect(empty.html).toContain("Set your area on your profile to hear of copies near you.");
    expect(empty.html).toContain('href="/profile#my-area"');
    expect(empty.html).not.toContain('name="radiusKm"');

    // No title: a 400 that says so, with the author still in its field.
    const noTitle = await postForm("/wanted", { intent: "add-title", title: "  ", author: "Kept Author" }, member.cookie);
    expect(noTitle.status).toBe(400);
    const noTitleHtml = await noTitle.text();
    expect(noTitleHtml).toContain("Please enter a title.");
    expect(noTitleHtml).toContain('value="Kept Author"');
    // Not an ISBN: a 400 with the typed text kept.
    const badIsbn = await postForm("/wanted", { intent: "add-isbn", isbn: "12345" }, member.cookie);
    expect(badIsbn.status).toBe(400);
    const badIsbnHtml = await badIsbn.text();
    expect(badIsbnHtml).toContain("Give a valid ISBN-10 or ISBN-13");
    expect(badIsbnHtml).toContain('value="12345"');
    expect(badIsbnHtml).toContain('aria-invalid="true"');

    const title = unique("Listed Wish");
    const added = await postForm("/wanted", { intent: "add-title", title, author: "Wanda Writer" }, member.cookie);
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/wanted");
    const listed = await page("/wanted", member.cookie);
    expect(listed.html).toContain(title);
    expect(listed.html).toContain("Wanda Writer");
    const [row] = await db.select().from(wantedBooks).where(eqUser(member.user.id));

    // The radius rides on an area: without one, a 409 that says where to set it.
    const radius = await postForm("/wanted", { intent: "radius", radiusKm: "10" }, member.cookie);
    expect(radius.status).toBe(409);
    expect(await radius.text()).toContain("Set your area on your profile to hear of copies near you.");

    // Another member's or an unknown id: a 404 in words.
    const unknown = await postForm("/wanted", { intent: "remove", wantedId: String(row!.id + 100000) }, member.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("That wanted book is not on your list.");
    const removed = await postForm("/wanted", { intent: "remove", wantedId: String(row!.id) }, member.cookie);
    expect(removed.status).toBe(302);
    expect((await page("/wanted", member.cookie)).html).not.toContain(title);
  });

  it("sets the radius for a member with an area and counts the copies near them", async () => {
    const member = await signedInMember({ name: "Rae Radius" });
    const neighbour = await createMember({ name: "Nat Neighbour" });
    await placeAt(member.user.id, HOME);
    await placeAt(neighbour.id, NEXT_DOOR);
    const title = unique("Radius Wish");
    await createBook(neighbour.id, { title, author: "Cora Copy" });
    expect((await postForm("/wanted", { intent: "add-title", title, author: "Cora Copy" }, member.cookie)).status).toBe(302);

    const before = await page("/wanted", member.cookie);
    expect(before.html).toContain('name="radiusKm"');
    expect(before.html).toMatch(/<option value="25" selected="">25 km<\/option>/);
    expect(before.html).toContain("1 copy near you");
    expect(before.html).not.toContain("Set your area on your profile");

    const saved = await postForm("/wanted", { intent: "radius", radiusKm: "10" }, member.cookie);
    expect(saved.status).toBe(302);
    expect((await page("/wanted", member.cookie)).html).toMatch(/<option value="10" selected="">10 km<\/option>/);
    const refused = await postForm("/wanted", { intent: "radius", radiusKm: "7" }, member.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("radiusKm must be one of 5, 10, 25, 50, 100");
  });

  it("pages through a long list with Older", async () => {
    const member = await signedInMember({ name: "Pia Pages" });
    const rows = Array.from({ length: 51 }, (_, i) => ({
      userId: member.user.id,
      title: `Paged Wish ${String(i).padStart(2, "0")}`,
      author: "",
      matchKey: `paged wish ${i}`,
      source: "title" as const,
    }));
    // D1 binds at most 100 values a statement.
    for (let i = 0; i < rows.length; i += 15) await db.insert(wantedBooks).values(rows.slice(i, i + 15));
    const first = await page("/wanted", member.cookie);
    expect(first.html).toContain("Paged Wish 50");
    expect(first.html).not.toContain("Paged Wish 00");
    const older = first.html.match(/href="\/wanted\?nextToken=(w[0-9a-z]+)"/);
    expect(older).not.toBeNull();
    const second = await page(`/wanted?nextToken=${older![1]}`, member.cookie);
    expect(second.html).toContain("Paged Wish 00");
    expect(second.html).not.toContain("Paged Wish 50");
    expect(second.html).toContain("Back to the newest");
    // A tampered token starts the list again instead of failing.
    expect((await page("/wanted?nextToken=nope", member.cookie)).status).toBe(200);
  });
});

describe("/library's Wanted, near you, and My Books' wanters", () => {
  it("shows copies of my wanted books first, with their distance, only when there are any; the owner sees how many nearby want theirs", async () => {
    const reader = await signedInMember({ name: "Gil Grabber" });
    const owner = await signedInMember({ name: "Hal Holder" });
    await placeAt(reader.user.id, HOME);
    await placeAt(owner.user.id, NEXT_DOOR);
    const title = unique("Nearby Wish");
    const book = await createBook(owner.user.id, { title, author: "Ivo Ink" });

    const none = await page("/library", reader.cookie);
    expect(none.status).toBe(200);
    expect(none.html).not.toContain("Wanted, near you");
    expect((await page("/my-books", owner.cookie)).html).not.toMatch(/>\d+ members? nearby wants? this</);

    expect((await postForm(`/books/${book.id}/want`, {}, reader.cookie)).status).toBe(302);
    const shown = await page("/library", reader.cookie);
    const section = shown.html.indexOf("Wanted, near you");
    expect(section).toBeGreaterThan(0);
    // First: above the listing's tabs and cards.
    expect(section).toBeLessThan(shown.html.indexOf('id="panel-books"'));
    const row = shown.html.slice(section, shown.html.indexOf('id="panel-books"'));
    expect(row).toContain(title);
    expect(row).toContain("You want this");
    expect(row).toMatch(/about \d+ km/);
    expect(row).toContain('href="/wanted"');
    expect(shown.html).not.toMatch(/cell_?lat|cell_?lon/i);
    // Not on a search, and not for someone who wants nothing.
    expect((await page(`/library?search=${encodeURIComponent(title)}`, reader.cookie)).html).not.toContain("Wanted, near you");
    expect((await page("/library", owner.cookie)).html).not.toContain("Wanted, near you");

    const shelf = await page("/my-books", owner.cookie);
    expect(shelf.html).toContain(">1 member nearby wants this</p>");
    expect(shelf.html).toContain('href="/wanted"');
  });
});
