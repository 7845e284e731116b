import { books, loans, memberAreas, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { page } from "../helpers/pages";
import { loanInState, type Member, stepOk } from "./support";

/** A plain post of the Edit Book form (its other fields as they are), with the lending rule's fields. */
async function postEditBook(owner: Member, bookId: string, lending: Record<string, string>) {
  const [book] = await db.select().from(books).where(eq(books.id, bookId));
  return call(`/books/${bookId}/edit`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, Cookie: owner.cookie },
    body: new URLSearchParams({ title: book!.title, author: book!.author, status: book!.status, description: book!.description ?? "", ...lending }),
  });
}

function postProfile(member: Member, fields: Record<string, string>) {
  return call("/profile", { method: "POST", headers: { ...SAME_ORIGIN, Cookie: member.cookie }, body: new URLSearchParams({ lending: "rule", ...fields }) });
}

const ruleOf = async (bookId: string) => (await db.select({ lendTo: books.lendTo, km: books.lendWithinKm }).from(books).where(eq(books.id, bookId)))[0];
const defaultOf = async (member: Member) =>
  (await db.select({ lendTo: users.lendTo, km: users.lendWithinKm }).from(users).where(eq(users.id, member.user.id)))[0];

/** The rule form's radios as rendered: [value, label, checked]. */
function radios(html: string) {
  const fieldset = html.match(/<fieldset id="lending"[\s\S]*?<\/fieldset>/)?.[0] ?? "";
  return [...fieldset.matchAll(/<input ([^>]*type="radio"[^>]*)>/g)].map((m) => {
    const attrs = m[1]!;
    const id = attrs.match(/id="([^"]+)"/)![1];
    const label = fieldset.match(new RegExp(`<label for="${id}"[^>]*>([^<]*)</label>`))?.[1];
    return [attrs.match(/value="([^"]*)"/)![1], label, attrs.includes("checked")] as const;
  });
}

const DISTANCES = ["Within 1 km", "Within 2 km", "Within 5 km", "Within 10 km", "Within 25 km", "Within 50 km"];
const distanceOptions = (html: string) =>
  [...(html.match(/<select[^>]*name="lendWithinKm"[^>]*>[\s\S]*?<\/select>/)?.[0] ?? "").matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);

describe("the lending rule on Edit Book", () => {
  it("offers 'Use my default' first (chosen while the book follows it), the five rules and the distances; says when there is no area", async () => {
    const owner = await signedInMember({ name: "Edda Edit", lendTo: "clubs" });
    const book = await createBook(owner.user.id, { title: "Rule Form" });
    const { status, html } = await page(`/books/${book.id}/edit`, owner.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Who may ask to borrow this book");
    expect(radios(html)).toEqual([
      ["", "Use my default", true],
      ["anyone", "Anyone", false],
      ["near", "Members near me", false],
      ["clubs", "Members of my clubs", false],
      ["following", "People I follow", false],
      ["nobody", "Nobody for now", false],
    ]);
    expect(html).toContain("Your default: Members of my clubs");
    expect(distanceOptions(html)).toEqual(DISTANCES);
    expect(html).toContain("You have no area yet, so nobody counts as near you.");

    await db.insert(memberAreas).values({ userId: owner.user.id, cellLat: -5830, cellLon: -6650, place: "Edit town", updatedAt: Date.now() });
    await db.update(books).set({ lendTo: "near", lendWithinKm: 25 }).where(eq(books.id, book.id));
    const again = (await page(`/books/${book.id}/edit`, owner.cookie)).html;
    expect(radios(again).find(([, , checked]) => checked)).toEqual(["near", "Members near me", true]);
    expect(again).toMatch(/<option value="25" selected="">Within 25 km<\/option>/);
    expect(again).not.toContain("You have no area yet");
  });

  it("saves a rule, a distance with 'near', and 'Use my default' as none; refuses what the form does not offer, in its own words", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Rule Saves" });
    expect((await postEditBook(owner, book.id, { lendTo: "clubs", lendWithinKm: "10" })).status).toBe(302);
    expect(await ruleOf(book.id)).toEqual({ lendTo: "clubs", km: null });
    expect((await postEditBook(owner, book.id, { lendTo: "near", lendWithinKm: "5" })).status).toBe(302);
    expect(await ruleOf(book.id)).toEqual({ lendTo: "near", km: 5 });
    expect((await postEditBook(owner, book.id, { lendTo: "", lendWithinKm: "5" })).status).toBe(302);
    expect(await ruleOf(book.id)).toEqual({ lendTo: null, km: null });

    const unknown = await postEditBook(owner, book.id, { lendTo: "sometimes", lendWithinKm: "10" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose who may ask to borrow.");
    const odd = await postEditBook(owner, book.id, { lendTo: "near", lendWithinKm: "7" });
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain("Choose one of the distances offered.");
    expect(await ruleOf(book.id)).toEqual({ lendTo: null, km: null });
  });

  it("never cancels a loan already agreed when the rule changes to nobody", async () => {
    const owner = await signedInMember();
    const borrower = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Agreed Before" });
    const loanId = await loanInState({ owner, borrower, book }, "accepted");
    expect((await postEditBook(owner, book.id, { lendTo: "nobody" })).status).toBe(302);
    expect((await db.select({ state: loans.state }).from(loans).where(eq(loans.id, loanId)))[0]?.state).toBe("accepted");
    expect((await stepOk(loanId, "lent", owner)).state).toBe("lent");
    expect((await postProfile(owner, { lendTo: "nobody", lendWithinKm: "10" })).status).toBe(200);
    expect((await stepOk(loanId, "returned", owner)).state).toBe("returned");
  });
});

describe("the default lending rule on /profile", () => {
  it("shows the member's default, and saves a new one through the page's action", async () => {
    const member = await signedInMember();
    const before = (await page("/profile", member.cookie)).html;
    expect(before).toContain("Who may ask to borrow my books");
    expect(radios(before)).toEqual([
      ["anyone", "Anyone", true],
      ["near", "Members near me", false],
      ["clubs", "Members of my clubs", false],
      ["following", "People I follow", false],
      ["nobody", "Nobody for now", false],
    ]);
    expect(before).toContain("You have no area yet, so nobody counts as near you.");

    const saved = await postProfile(member, { lendTo: "near", lendWithinKm: "2" });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Lending rule saved");
    expect(await defaultOf(member)).toEqual({ lendTo: "near", km: 2 });
    // Saving it again is no error.
    expect((await postProfile(member, { lendTo: "near", lendWithinKm: "2" })).status).toBe(200);
    const after = (await page("/profile", member.cookie)).html;
    expect(radios(after).find(([, , checked]) => checked)?.[0]).toBe("near");
    expect(after).toMatch(/<option value="2" selected="">Within 2 km<\/option>/);
  });

  it("refuses a rule or a distance it does not offer, shown in the form, and keeps the default", async () => {
    const member = await signedInMember();
    const unknown = await postProfile(member, { lendTo: "everyone", lendWithinKm: "10" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose who may ask to borrow.");
    const odd = await postProfile(member, { lendTo: "near", lendWithinKm: "3" });
    expect(odd.status).toBe(400);
    expect(await odd.text()).toContain("Choose one of the distances offered.");
    const none = await postProfile(member, { lendWithinKm: "10" });
    expect(none.status).toBe(400);
    expect(await defaultOf(member)).toEqual({ lendTo: "anyone", km: 10 });
  });
});

describe("'nobody for now' is shown, not hidden", () => {
  it("to others on the book page (visitors too), to the owner on the book page and My Books", async () => {
    const owner = await signedInMember({ name: "Nora Nobody" });
    const other = await signedInMember();
    expect((await postProfile(owner, { lendTo: "nobody", lendWithinKm: "10" })).status).toBe(200);
    const resting = await createBook(owner.user.id, { title: "Resting Book" });
    const lending = await createBook(owner.user.id, { title: "Lending Book", lendTo: "anyone" });

    const seen = (await page(`/books/${resting.id}`, other.cookie)).html;
    expect(seen).toContain("Nora Nobody isn&#x27;t lending this book for now.");
    expect(seen).not.toContain("Borrow from Nora Nobody");
    expect((await page(`/books/${resting.id}`)).html).toContain("Nora Nobody isn&#x27;t lending this book for now.");
    expect((await page(`/books/${lending.id}`, other.cookie)).html).toContain("Borrow from Nora Nobody");

    const own = (await page(`/books/${resting.id}`, owner.cookie)).html;
    expect(own).toContain("You&#x27;re not lending this book for now.");
    expect(own).toContain(`href="/books/${resting.id}/edit#lending"`);
    expect((await page(`/books/${lending.id}`, owner.cookie)).html).not.toContain("not lending this book");

    const shelf = (await page("/my-books", owner.cookie)).html;
    const card = (title: string) => shelf.match(new RegExp(`<li[^>]*data-book-id="[^"]+"[^>]*>(?:(?!</li>)[\\s\\S])*?${title}[\\s\\S]*?</li>`))?.[0] ?? "";
    expect(card("Resting Book")).toContain("Not lending for now");
    expect(card("Lending Book")).not.toBe("");
    expect(card("Lending Book")).not.toContain("Not lending for now");
  });
});
