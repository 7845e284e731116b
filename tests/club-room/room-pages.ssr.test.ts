import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";
import { clubWithMembers, currentBookWithMilestones, type RoomPage, reached, roomJson } from "./support";

/** The page's visible markup, without the hydration data, nor React's text separators. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

describe("the club room's pages", () => {
  it("shows the room to members, with its messages and the spoiler fold, server-rendered", async () => {
    const { admin, member, club } = await clubWithMembers();
    const [, late] = await currentBookWithMilestones(club.id, ["chapters 1–8", "chapters 9–14"]);
    await reached(late!, admin.user.id);
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "Hello, readers" });
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "Casaubon dies", milestoneId: late });
    await roomJson("POST", `/${club.id}/room/announcements`, admin, { content: "Friday at 7" });

    const { status, html } = await page(`/clubs/${club.id}/room`, member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Club room — Night Readers — BookClub</title>");
    expect(html).toMatch(/<h1[^>]*>Club room<\/h1>/);
    expect(html).toContain("Hello, readers");
    expect(html).toMatch(/Spoilers for (?:<!-- -->)?<bdi>chapters 9–14<\/bdi>(?:<!-- -->)?: show/);
    expect(html).toMatch(/<h2[^>]*>Pinned announcements<\/h2>/);
    // Folded: the text is not in the rendered log, nor in the hydration data ("show" asks for it).
    const log = html.slice(html.indexOf('role="log"'), html.indexOf("</ol>"));
    expect(log).not.toContain("Casaubon dies");
    expect(html).not.toContain("Casaubon dies");
  });

  it("refuses non-members: not found for a private club, the room's refusal for an open one", async () => {
    const outsider = await signedInMember();
    const { club: hidden } = await clubWithMembers(true);
    const { club: open } = await clubWithMembers(false);
    expect((await page(`/clubs/${hidden.id}/room`, outsider.cookie)).status).toBe(404);
    const refused = await page(`/clubs/${open.id}/room`, outsider.cookie);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("Only the club&#x27;s members can take part in its room.");
  });

  it("links the room from the club page with the unread count, and shows each club's count on My Clubs", async () => {
    const { admin, member, club } = await clubWithMembers();
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "one" });
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "two" });
    const detail = await page(`/clubs/${club.id}`, member.cookie);
    expect(detail.html).toMatch(new RegExp(`<a[^>]*href="/clubs/${club.id}/room"[^>]*>Club room(?:<!-- -->)?\\s*\\(2 unread\\)</a>`));
    const mine = await page("/clubs", member.cookie);
    expect(mine.html).toMatch(new RegExp(`<a[^>]*href="/clubs/${club.id}/room"[^>]*>Club room: 2 unread</a>`));
    // The admin, who wrote them, has nothing unread.
    expect((await page(`/clubs/${club.id}`, admin.cookie)).html).toMatch(new RegExp(`<a[^>]*href="/clubs/${club.id}/room"[^>]*>Club room</a>`));
  });

  it("posts from the composer without JavaScript: a message, a milestone's message and an admin's announcement; a reload posts nothing again", async () => {
    const { admin, member, club } = await clubWithMembers();
    const [early] = await currentBookWithMilestones(club.id, ["chapters 1–8"]);
    const here = `/clubs/${club.id}/room`;
    const plain = await postForm(here, { content: "  Hello from a plain form  " }, member.cookie);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(here);
    const threaded = await postForm(here, { content: "Dorothea!", milestoneId: early! }, member.cookie);
    expect(threaded.status).toBe(302);
    const announced = await postForm(here, { content: "Friday at 7", announce: "on" }, admin.cookie);
    expect(announced.status).toBe(302);

    // The admin has read that far, so the thread's message comes unfolded.
    await reached(early!, admin.user.id);
    const room = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, admin)).body.data!;
    expect(room.items.map((m) => [m.content, m.milestoneId, m.announcement])).toEqual([
      ["Friday at 7", null, true],
      ["Dorothea!", early, false],
      ["Hello from a plain form", null, false],
    ]);
  });

  it("keeps the text with the reason when a plain-form post is refused, and stores nothing", async () => {
    const { member, club } = await clubWithMembers();
    const here = `/clubs/${club.id}/room`;
    const blank = await postForm(here, { content: "   " }, member.cookie);
    expect(blank.status).toBe(400);
    expect(markup(await blank.text())).toContain("Please write a message.");

    // Only admins announce: the member's text stays in the box with the reason.
    const refused = await postForm(here, { content: "Everyone come!", announce: "on" }, member.cookie);
    expect(refused.status).toBe(403);
    const visible = markup(await refused.text());
    expect(visible).toContain("Only the club&#x27;s admins can post announcements.");
    expect(visible).toMatch(/<textarea[^>]*>Everyone come!<\/textarea>/);

    const unknown = await postForm(here, { content: "Which thread?", milestoneId: crypto.randomUUID() }, member.cookie);
    expect(unknown.status).toBe(400);
    expect(markup(await unknown.text())).toContain("That milestone is not one of the club&#x27;s current book.");
    expect((await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!.items).toEqual([]);
  });

  it("renders a composer that posts to the page and can be sent before the scripts run", async () => {
    const { member, club } = await clubWithMembers();
    const { html } = await page(`/clubs/${club.id}/room`, member.cookie);
    const form = markup(html).match(/<form[^>]*data-offline="self"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toMatch(/<form[^>]*method="post"/);
    expect(form).toMatch(/<textarea[^>]*name="content"/);
    expect(form).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  it("refuses a plain-form post from an outsider or a visitor", async () => {
    const { club } = await clubWithMembers(true);
    const outsider = await signedInMember();
    expect((await postForm(`/clubs/${club.id}/room`, { content: "Let me in" }, outsider.cookie)).status).toBe(404);
    const visitor = await postForm(`/clubs/${club.id}/room`, { content: "Hi" }, "");
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
  });
});
