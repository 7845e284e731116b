import { clubs } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createBook, createMember, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { openDialog, page as pageOf, postForm } from "../helpers/pages";

/** A page's markup without the search's highlight (<mark>), which cuts the names these tests look for. */
const page = async (path: string, cookie?: string) => {
  const answer = await pageOf(path, cookie);
  return { ...answer, html: answer.html.replace(/<\/?mark>/g, "") };
};

import { addMember, createClub, createClubs } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

const CLUB_FIELDS = { intent: "create", name: "Lantern Readers", description: "Evenings by lamplight", location: "Dock 5", memberLimit: "" };

/** Creates a club the way the Create Book Club form does, and returns its id. */
async function createClubThroughForm(member: Member, fields: Record<string, string> = {}) {
  const response = await postForm("/clubs?dialog=create", { ...CLUB_FIELDS, ...fields }, member.cookie);
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/clubs\/[0-9a-f-]{36}$/);
  return location.slice("/clubs/".length);
}

/** The invite code as the club page's invite panel shows it to the creator or an admin. */
async function inviteCodeOf(clubId: string, manager: Member) {
  const { html } = await page(`/clubs/${clubId}`, manager.cookie);
  const code = html.match(/<output aria-label="Current invite code"[^>]*>([0-9A-Z]{8})<\/output>/)?.[1];
  expect(code).toBeDefined();
  return code!;
}

/** Club names as rendered in card headings (the same names also appear in the hydration data). */
const cardNames = (html: string) => [...html.matchAll(/<h2[^>]*>(?:<a[^>]*>)?(Puffin Club \d\d)(?:<\/a>)?<\/h2>/g)].map((m) => m[1]);

/** The text of each submit button that opens a dialog. */
const dialogButtons = (html: string) => [...html.matchAll(/<button type="submit"[^>]*aria-haspopup="dialog"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

/** The opening tag of the form control named `name` (attribute order is React's business, not the test's). */
function control(html: string, name: string) {
  const found = html.match(new RegExp(`<(input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`));
  expect(found, `a control named ${name}`).not.toBeNull();
  return found![0];
}

const card = (html: string, name: string) => html.slice(html.indexOf(`${name}<`), html.indexOf("</li>", html.indexOf(`${name}<`)));

describe("club and message pages for visitors", () => {
  it.each(["/clubs", "/clubs/browse", "/clubs/browse?search=coffee", `/clubs/${crypto.randomUUID()}`, "/messages", `/messages/${crypto.randomUUID()}`])(
    "%s sends visitors to /login and back",
    async (path) => {
      const response = await call(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );
});

describe("/clubs", () => {
  it("shows the empty state with a Browse Clubs link, the tabs, and Join Club / Create Club buttons that open their dialogs", async () => {
    const member = await signedInMember();
    const { status, html } = await page("/clubs", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>My Clubs — BookClub</title>");
    expect(html).toContain("You have no clubs yet");
    expect(html).toMatch(/<a[^>]*href="\/clubs\/browse"[^>]*>Browse Clubs<\/a>/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/clubs"[^>]*>My Clubs<\/a>/);
    expect(html).not.toMatch(/aria-current="page"[^>]*href="\/clubs\/browse"/);
    expect(dialogButtons(html)).toEqual(["Join Club", "Create Club"]);
    // GET forms: before hydration a press loads the page with that dialog open.
    expect(html).toMatch(/<form[^>]*action="\/clubs" method="get"><input type="hidden" name="dialog" value="join"\/>/);
    expect(html).not.toContain("Coming soon");
    expect(html).not.toMatch(/<dialog[^>]* open=/);
  });

  it("renders Create Book Club open when asked by address, as a plain form with the spec's limits", async () => {
    const member = await signedInMember();
    const { html } = await page("/clubs?dialog=create", member.cookie);
    const dialog = openDialog(html, "Create Book Club");
    expect(dialog).not.toBeNull();
    expect(dialog).toMatch(/<form[^>]*action="\/clubs\?dialog=create" method="post">/);
    expect(dialog).toContain('name="intent" value="create"');
    expect(control(dialog!, "name")).toMatch(/(?=.*required="")(?=.*maxLength="100")/);
    expect(control(dialog!, "description")).toContain('maxLength="500"');
    expect(control(dialog!, "location")).toMatch(/(?=.*required="")(?=.*maxLength="100")/);
    expect(control(dialog!, "isPrivate")).toContain('type="checkbox"');
    expect(control(dialog!, "memberLimit")).toMatch(/(?=.*type="number")(?=.*min="2")(?=.*max="1000")/);
    // Locating needs JavaScript: the button is off until hydration.
    expect(dialog).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Use my location<\/button>/);
    expect(dialog).toMatch(/<a[^>]*href="\/clubs"[^>]*>Cancel<\/a>/);
  });

  it("renders Join Book Club open with a required, 8-character, upper-case invite code field", async () => {
    const member = await signedInMember();
    const { html } = await page("/clubs?dialog=join", member.cookie);
    const dialog = openDialog(html, "Join Book Club");
    expect(dialog).not.toBeNull();
    expect(control(dialog!, "inviteCode")).toMatch(/(?=.*required="")(?=.*maxLength="8")(?=.*class="[^"]*\buppercase\b)/);
    // Before hydration the browser's `required` check guards the submit, so it is not disabled yet.
    expect(dialog).toMatch(/<button type="submit" class="btn btn-primary">Join Club<\/button>/);
  });

  it("creates a club from the form, refusing missing fields with the spec's messages", async () => {
    const member = await signedInMember();
    const refused = await postForm("/clubs?dialog=create", { ...CLUB_FIELDS, name: "  ", location: "" }, member.cookie);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(openDialog(html, "Create Book Club")).toContain("Club name is required");
    expect(openDialog(html, "Create Book Club")).toContain("Location is required");

    const tooSmall = await postForm("/clubs?dialog=create", { ...CLUB_FIELDS, memberLimit: "1" }, member.cookie);
    expect(tooSmall.status).toBe(400);
    expect(await tooSmall.text()).toContain("Member limit must be at least 2");

    const clubId = await createClubThroughForm(member, { isPrivate: "on", memberLimit: "12" });
    const [row] = await db.select().from(clubs).where(eq(clubs.id, clubId));
    expect(row).toMatchObject({ name: "Lantern Readers", location: "Dock 5", isPrivate: true, memberLimit: 12, createdBy: member.user.id, memberCount: 1 });
  });

  it("shows the member's clubs with Creator, Private and Pending badges, and manage actions only where the club roles allow", async () => {
    const member = await signedInMember();
    const other = await createMember();
    const ownId = await createClubThroughForm(member, { isPrivate: "on" });
    const pending = await createClub(other.id, { name: "Harbour Poets", isPrivate: true });
    const adminOf = await createClub(other.id, { name: "Quay Admins" });
    const joined = await createClub(other.id, { name: "Tide Table" });
    await createClub(other.id, { name: "Not Mine At All" });
    await addMember(pending.id, member.user.id, "pending", "admin");
    await addMember(adminOf.id, member.user.id, "active", "admin");
    await addMember(joined.id, member.user.id, "active");

    const { html } = await page("/clubs", member.cookie);
    expect(html).not.toContain("You have no clubs yet");
    expect(html).not.toContain("Not Mine At All");
    expect(card(html, "Lantern Readers")).toContain(">Creator<");
    expect(card(html, "Lantern Readers")).toContain(">Private<");
    expect(card(html, "Lantern Readers")).toContain("Evenings by lamplight");
    expect(card(html, "Lantern Readers")).toContain("Dock 5");
    expect(html).toContain(`<a class="hover:underline" href="/clubs/${ownId}"`);
    expect(card(html, "Harbour Poets")).toContain(">Pending<");
    expect(card(html, "Harbour Poets")).not.toContain(">Creator<");
    // A pending member cannot open a private club's page, so its name is not a link.
    expect(html).not.toContain(`href="/clubs/${pending.id}"`);
    expect(card(html, "Tide Table")).not.toMatch(/>(Pending|Private|Creator)</);

    // The creator: Edit, Delete and Manage Requests. An admin: Manage Requests only. Pending or member: nothing.
    expect(dialogButtons(card(html, "Lantern Readers"))).toEqual(["Edit", "Manage Requests"]);
    expect(card(html, "Lantern Readers")).toMatch(/<button type="submit" class="btn btn-danger" disabled=""[^>]*>Delete<\/button>/);
    expect(dialogButtons(card(html, "Quay Admins"))).toEqual(["Manage Requests"]);
    expect(card(html, "Quay Admins")).not.toContain(">Delete<");
    expect(dialogButtons(card(html, "Harbour Poets"))).toEqual([]);
    expect(dialogButtons(card(html, "Tide Table"))).toEqual([]);
  });

  it("opens Edit Club filled in for the creator only, and saves through the form", async () => {
    const member = await signedInMember();
    const other = await createMember();
    const ownId = await createClubThroughForm(member, { memberLimit: "30" });
    const theirs = await createClub(other.id, { name: "Their Club" });
    await addMember(theirs.id, member.user.id, "active", "admin");

    const { html } = await page(`/clubs?dialog=edit&club=${ownId}`, member.cookie);
    const dialog = openDialog(html, "Edit Club");
    expect(dialog).toContain('name="intent" value="update"');
    expect(control(dialog!, "name")).toContain('value="Lantern Readers"');
    expect(control(dialog!, "memberLimit")).toContain('value="30"');
    expect(openDialog((await page(`/clubs?dialog=edit&club=${theirs.id}`, member.cookie)).html, "Edit Club")).toBeNull();

    const saved = await postForm(
      `/clubs?dialog=edit&club=${ownId}`,
      { ...CLUB_FIELDS, intent: "update", clubId: ownId, name: "Lamplighters", memberLimit: "" },
      member.cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/clubs");
    const [row] = await db.select().from(clubs).where(eq(clubs.id, ownId));
    expect(row).toMatchObject({ name: "Lamplighters", memberLimit: null, isPrivate: false });

    // An admin who is not the creator is refused by the server, whatever the page showed.
    const refused = await postForm("/clubs", { ...CLUB_FIELDS, intent: "update", clubId: theirs.id, name: "Taken Over" }, member.cookie);
    expect(refused.status).toBe(403);
    const [kept] = await db.select().from(clubs).where(eq(clubs.id, theirs.id));
    expect(kept?.name).toBe("Their Club");
  });

  it("deletes a club for its creator only, with 'Failed to delete club' for anyone else", async () => {
    const creator = await signedInMember();
    const admin = await signedInMember();
    const clubId = await createClubThroughForm(creator);
    await addMember(clubId, admin.user.id, "active", "admin");

    const refused = await postForm("/clubs", { intent: "delete", clubId }, admin.cookie);
    expect(refused.status).toBe(403);
    expect(await db.select().from(clubs).where(eq(clubs.id, clubId))).toHaveLength(1);

    const deleted = await postForm("/clubs", { intent: "delete", clubId }, creator.cookie);
    expect(deleted.status).toBe(200);
    expect(await db.select().from(clubs).where(eq(clubs.id, clubId))).toHaveLength(0);
    // From the club's own page, deleting goes back to My Clubs.
    const second = await createClubThroughForm(creator);
    const fromPage = await postForm(`/clubs/${second}`, { intent: "delete" }, creator.cookie);
    expect(fromPage.status).toBe(302);
    expect(fromPage.headers.get("Location")).toBe("/clubs");
  });

  it("joins by invite code, typed in any case, and refuses a wrong one in the dialog", async () => {
    const creator = await signedInMember();
    const friend = await signedInMember();
    const clubId = await createClubThroughForm(creator, { isPrivate: "on" });
    const code = await inviteCodeOf(clubId, creator);

    const wrong = await postForm("/clubs?dialog=join", { intent: "join", inviteCode: "ZZZZZZZZ" }, friend.cookie);
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(openDialog(await wrong.text(), "Join Book Club")).toContain("This invite code is not valid or has expired.");
    const empty = await postForm("/clubs?dialog=join", { intent: "join", inviteCode: " " }, friend.cookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Invite code is required");

    const joined = await postForm("/clubs?dialog=join", { intent: "join", inviteCode: code.toLowerCase() }, friend.cookie);
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe(`/clubs/${clubId}`);
    expect(joined.headers.get("Set-Cookie")).toContain("bookclub_flash=");
    const { status, html } = await page(`/clubs/${clubId}`, friend.cookie);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Lantern Readers<\/h1>/);
  });
});

describe("Manage Join Requests", () => {
  it("lists pending requests for the creator and approves or rejects each", async () => {
    const creator = await signedInMember({ timezone: "Asia/Tokyo" });
    const asker = await signedInMember({ name: "Asha Asker" });
    const other = await signedInMember({ name: "Omar Other" });
    const clubId = await createClubThroughForm(creator, { isPrivate: "on" });
    for (const member of [asker, other]) {
      const response = await postForm("/clubs/browse", { intent: "request", clubId }, member.cookie);
      expect(response.status).toBe(200);
    }
    // The requester sees the club as pending on My Clubs.
    expect(card((await page("/clubs", asker.cookie)).html, "Lantern Readers")).toContain(">Pending<");

    const { html } = await page(`/clubs?dialog=requests&club=${clubId}`, creator.cookie);
    const dialog = openDialog(html, "Manage Join Requests");
    expect(dialog).toContain("Asha Asker");
    expect(dialog).toContain("Omar Other");
    expect(dialog).toMatch(/Requested \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(dialog).toMatch(/<button type="submit"(?=[^>]*name="intent")(?=[^>]*value="approve")(?=[^>]*aria-label="Approve Asha Asker")/);

    expect((await postForm(`/clubs?dialog=requests&club=${clubId}`, { intent: "approve", clubId, userId: asker.user.id }, creator.cookie)).status).toBe(200);
    expect((await postForm(`/clubs?dialog=requests&club=${clubId}`, { intent: "reject", clubId, userId: other.user.id }, creator.cookie)).status).toBe(200);
    const after = openDialog((await page(`/clubs?dialog=requests&club=${clubId}`, creator.cookie)).html, "Manage Join Requests");
    expect(after).not.toContain("Asha Asker");
    expect(after).not.toContain("Omar Other");
    expect(after).toContain("No pending requests.");
    expect((await page(`/clubs/${clubId}`, asker.cookie)).html).toContain(">Leave Club</button>");
    // The one turned down sees the outsider's view again, with the request button.
    expect((await page(`/clubs/${clubId}`, other.cookie)).html).toContain(">Request to Join</button>");
  });

  it("says 'Failed to load requests' to someone who may not manage the club, and refuses their decisions", async () => {
    const creator = await signedInMember();
    const member = await signedInMember();
    const asker = await signedInMember();
    const clubId = await createClubThroughForm(creator, { isPrivate: "on" });
    await addMember(clubId, member.user.id, "active", "member");
    await postForm("/clubs/browse", { intent: "request", clubId }, asker.cookie);

    // The member asks for the dialog by address: the page shows the failure, not the requests.
    const { status, html } = await page(`/clubs?dialog=requests&club=${clubId}`, member.cookie);
    expect(status).toBe(200);
    expect(openDialog(html, "Manage Join Requests")).toContain("Failed to load requests");
    const refused = await postForm("/clubs", { intent: "approve", clubId, userId: asker.user.id }, member.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Failed to approve");
  });
});

describe("/clubs/browse", () => {
  it("shows the search box, club cards with badges and counts, and Request to Join for non-members", async () => {
    const member = await signedInMember();
    const other = await createMember();
    const open = await createClub(other.id, { name: "Gannet Walkers", description: "Seabird books" });
    const closed = await createClub(other.id, { name: "Gannet Inner Circle", isPrivate: true });
    await addMember(open.id, member.user.id);

    const { status, html } = await page("/clubs/browse?search=gannet", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Browse Clubs — BookClub</title>");
    expect(html).toContain('placeholder="Search clubs by name, description, location…"');
    expect(html).toMatch(/<input[^>]*name="search"[^>]*value="gannet"/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/clubs\/browse"[^>]*>Browse Clubs<\/a>/);
    const count = async (id: string) => (await db.select({ memberCount: clubs.memberCount }).from(clubs).where(eq(clubs.id, id)))[0]!.memberCount;
    const [openCount, closedCount] = [await count(open.id), await count(closed.id)];
    expect(card(html, "Gannet Walkers")).toContain(">Member<");
    expect(card(html, "Gannet Walkers")).toContain(`${openCount} members`);
    expect(card(html, "Gannet Walkers")).not.toContain("Request to Join");
    expect(card(html, "Gannet Inner Circle")).toContain(">Private<");
    expect(card(html, "Gannet Inner Circle")).toContain(`${closedCount} member${closedCount === 1 ? "" : "s"}<`);
    expect(card(html, "Gannet Inner Circle")).toContain(`name="clubId" value="${closed.id}"`);
    expect(card(html, "Gannet Inner Circle")).toMatch(/<button type="submit" class="btn btn-primary"[^>]*>Request to Join<\/button>/);
    expect(html).not.toContain("Coming soon");
  });

  it("admits at once to a public club ('active') and queues a private one ('pending')", async () => {
    const member = await signedInMember();
    const other = await signedInMember();
    const openId = await createClubThroughForm(other, { name: "Open Shelf" });
    const closedId = await createClubThroughForm(other, { name: "Closed Shelf", isPrivate: "on" });
    expect((await postForm("/clubs/browse", { intent: "request", clubId: openId }, member.cookie)).status).toBe(200);
    expect((await postForm("/clubs/browse", { intent: "request", clubId: closedId }, member.cookie)).status).toBe(200);
    const { html } = await page("/clubs", member.cookie);
    expect(card(html, "Open Shelf")).not.toContain(">Pending<");
    expect(card(html, "Closed Shelf")).toContain(">Pending<");
  });

  it("says 'No clubs found.' when nothing matches", async () => {
    const member = await signedInMember();
    const { html } = await page("/clubs/browse?search=xylophonequartet", member.cookie);
    expect(html).toContain("No clubs found.");
  });

  it("pages 12 clubs at a time with Prev/Next links that keep the search, and ignores a tampered cursor", async () => {
    const member = await signedInMember();
    const other = await createMember();
    await createClubs(
      other.id,
      Array.from({ length: 14 }, (_, i) => ({ name: `Puffin Club ${String(i).padStart(2, "0")}` })),
    );

    const first = await page("/clubs/browse?search=puffin", member.cookie);
    expect(cardNames(first.html)).toHaveLength(12);
    const next = first.html.match(/href="\/clubs\/browse\?search=puffin&amp;nextToken=(c[0-9a-z]+)"/);
    expect(next).not.toBeNull();
    expect(first.html).toMatch(/<span[^>]*aria-disabled="true"[^>]*><span aria-hidden="true"[^>]*>←<\/span> (<!-- -->)?Prev<\/span>/);

    const second = await page(`/clubs/browse?search=puffin&nextToken=${next![1]}`, member.cookie);
    expect(cardNames(second.html)).toEqual(["Puffin Club 01", "Puffin Club 00"]);
    expect(second.html).toMatch(/href="\/clubs\/browse\?search=puffin&amp;prevToken=c[0-9a-z]+"/);

    const tampered = await page("/clubs/browse?search=puffin&nextToken=zzz", member.cookie);
    expect(tampered.status).toBe(200);
    expect(cardNames(tampered.html)[0]).toBe("Puffin Club 13");
  });
});

describe("/clubs/{id}", () => {
  it("is a 404 for no club; a private club shows outsiders what Browse shows (tests/clubs/outsider-view.api.test.ts)", async () => {
    const stranger = await signedInMember();
    const { status, html } = await page(`/clubs/${crypto.randomUUID()}`, stranger.cookie);
    expect(status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>Club not found<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/clubs"[^>]*>Back to Clubs<\/a>/);
  });

  it("shows the creator the club, its members with roles, its books, the invite code and every manage action", async () => {
    const creator = await signedInMember({ name: "Cora Creator" });
    const admin = await signedInMember({ name: "Ada Admin" });
    const plain = await signedInMember({ name: "Milo Member" });
    const clubId = await createClubThroughForm(creator, { isPrivate: "on", memberLimit: "10" });
    await addMember(clubId, admin.user.id, "active", "admin");
    await addMember(clubId, plain.user.id, "active", "member");
    await createBook(plain.user.id, { title: "Shared Into The Club", clubId });
    await createBook(plain.user.id, { title: "Kept Out Of It" });

    const { status, html } = await page(`/clubs/${clubId}`, creator.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Lantern Readers — BookClub</title>");
    expect(html).toMatch(/<h1[^>]*>Lantern Readers<\/h1>/);
    expect(html).toContain("Evenings by lamplight");
    expect(html).toContain("Dock 5");
    expect(html).toContain("3 members · limit 10");
    expect(html).toContain("Members (3)");
    const member = (name: string) => html.slice(html.indexOf(`>${name}</a>`), html.indexOf("</li>", html.indexOf(`>${name}</a>`)));
    expect(member("Cora Creator")).toContain(">Creator<");
    expect(member("Ada Admin")).toContain(">Admin<");
    expect(member("Ada Admin")).toContain("Make member");
    expect(member("Milo Member")).toContain(">Member<");
    // The accessible name starts with what the button shows ("label in name").
    expect(member("Milo Member")).toContain('aria-label="Make admin: Milo Member"');
    expect(member("Ada Admin")).toContain('aria-label="Make member: Ada Admin"');
    expect(member("Milo Member")).toContain('aria-label="Remove: Milo Member"');
    expect(html).toContain("Shared Into The Club");
    expect(html).not.toContain("Kept Out Of It");
    expect(html).toMatch(/<output aria-label="Current invite code"[^>]*>[0-9A-Z]{8}<\/output>/);
    expect(html).toMatch(/Expires \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(dialogButtons(html)).toEqual(["Edit", "Manage Requests"]);
    expect(html).toMatch(/>Delete<\/button>/);
    // The creator cannot leave their club; they delete it instead.
    expect(html).not.toContain("Leave Club");
  });

  it("shows an admin the requests and the invite code but not Edit, Delete or member management; a member neither", async () => {
    const creator = await signedInMember({ name: "Cora Creator" });
    const admin = await signedInMember();
    const plain = await signedInMember();
    const clubId = await createClubThroughForm(creator, { isPrivate: "on" });
    await addMember(clubId, admin.user.id, "active", "admin");
    await addMember(clubId, plain.user.id, "active", "member");

    const asAdmin = (await page(`/clubs/${clubId}`, admin.cookie)).html;
    expect(dialogButtons(asAdmin)).toEqual(["Manage Requests"]);
    expect(asAdmin).toContain('aria-label="Current invite code"');
    expect(asAdmin).not.toMatch(/>Delete<\/button>/);
    expect(asAdmin).not.toContain("Make admin");

    const asMember = (await page(`/clubs/${clubId}`, plain.cookie)).html;
    expect(dialogButtons(asMember)).toEqual([]);
    expect(asMember).not.toContain("Current invite code");
    expect(asMember).toMatch(/>Leave Club<\/button>/);
    // Asking for the dialogs by address shows nothing either.
    expect(openDialog((await page(`/clubs/${clubId}?dialog=edit`, plain.cookie)).html, "Edit Club")).toBeNull();
    expect(openDialog((await page(`/clubs/${clubId}?dialog=requests`, plain.cookie)).html, "Manage Join Requests")).toBeNull();
  });

  it("opens a public club to any member with Request to Join, and the last admin may not leave while members remain", async () => {
    const creator = await signedInMember();
    const visitor = await signedInMember();
    const clubId = await createClubThroughForm(creator, { name: "Open Doors" });
    const { status, html } = await page(`/clubs/${clubId}`, visitor.cookie);
    expect(status).toBe(200);
    expect(html).toMatch(/>Request to Join<\/button>/);
    expect(html).not.toContain("Leave Club");

    expect((await postForm(`/clubs/${clubId}`, { intent: "request" }, visitor.cookie)).status).toBe(200);
    const refused = await postForm(`/clubs/${clubId}`, { intent: "leave" }, creator.cookie);
    expect(refused.status).toBe(409);
    const left = await postForm(`/clubs/${clubId}`, { intent: "leave" }, visitor.cookie);
    expect(left.status).toBe(302);
    expect(left.headers.get("Location")).toBe("/clubs");
  });

  it("lets the creator make a member an admin and remove a member", async () => {
    const creator = await signedInMember();
    const a = await signedInMember({ name: "Promoted Pat" });
    const b = await signedInMember({ name: "Removed Rae" });
    const clubId = await createClubThroughForm(creator);
    await addMember(clubId, a.user.id);
    await addMember(clubId, b.user.id);
    expect((await postForm(`/clubs/${clubId}`, { intent: "set-role", userId: a.user.id, role: "admin" }, creator.cookie)).status).toBe(200);
    expect((await postForm(`/clubs/${clubId}`, { intent: "remove-member", userId: b.user.id }, creator.cookie)).status).toBe(200);
    // An admin may not do the creator's part.
    expect((await postForm(`/clubs/${clubId}`, { intent: "remove-member", userId: creator.user.id }, a.cookie)).status).toBe(403);

    const { html } = await page(`/clubs/${clubId}`, creator.cookie);
    const row = html.slice(html.indexOf(">Promoted Pat</a>"), html.indexOf("</li>", html.indexOf(">Promoted Pat</a>")));
    expect(row).toContain(">Admin<");
    expect(html).not.toContain("Removed Rae");
  });
});

describe("club cards", () => {
  it("say how many places are left where a club has a limit, and when it is full, on Browse Clubs and My Clubs", async () => {
    const creator = await createMember({ name: "Lima Creator" });
    const viewer = await signedInMember();
    const tag = `cap${Date.now().toString(36)}`;
    await createClub(creator.id, { name: `Roomy ${tag}`, memberLimit: 5 });
    const packed = await createClub(creator.id, { name: `Packed ${tag}`, memberLimit: 2 });
    await addMember(packed.id, viewer.user.id);
    await createClub(creator.id, { name: `Boundless ${tag}` });

    const { html } = await page(`/clubs/browse?search=${tag}`, viewer.cookie);
    const card = (name: string) => html.slice(html.indexOf(`${name} ${tag}`), html.indexOf("</li>", html.indexOf(`${name} ${tag}`)));
    expect(card("Roomy")).toContain("1 member · 4 places left");
    expect(card("Packed")).toContain("2 members · full");
    expect(card("Boundless")).toContain(">1 member<");

    const mine = (await page("/clubs", viewer.cookie)).html;
    expect(mine).toContain("2 members · full");
  });
});
