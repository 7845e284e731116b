import { describe, expect, it } from "vitest";
import { createMember, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createConversation } from "../messages/support";
import { addMember, createClub, createClubs } from "./support";

async function page(path: string, cookie?: string) {
  const response = await call(path, { cookie });
  return { status: response.status, html: await response.text() };
}

/** Club names as rendered in card headings (the same names also appear in the hydration data). */
const cardNames = (html: string) => [...html.matchAll(/<h2[^>]*>(Puffin Club \d\d)<\/h2>/g)].map((m) => m[1]);

/** The opening tag of each disabled button, with the button's text. */
const disabledButtons = (html: string) =>
  [...html.matchAll(/<button[^>]*disabled=""[^>]*>([^<]*)<\/button>/g)].map((m) => ({ tag: m[0], label: m[1] }));

describe("club and message pages for visitors", () => {
  it.each(["/clubs", "/clubs/browse", "/clubs/browse?search=coffee", "/messages", `/messages/${crypto.randomUUID()}`])(
    "%s sends visitors to /login and back",
    async (path) => {
      const response = await call(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );
});

describe("/clubs", () => {
  it("shows the empty state with a Browse Clubs link, the tabs, and Join/Create as coming soon", async () => {
    const member = await signedInMember();
    const { status, html } = await page("/clubs", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>My Clubs — BookClub</title>");
    expect(html).toContain("You have no clubs yet");
    expect(html).toMatch(/<a[^>]*href="\/clubs\/browse"[^>]*>Browse Clubs<\/a>/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/clubs"[^>]*>My Clubs<\/a>/);
    expect(html).not.toMatch(/aria-current="page"[^>]*href="\/clubs\/browse"/);
    const buttons = disabledButtons(html);
    expect(buttons.map((b) => b.label)).toEqual(["Join Club", "Create Club"]);
    for (const { tag } of buttons) expect(tag).toContain('aria-describedby="club-actions-soon"');
    expect(html).toMatch(/<span id="club-actions-soon"[^>]*>Coming soon<\/span>/);
  });

  it("shows the member's clubs with Creator, Private and Pending badges, and manage actions only where spec §6 allows", async () => {
    const member = await signedInMember();
    const other = await createMember();
    const own = await createClub(member.user.id, { name: "Lantern Readers", description: "Evenings by lamplight", location: "Dock 5", isPrivate: true });
    const pending = await createClub(other.id, { name: "Harbour Poets" });
    const joined = await createClub(other.id, { name: "Tide Table" });
    await createClub(other.id, { name: "Not Mine At All" });
    await addMember(pending.id, member.user.id, "pending");
    await addMember(joined.id, member.user.id, "active");

    const { html } = await page("/clubs", member.cookie);
    expect(html).not.toContain("You have no clubs yet");
    expect(html).not.toContain("Not Mine At All");
    const card = (name: string) => html.slice(html.indexOf(name), html.indexOf("</li>", html.indexOf(name)));
    expect(card("Lantern Readers")).toContain(">Creator<");
    expect(card("Lantern Readers")).toContain(">Private<");
    expect(card("Lantern Readers")).toContain("Evenings by lamplight");
    expect(card("Lantern Readers")).toContain("Dock 5");
    expect(card("Harbour Poets")).toContain(">Pending<");
    expect(card("Harbour Poets")).not.toContain(">Creator<");
    expect(card("Tide Table")).not.toMatch(/>(Pending|Private|Creator)</);

    const labels = disabledButtons(html).map((b) => b.label);
    expect(labels).toEqual(["Join Club", "Create Club", "Edit", "Delete", "Manage Requests"]);
    expect(card("Lantern Readers")).toContain(`aria-describedby="club-${own.id}-soon"`);
  });
});

describe("/clubs/browse", () => {
  it("shows the search box, club cards with badges and counts, and Request to Join as coming soon", async () => {
    const member = await signedInMember();
    const other = await createMember();
    const open = await createClub(other.id, { name: "Gannet Walkers", description: "Seabird books", memberCount: 4 });
    const closed = await createClub(other.id, { name: "Gannet Inner Circle", isPrivate: true, memberCount: 1 });
    await addMember(open.id, member.user.id);

    const { status, html } = await page("/clubs/browse?search=gannet", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Browse Clubs — BookClub</title>");
    expect(html).toContain('placeholder="Search clubs by name, description, location…"');
    expect(html).toMatch(/<input[^>]*name="search"[^>]*value="gannet"/);
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/clubs\/browse"[^>]*>Browse Clubs<\/a>/);
    const card = (name: string) => html.slice(html.indexOf(name), html.indexOf("</li>", html.indexOf(name)));
    expect(card("Gannet Walkers")).toContain(">Member<");
    expect(card("Gannet Walkers")).toContain("4 members");
    expect(card("Gannet Walkers")).not.toContain("Request to Join");
    expect(card("Gannet Inner Circle")).toContain(">Private<");
    expect(card("Gannet Inner Circle")).toContain("1 member<");
    expect(card("Gannet Inner Circle")).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*aria-describedby="club-${closed.id}-soon"[^>]*>Request to Join</button>`));
    expect(card("Gannet Inner Circle")).toContain("Coming soon");
  });

  it("says 'No clubs found.' when nothing matches", async () => {
    const member = await signedInMember();
    const { html } = await page("/clubs/browse?search=xylophonequartet", member.cookie);
    expect(html).toContain("No clubs found.");
  });

  it("pages 12 clubs at a time with Prev/Next links that keep the search, and ignores a tampered cursor", async () => {
    const member = await signedInMember();
    const other = await createMember();
    await createClubs(other.id, Array.from({ length: 14 }, (_, i) => ({ name: `Puffin Club ${String(i).padStart(2, "0")}` })));

    const first = await page("/clubs/browse?search=puffin", member.cookie);
    expect(cardNames(first.html)).toHaveLength(12);
    const next = first.html.match(/href="\/clubs\/browse\?search=puffin&amp;nextToken=(c[0-9a-z]+)"/);
    expect(next).not.toBeNull();
    expect(first.html).toMatch(/<span[^>]*aria-disabled="true"[^>]*>← Prev<\/span>/);

    const second = await page(`/clubs/browse?search=puffin&nextToken=${next![1]}`, member.cookie);
    expect(cardNames(second.html)).toEqual(["Puffin Club 01", "Puffin Club 00"]);
    expect(second.html).toMatch(/href="\/clubs\/browse\?search=puffin&amp;prevToken=c[0-9a-z]+"/);

    const tampered = await page("/clubs/browse?search=puffin&nextToken=zzz", member.cookie);
    expect(tampered.status).toBe(200);
    expect(cardNames(tampered.html)[0]).toBe("Puffin Club 13");
  });
});

describe("/messages", () => {
  it("shows the exact empty texts for a member without conversations", async () => {
    const member = await signedInMember();
    const { status, html } = await page("/messages", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Messages — BookClub</title>");
    expect(html).toContain("No conversations yet.");
    expect(html).toContain("Select a conversation to start messaging.");
  });

  it("lists conversations with the other member, the snippet or 'No messages yet', and the unread badge", async () => {
    const member = await signedInMember({ name: "Noor" });
    const chatty = await createMember({ name: "Chatty Cathy" });
    const quiet = await createMember({ name: "Quiet Quentin" });
    const talk = await createConversation(member.user.id, chatty.id, {
      snippet: "See you at the swap!",
      lastMessageAt: Date.now(),
      unreadFor: { [member.user.id]: 3, [chatty.id]: 1 },
    });
    await createConversation(member.user.id, quiet.id);

    const { html } = await page("/messages", member.cookie);
    expect(html).not.toContain("No conversations yet.");
    const link = (name: string) => html.slice(html.lastIndexOf("<a", html.indexOf(name)), html.indexOf("</a>", html.indexOf(name)));
    expect(link("Chatty Cathy")).toContain(`href="/messages/${talk.id}"`);
    expect(link("Chatty Cathy")).toContain("See you at the swap!");
    expect(link("Chatty Cathy")).toMatch(/>3<span class="sr-only"> unread<\/span>/);
    expect(link("Quiet Quentin")).toContain("No messages yet");
    expect(link("Quiet Quentin")).not.toContain("unread");
    expect(html.indexOf("Chatty Cathy")).toBeLessThan(html.indexOf("Quiet Quentin"));
  });

  it("opens a conversation for a participant, with a composer that says messaging is coming soon", async () => {
    const member = await signedInMember();
    const friend = await createMember({ name: "Fiona Friend" });
    const conversation = await createConversation(friend.id, member.user.id);
    const { status, html } = await page(`/messages/${conversation.id}`, member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Fiona Friend — Messages — BookClub</title>");
    expect(html).toMatch(new RegExp(`<a[^>]*href="/users/${friend.id}"[^>]*>Fiona Friend</a>`));
    expect(html).toContain("No messages yet.");
    expect(html).not.toContain("Select a conversation to start messaging.");
    expect(html).toMatch(/<textarea[^>]*disabled=""[^>]*aria-describedby="messaging-coming-soon"/);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Send<\/button>/);
    expect(html).toContain("Messaging is coming soon.");
  });

  it("answers 404 to anyone else, exactly as for an unknown id", async () => {
    const [a, b] = [await createMember(), await createMember()];
    const conversation = await createConversation(a.id, b.id, { snippet: "private words" });
    const stranger = await signedInMember();
    for (const id of [conversation.id, crypto.randomUUID()]) {
      const { status, html } = await page(`/messages/${id}`, stranger.cookie);
      expect(status).toBe(404);
      expect(html).toContain("Conversation not found");
      expect(html).not.toContain("private words");
    }
  });
});
