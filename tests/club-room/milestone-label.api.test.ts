import { describe, expect, it } from "vitest";
import { page } from "../helpers/pages";
import { clubWithMembers, connect, currentBookWithMilestones, type Item, type RoomPage, reached, roomJson } from "./support";

type Labelled = Item & { milestoneLabel: string | null };

/** The club reads two milestones: the admin has reached both, the member only the first. */
async function readingClub() {
  const { admin, member, club } = await clubWithMembers();
  const [early, late] = await currentBookWithMilestones(club.id, ["Chapters 1–8", "Chapters 9–27"]);
  await reached(late!, admin.user.id);
  await reached(early!, member.user.id);
  return { admin, member, club, early: early!, late: late! };
}

describe("A message's milestone label", () => {
  it("stays on every message of a thread: the writer's own, a reader's, a folded one and an opened fold, live and listed", async () => {
    const { admin, member, club, late } = await readingClub();
    const ada = await connect(club.id, admin);
    const ben = await connect(club.id, member);
    expect(await ada.next()).toMatchObject({ type: "ready" });
    expect(await ben.next()).toMatchObject({ type: "ready" });

    const sent = await roomJson<Labelled>("POST", `/${club.id}/room/messages`, admin, { content: "Raffles returns!", milestoneId: late });
    expect(sent.body.data).toMatchObject({ milestoneLabel: "Chapters 9–27", content: "Raffles returns!" });
    // The writer's own socket gets it whole, labelled; the member's folded, labelled too.
    expect(await ada.next()).toMatchObject({ type: "message", message: { content: "Raffles returns!", spoiler: null, milestoneLabel: "Chapters 9–27" } });
    expect(await ben.next()).toMatchObject({ type: "message", message: { content: null, spoiler: "Chapters 9–27", milestoneLabel: "Chapters 9–27" } });

    const messageId = sent.body.data!.messageId;
    const opened = await roomJson<Labelled>("GET", `/${club.id}/room/messages/${messageId}?reveal=1`, member);
    expect(opened.body.data).toMatchObject({ content: "Raffles returns!", milestoneLabel: "Chapters 9–27" });
    const own = await roomJson<Omit<RoomPage, "items"> & { items: Labelled[] }>("GET", `/${club.id}/room/messages`, admin);
    expect(own.body.data!.items.find((item) => item.messageId === messageId)).toMatchObject({ spoiler: null, milestoneLabel: "Chapters 9–27" });
    const general = await roomJson<Labelled>("POST", `/${club.id}/room/messages`, admin, { content: "Tea on Friday?" });
    expect(general.body.data!.milestoneLabel).toBeNull();

    // The room page shows it on the writer's own bubble.
    const html = (await page(`/clubs/${club.id}/room`, admin.cookie)).html.replaceAll("<!-- -->", "");
    expect(html).toContain(">Thread: Chapters 9–27</p>");
  });

  it("filters the room by milestone: the API's milestoneId and the page's ?milestone= links", async () => {
    const { admin, member, club, early, late } = await readingClub();
    await roomJson("POST", `/${club.id}/room/messages`, member, { content: "Dorothea marries Casaubon", milestoneId: early });
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "Lydgate arrives", milestoneId: late });
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "Snacks are on me" });

    const thread = await roomJson<Omit<RoomPage, "items"> & { items: Labelled[] }>("GET", `/${club.id}/room/messages?milestoneId=${early}`, member);
    expect(thread.body.data!.items.map((item) => [item.content, item.milestoneLabel])).toEqual([["Dorothea marries Casaubon", "Chapters 1–8"]]);

    const all = await page(`/clubs/${club.id}/room`, member.cookie);
    expect(all.html).toContain(`href="/clubs/${club.id}/room?milestone=${early}"`);
    expect(all.html).toMatch(/<a[^>]*aria-current="page"[^>]*>All messages<\/a>/);
    const filtered = await page(`/clubs/${club.id}/room?milestone=${early}`, member.cookie);
    const bubbles = filtered.html.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(bubbles).toContain("Dorothea marries Casaubon");
    expect(bubbles).not.toContain("Snacks are on me");
    expect(bubbles).not.toContain("Spoilers for Chapters 9–27");
    expect(bubbles).toMatch(/<a[^>]*aria-current="page"[^>]*>Chapters 1–8<\/a>/);
    // The composer starts in the filtered thread.
    expect(bubbles).toMatch(new RegExp(`<option[^>]*value="${early}"[^>]*selected`));
  });
});
