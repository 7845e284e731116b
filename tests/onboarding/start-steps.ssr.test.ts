import { memberAreas } from "@worker/db/schema";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember, signIn } from "../helpers/fixtures";
import { call, type Envelope, json, SAME_ORIGIN } from "../helpers/http";
import { page } from "../helpers/pages";

// A new member's start on the library (issue 39, item 2): three steps that tick themselves, put away
// for good by one press, on every device.

// A cell no other test uses (lat -67.89, lon -169.87): only whether an area is set matters here.
const FAR_CELL = { cellLat: -6789, cellLon: -16987 };

/** The start card's markup on the member's library, or null when it is not there. */
async function startCard(cookie?: string) {
  const { status, html } = await page("/library", cookie);
  expect(status).toBe(200);
  const start = html.indexOf('<section aria-labelledby="start-heading"');
  return start < 0 ? null : html.slice(start, html.indexOf("</section>", start));
}

const done = (card: string) => [...card.matchAll(/<span class="sr-only">Done:/g)].length;
const apiSteps = async (token: string) =>
  (
    await json<Envelope<{ steps: { books: boolean; area: boolean; club: boolean } | null }>>(
      await call("/api/users/me/start", { headers: { Authorization: `Bearer ${token}` } }),
    )
  ).data!.steps;

describe("the start card", () => {
  it("greets a new member on the library with three steps to do, and is no part of a visitor's library", async () => {
    const member = await signedInMember();
    const card = (await startCard(member.cookie))!;
    expect(card).toContain("Your first steps on BookClub");
    expect(card).toContain("0 of 3 done");
    for (const step of ["Add your first books", "Set your area", "Find a club"]) expect(card).toContain(step);
    expect(card).toContain('href="/my-books?add=1"');
    expect(card).toContain('href="/books/new"');
    expect(card).toContain('href="/my-books?dialog=import"');
    expect(card).toContain('href="/profile#my-area"');
    expect(card).toContain('href="/clubs/browse"');
    expect(done(card)).toBe(0);
    expect(await startCard()).toBeNull();
    expect(await apiSteps(member.token)).toEqual({ books: false, area: false, club: false });
  });

  it("ticks each step itself once it is done: a book listed, an area set, a club joined", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "First Shelf Book" });
    expect(await apiSteps(member.token)).toEqual({ books: true, area: false, club: false });
    expect(done((await startCard(member.cookie))!)).toBe(1);

    await db.insert(memberAreas).values({ userId: member.user.id, ...FAR_CELL, place: "Start town", updatedAt: Date.now() });
    const other = await signedInMember();
    const club = await createClub(other.user.id, { name: "Start Club" });
    await addMember(club.id, member.user.id);
    const card = (await startCard(member.cookie))!;
    expect(done(card)).toBe(3);
    expect(card).toContain("All done. Happy reading!");
    expect(await apiSteps(member.token)).toEqual({ books: true, area: true, club: true });
  });

  it("a pending club request is not a club yet", async () => {
    const member = await signedInMember();
    const other = await signedInMember();
    const club = await createClub(other.user.id, { name: "Private Start", isPrivate: true });
    await addMember(club.id, member.user.id, "pending");
    expect((await apiSteps(member.token))!.club).toBe(false);
  });

  it("stays put away once hidden, on every device (a plain form post, no script needed)", async () => {
    const member = await signedInMember();
    const otherDevice = await signIn(member.user);
    expect(await startCard(member.cookie)).not.toBeNull();
    const hidden = await call("/start/dismiss", {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: member.cookie },
      body: new URLSearchParams({ redirectTo: "/library" }),
    });
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("Location")).toBe("/library");
    expect(await startCard(member.cookie)).toBeNull();
    expect(await apiSteps(member.token)).toBeNull();
    // The member's other session (another device) finds it put away too.
    expect(await startCard(otherDevice.cookie)).toBeNull();
  });

  it("is put away through the API too, and a second time changes nothing", async () => {
    const member = await signedInMember();
    for (let i = 0; i < 2; i++) {
      const response = await call("/api/users/me/start/dismiss", { method: "POST", headers: { Authorization: `Bearer ${member.token}` } });
      expect(response.status).toBe(200);
      expect((await json<Envelope<{ steps: null }>>(response)).data).toEqual({ steps: null });
    }
    expect(await startCard(member.cookie)).toBeNull();
  });

  it("is refused to visitors", async () => {
    expect((await call("/api/users/me/start")).status).toBe(401);
    const post = await call("/start/dismiss", { method: "POST", headers: SAME_ORIGIN, body: new URLSearchParams() });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});
