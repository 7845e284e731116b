import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";
import { copiesOf, setBook } from "./support";

/** What a reader sees of a page: its markup without the scripts (which carry the loader's data and the catalogue). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

describe("The club page tells one story about the club's books", () => {
  it("calls a copy shared into the club what the shelf of that name lists, and a member's other copy a member's copy", async () => {
    const word = `Zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    const admin = await signedInMember({ name: "Ada Admin" });
    const member = await signedInMember({ name: "Mia Member" });
    const club = await createClub(admin.user.id, { name: "Story Club" });
    await addMember(club.id, member.user.id);
    expect((await setBook(club.id, admin, { title: word, author: "George Eliot" })).status).toBe(200);
    // The admin's copy is only in their own library; the member's is shared into the club.
    const admins = await createBook(admin.user.id, { title: word, author: "George Eliot" });
    const shared = await createBook(member.user.id, { title: word, author: "George Eliot", clubId: club.id });

    const copies = (await copiesOf(club.id, member)).body.data!.items;
    expect(copies.map((copy) => [copy.bookId, copy.inClub, copy.sharedHere])).toEqual(
      expect.arrayContaining([
        [admins.id, true, false],
        [shared.id, true, true],
      ]),
    );

    const html = shown((await page(`/clubs/${club.id}`, admin.cookie)).html);
    expect(html).toContain("Shared into this club · Available");
    expect(html).toContain("A member&#x27;s copy · Available");
    expect(html).not.toContain("In this club");
    // The shelf of that name lists the shared copy, and says nothing of "none shared".
    const shelf = html.slice(html.indexOf('id="club-books-heading"'));
    expect(shelf).toMatch(/^id="club-books-heading"[^>]*>Shared into this club</);
    expect(shelf).toContain(`/books/${shared.id}`);
    expect(shelf).not.toContain("No books have been shared into this club yet.");
  });
});
