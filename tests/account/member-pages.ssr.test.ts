import { createSession } from "@worker/core/session";
import { blocks, notificationPreferences, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { SAME_ORIGIN } from "./member-support";

async function page(path: string, cookie?: string) {
  const response = await call(path, { cookie });
  return { status: response.status, html: await response.text() };
}

function post(path: string, cookie: string, fields: Record<string, string>, multipart = false) {
  const body = multipart ? new FormData() : new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return call(path, { method: "POST", headers: { Cookie: cookie, ...SAME_ORIGIN }, body });
}

const switches = (html: string) => [...html.matchAll(/<button[^>]*role="switch"[^>]*>/g)].map((m) => m[0]);

describe("member pages for visitors", () => {
  it.each(["/profile", "/settings/notifications", `/users/${crypto.randomUUID()}`])("%s sends visitors to /login and back", async (path) => {
    const response = await call(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("a visitor's post to /profile changes nothing", async () => {
    const response = await call("/profile", { method: "POST", body: new URLSearchParams({ name: "Intruder" }) });
    expect(response.status).toBe(302);
  });
});

describe("/profile", () => {
  it("shows the member's profile form, the notification settings link and sign out everywhere", async () => {
    const member = await signedInMember({ name: "Uma Reader", bio: "Loves atlases", timezone: "Asia/Tokyo" });
    const { status, html } = await page("/profile", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Profile — BookClub</title>");
    for (const label of ["Display Name", "Bio", "Timezone", "Profile Picture", "Save Changes"]) expect(html).toContain(label);
    expect(html).toMatch(/name="name"[^>]*value="Uma Reader"/);
    expect(html).toContain("Loves atlases</textarea>");
    expect(html).toMatch(/<input[^>]*name="timezone"[^>]*value="Asia\/Tokyo"/);
    // The zone box is searchable and names its suggestions; the browser fills them from its own list.
    expect(html).toMatch(/<input[^>]*list="[^"]+-zones"[^>]*name="timezone"|<input[^>]*name="timezone"[^>]*list="[^"]+-zones"/);
    expect(html).toMatch(/<datalist id="[^"]+-zones"><\/datalist>/);
    expect(html).toContain('accept="image/jpeg,image/png,image/gif"');
    expect(html).toMatch(/<form[^>]*action="\/profile"[^>]*enctype="multipart\/form-data"/i);
    expect(html).toContain('href="/settings/notifications"');
    expect(html).toMatch(/<form[^>]*action="\/logout\?everywhere=1" method="post"><input type="hidden" name="everywhere" value="1"\/>/);
    expect(html).toContain("Sign out everywhere");
  });

  it("the Sign out everywhere form ends every session of the member", async () => {
    const member = await signedInMember();
    const second = await createSession(db, member.user.id);
    const response = await call("/logout?everywhere=1", {
      method: "POST",
      headers: { Cookie: member.cookie, ...SAME_ORIGIN },
      body: new URLSearchParams({ everywhere: "1" }),
    });
    expect(response.status).toBe(302);
    for (const token of [member.token, second.token]) {
      expect((await call("/api/users/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    }
  });

  it("saves changed fields from the form (works without JavaScript)", async () => {
    const member = await signedInMember({ name: "Vera", bio: "" });
    const response = await post("/profile", member.cookie, { name: "Vera", bio: "Crime fiction", timezone: "America/Denver" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Profile updated successfully!");
    expect(html).not.toContain("Image uploaded successfully");
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ name: "Vera", bio: "Crime fiction", timezone: "America/Denver" });
  });

  it("accepts multipart posts without a picture", async () => {
    const member = await signedInMember({ name: "Wes" });
    const response = await post("/profile", member.cookie, { name: "Wes Renamed", bio: "", timezone: "UTC" }, true);
    expect(await response.text()).toContain("Profile updated successfully!");
  });

  it("shows 'No changes detected', the Display Name requirement and timezone errors", async () => {
    const member = await signedInMember({ name: "Xena", bio: "Same" });
    const same = await post("/profile", member.cookie, { name: "Xena", bio: "Same", timezone: "UTC" });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("No changes detected");

    const blank = await post("/profile", member.cookie, { name: "  ", bio: "Same", timezone: "UTC" });
    expect(blank.status).toBe(400);
    const blankHtml = await blank.text();
    expect(blankHtml).toContain("Display Name is required");
    expect(blankHtml).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*name-error"/);

    const zone = await post("/profile", member.cookie, { name: "Xena", bio: "Same", timezone: "Moon/Base" });
    expect(zone.status).toBe(400);
    expect(await zone.text()).toContain("Please choose a timezone from the list");

    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ name: "Xena", bio: "Same", timezone: "UTC" });
  });
});

describe("/settings/notifications", () => {
  it("shows the master switch and the grid: seven topics by bell, e-mail and push, all on by default", async () => {
    const member = await signedInMember();
    const { status, html } = await page("/settings/notifications", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Email Notifications");
    expect(html).not.toContain("E-mail me about");
    expect(html).toMatch(/<th scope="col"[^>]*>Bell<\/th><th scope="col"[^>]*>E-mail<\/th><th scope="col"[^>]*>Push<\/th>/);
    const all = switches(html);
    expect(all).toHaveLength(1 + 7 * 3);
    expect(all.filter((tag) => tag.includes('aria-label="Direct messages: E-mail"'))).toHaveLength(1);
    expect(all.filter((tag) => tag.includes('aria-label="A book you want is available near you: Push"'))).toHaveLength(1);
    for (const tag of all) {
      expect(tag).toContain('aria-checked="true"');
      expect(tag).not.toContain('disabled=""');
    }
  });

  it("the master switch off disables the e-mail and push cells (keeping their values), never the bell's", async () => {
    const member = await signedInMember();
    await db.insert(notificationPreferences).values({ userId: member.user.id, emailOptIn: false, prefs: { club_announcement: false } });
    const all = switches((await page("/settings/notifications", member.cookie)).html);
    expect(all[0]).toContain('aria-checked="false"');
    expect(all[0]).not.toContain('disabled=""');
    const cells = all.slice(1);
    expect(cells).toHaveLength(21);
    const bells = cells.filter((tag) => tag.includes(': Bell"'));
    expect(bells.some((tag) => tag.includes('disabled=""'))).toBe(false);
    expect(cells.filter((tag) => !tag.includes(': Bell"')).every((tag) => tag.includes('disabled=""'))).toBe(true);
    // The topic switched off before the grid reads off on all three channels.
    expect(cells.filter((tag) => tag.includes('aria-checked="false"'))).toHaveLength(3);
    expect(cells.filter((tag) => tag.includes('aria-label="Club announcements:') && tag.includes('aria-checked="false"'))).toHaveLength(3);
  });

  it("a cell posts the state it asks for and the page shows it saved (works without JavaScript)", async () => {
    const member = await signedInMember();
    const response = await post("/settings/notifications", member.cookie, { intent: "dm_message_received.email=off" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Notification preferences saved");
    const off = switches(html).filter((tag) => tag.includes('aria-checked="false"'));
    expect(off).toHaveLength(1);
    expect(off[0]).toContain('aria-label="Direct messages: E-mail"');
    const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, member.user.id));
    expect(row!.channels).toEqual({ dm_message_received: { email: false } });
    expect(row!.prefs).toEqual({});
  });

  it("refuses an unknown setting with 'Failed to save preferences'", async () => {
    const member = await signedInMember();
    for (const intent of ["weekly_digest=off", "dm_message_received=maybe", "dm_message_received.sms=off", "emailOptIn.email=off", ""]) {
      const response = await post("/settings/notifications", member.cookie, { intent });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Failed to save preferences");
    }
  });
});

describe("/users/{id}", () => {
  it("shows another member's initial, name and e-mail (shown by choice), with Start Conversation and Block", async () => {
    const viewer = await signedInMember();
    const owner = await createMember({ name: "yusuf", email: "yusuf@example.com", showEmail: true });
    const { status, html } = await page(`/users/${owner.id}`, viewer.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>yusuf — BookClub</title>");
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>Y<\/span>/);
    expect(html).toContain('href="mailto:yusuf@example.com"');
    expect(html).toMatch(/<input type="hidden" name="intent" value="start"\/><button type="submit" class="btn btn-primary">Start Conversation<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*aria-haspopup="dialog"[^>]*>Block<\/button>/);
    expect(html.toLowerCase()).not.toContain("coming soon");
  });

  it("shows the bio the member wrote, line breaks kept and escaped, and nothing where there is none", async () => {
    const viewer = await signedInMember();
    const owner = await createMember({ name: "Ines", bio: "Reads atlases <b>and</b> maps.\nSwaps on Sundays." });
    const { html } = await page(`/users/${owner.id}`, viewer.cookie);
    expect(html).toMatch(/<p dir="auto" class="whitespace-pre-line[^"]*">Reads atlases &lt;b&gt;and&lt;\/b&gt; maps.\nSwaps on Sundays.<\/p>/);
    const quiet = await createMember({ name: "Quiet" });
    expect((await page(`/users/${quiet.id}`, viewer.cookie)).html).not.toContain("whitespace-pre-line");
  });

  it("Start Conversation opens (or reopens) the conversation with the member (works without JavaScript)", async () => {
    const viewer = await signedInMember();
    const other = await createMember({ name: "Zara" });
    const first = await post(`/users/${other.id}`, viewer.cookie, { intent: "start" });
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    expect((await post(`/users/${other.id}`, viewer.cookie, { intent: "start" })).headers.get("Location")).toBe(location);
    expect((await page(location, viewer.cookie)).html).toContain("<title>Zara — Messages — BookClub</title>");
  });

  it("says 'Could not start conversation', and why, when the member has blocked the viewer", async () => {
    const viewer = await signedInMember();
    const other = await createMember({ name: "Quill" });
    await db.insert(blocks).values({ blockerId: other.id, blockedId: viewer.user.id });
    const response = await post(`/users/${other.id}`, viewer.cookie, { intent: "start" });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toMatch(/<div role="alert"[^>]*><p[^>]*>Could not start conversation<\/p><p>You can&#x27;t message this member.<\/p><\/div>/);
  });

  it("blocks after asking, shows the member as blocked, and unblocks", async () => {
    const viewer = await signedInMember();
    const other = await createMember({ name: "Rory" });
    const asked = await page(`/users/${other.id}?dialog=block`, viewer.cookie);
    expect(asked.html).toMatch(/<dialog[^>]*open=""[^>]*>[\s\S]*<h2[^>]*>Block Rory\?<\/h2>/);

    const blocked = await post(`/users/${other.id}?dialog=block`, viewer.cookie, { intent: "block" });
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe(`/users/${other.id}`);
    expect(await db.select().from(blocks).where(eq(blocks.blockerId, viewer.user.id))).toMatchObject([{ blockedId: other.id }]);
    const after = (await page(`/users/${other.id}`, viewer.cookie)).html.replaceAll("<!-- -->", "");
    expect(after).toContain("You have blocked Rory. Neither of you can message the other until you unblock them.");
    expect(after).not.toContain(">Start Conversation<");
    expect(after).toMatch(/aria-haspopup="dialog"[^>]*>Unblock<\/button>/);

    expect((await post(`/users/${other.id}`, viewer.cookie, { intent: "unblock" })).status).toBe(302);
    expect(await db.select().from(blocks).where(eq(blocks.blockerId, viewer.user.id))).toEqual([]);
    expect((await page(`/users/${other.id}`, viewer.cookie)).html).toContain(">Start Conversation<");
  });

  it("shows the picture when there is one, and offers editing on one's own page", async () => {
    const member = await signedInMember({ name: "Zoe", picture: "avatars/zoe/00000000-0000-4000-8000-000000000000.png" });
    const { html } = await page(`/users/${member.user.id}`, member.cookie);
    expect(html).toContain('src="/media/avatars/zoe/00000000-0000-4000-8000-000000000000.png"');
    expect(html).toContain('href="/profile"');
    expect(html).not.toContain("Start Conversation");
    expect(html).not.toMatch(/>Block<\/button>/);
  });

  it("answers 404 'User not found' for an unknown id", async () => {
    const viewer = await signedInMember();
    const { status, html } = await page(`/users/${crypto.randomUUID()}`, viewer.cookie);
    expect(status).toBe(404);
    expect(html).toContain("User not found");
  });
});
