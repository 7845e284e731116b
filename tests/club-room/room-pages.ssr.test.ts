import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";
import { clubWithMembers, currentBookWithMilestones, reached, roomJson } from "./support";

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
    expect(html).toMatch(/Spoilers for (?:<!-- -->)?chapters 9–14(?:<!-- -->)?: show/);
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
});
