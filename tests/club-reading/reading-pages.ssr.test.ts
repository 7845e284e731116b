import { loans } from "@worker/db/schema";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { page } from "../helpers/pages";

/** A plain form post with repeated fields (the milestone rows), as a browser without script sends it. */
const post = (path: string, fields: [string, string][], cookie: string) =>
  call(path, { method: "POST", headers: { ...SAME_ORIGIN, Cookie: cookie }, body: new URLSearchParams(fields) });

/** What a reader sees: the markup without its tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("Reading pages without script", () => {
  it("an admin sets the book with milestones, a member marks one, and the club page counts it", async () => {
    const creator = await signedInMember({ name: "Creator" });
    const club = await createClub(creator.user.id, { name: "Plain Forms Club" });
    const member = await signedInMember({ name: "Mo" });
    await addMember(club.id, member.user.id);
    const owner = await signedInMember({ name: "Olive" });
    await createBook(owner.user.id, { title: "Plainsong Nights", author: "Kent Haruf" });

    const form = await page(`/clubs/${club.id}/reading`, creator.cookie);
    expect(form.status).toBe(200);
    expect(form.html).toContain("Or enter a book");
    expect((await page(`/clubs/${club.id}/reading`, member.cookie)).status).toBe(403);

    const set = await post(
      `/clubs/${club.id}/reading`,
      [
        ["intent", "set-book"],
        ["title", "Plainsong Nights"],
        ["author", "Kent Haruf"],
        ["finishBy", "2027-03-01"],
        ...(["Part one", "Part two", "", ""] as const).flatMap((label, i): [string, string][] => [
          ["milestoneId", ""],
          ["label", label],
          ["dueOn", i === 0 ? "2027-01-12" : ""],
        ]),
      ],
      creator.cookie,
    );
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe(`/clubs/${club.id}#reading-now`);

    let html = text((await page(`/clubs/${club.id}`, member.cookie)).html);
    expect(html).toContain("Reading now");
    expect(html).toContain("Finish by 1 Mar 2027");
    expect(html).toContain("Part one · by 12 Jan 2027");
    expect(html).toContain("0 of 2 members");
    expect(html).toContain("Borrow from Olive");
    expect(html).toContain("In the library · Available");
    const milestoneId = (await page(`/clubs/${club.id}`, member.cookie)).html.match(/name="milestoneId" value="([^"]+)"/)?.[1];
    expect(milestoneId).toBeDefined();

    const marked = await post(
      `/clubs/${club.id}/reading/progress`,
      [
        ["intent", "mark"],
        ["milestoneId", milestoneId!],
        ["shared", "on"],
      ],
      member.cookie,
    );
    expect(marked.status).toBe(302);
    html = text((await page(`/clubs/${club.id}`, creator.cookie)).html);
    expect(html).toContain("1 of 2 members");
    expect(html).toContain("Done: Mo");

    expect((await post(`/clubs/${club.id}/reading`, [["intent", "finish"]], creator.cookie)).status).toBe(302);
    const shelf = text((await page(`/clubs/${club.id}/shelf`, member.cookie)).html);
    expect(shelf).toContain("Shelf history");
    expect(shelf).toContain("Plainsong Nights");
  });

  it("an admin finds one of the app's books by search and makes it the club's book; a private club's pages are 404 to outsiders", async () => {
    const creator = await signedInMember({ name: "Creator" });
    const club = await createClub(creator.user.id, { name: "Search Club", isPrivate: true });
    const owner = await signedInMember({ name: "Olive" });
    const word = `Qz${crypto.randomUUID().slice(0, 8)}`;
    const book = await createBook(owner.user.id, { title: `${word} Gardens`, author: "Vita Sackville" });

    const found = text((await page(`/clubs/${club.id}/reading?q=${word}`, creator.cookie)).html);
    expect(found).toContain(`${word} Gardens by Vita Sackville`);
    const set = await post(
      `/clubs/${club.id}/reading`,
      [
        ["intent", "set-book"],
        ["bookId", book.id],
      ],
      creator.cookie,
    );
    expect(set.status).toBe(302);
    expect(text((await page(`/clubs/${club.id}`, creator.cookie)).html)).toContain(`${word} Gardens`);

    const outsider = await signedInMember();
    for (const path of [`/clubs/${club.id}/reading`, `/clubs/${club.id}/shelf`]) expect((await page(path, outsider.cookie)).status).toBe(404);
  });

  it("offers the waitlist for a copy that is lent, through the book page's own form", async () => {
    const creator = await signedInMember({ name: "Creator" });
    const club = await createClub(creator.user.id, { name: "Waitlist Club" });
    const owner = await signedInMember({ name: "Lena Lender" });
    const borrower = await signedInMember();
    const word = `Qw${crypto.randomUUID().slice(0, 8)}`;
    const book = await createBook(owner.user.id, { title: `${word} Tides`, author: "Ann Author" });
    await db
      .insert(loans)
      .values({ id: crypto.randomUUID(), bookId: book.id, ownerId: owner.user.id, borrowerId: borrower.user.id, state: "lent", updatedAt: Date.now() });
    await post(
      `/clubs/${club.id}/reading`,
      [
        ["intent", "set-book"],
        ["title", `${word} tides`],
        ["author", "ann author"],
      ],
      creator.cookie,
    );

    const html = (await page(`/clubs/${club.id}`, creator.cookie)).html;
    expect(text(html)).toContain("In the library · Lent");
    expect(text(html)).not.toContain("Borrow from Lena Lender");
    expect(html).toContain(`action="/books/${book.id}"`);
    const joined = await post(
      `/books/${book.id}`,
      [
        ["intent", "join-waitlist"],
        ["bookId", book.id],
      ],
      creator.cookie,
    );
    expect(joined.status).toBe(200);
    expect(text(await joined.text())).toContain("number 1 on the waitlist");
  });
});
