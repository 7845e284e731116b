import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { createClub } from "../clubs/support";
import { createBook, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { readingOf } from "./support";

const unique = () => `Zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

describe("Choosing the club's book from the library", () => {
  it("lists copies of one book once, saying whose each is", async () => {
    const word = unique();
    const admin = await signedInMember();
    const club = await createClub(admin.user.id);
    const [olive, pip] = [await signedInMember({ name: "Olive Owner" }), await signedInMember({ name: "Pip Owner" })];
    await createBook(olive.user.id, { title: `Middlemarch ${word}`, author: "George Eliot" });
    await createBook(pip.user.id, { title: `middlemarch ${word}`, author: "George  Eliot" });
    const html = (await page(`/clubs/${club.id}/reading?q=${word}`, admin.cookie)).html.replaceAll("<!-- -->", "");
    expect(html.match(/>Read this book</g)).toHaveLength(1);
    expect(html).toMatch(/2 copies: (Olive Owner&#x27;s copy, Pip Owner&#x27;s copy|Pip Owner&#x27;s copy, Olive Owner&#x27;s copy)/);
  });

  it("leads on to the schedule, where a picked book gets its milestones and a finish day too", async () => {
    const admin = await signedInMember();
    const club = await createClub(admin.user.id);
    const book = await createBook(admin.user.id, { title: `Picked ${unique()}`, author: "Someone" });
    const set = await postForm(`/clubs/${club.id}/reading`, { intent: "set-book", bookId: book.id }, admin.cookie);
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe(`/clubs/${club.id}/reading#schedule-heading`);
    const schedule = await page(`/clubs/${club.id}/reading`, admin.cookie);
    expect(schedule.html).toMatch(/<input(?=[^>]*name="finishBy")(?=[^>]*type="date")/);

    const day = `${new Date().getUTCFullYear() + 1}-02-01`;
    const saved = await call(`/clubs/${club.id}/reading`, {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: admin.cookie },
      body: new URLSearchParams([
        ["intent", "milestones"],
        ["finishBy", day],
        ["milestoneId", ""],
        ["label", "Part one"],
        ["dueOn", ""],
      ]),
    });
    expect(saved.status).toBe(302);
    const reading = (await readingOf(club.id, admin)).body.data!;
    expect(reading.current).toMatchObject({ bookId: book.id, finishBy: day });
    expect(reading.milestones.map((milestone) => milestone.label)).toEqual(["Part one"]);

    // The API takes it too; left out, it stays; null clears it.
    const put = (body: unknown) => api(`/clubs/${club.id}/reading/milestones`, admin, { method: "PUT", json: body });
    expect((await put({ milestones: [{ label: "Part one" }] })).status).toBe(200);
    expect((await readingOf(club.id, admin)).body.data!.current!.finishBy).toBe(day);
    expect((await put({ milestones: [{ label: "Part one" }], finishBy: null })).status).toBe(200);
    expect((await readingOf(club.id, admin)).body.data!.current!.finishBy).toBeNull();
  });
});
