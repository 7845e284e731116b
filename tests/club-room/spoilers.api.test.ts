import { emailOutbox, pushOutbox } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { addMember } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { clubWithMembers, connect, currentBookWithMilestones, type Item, notificationsOf, type RoomPage, reached, roomJson } from "./support";

// A message in a milestone's thread is folded for whoever has not reached it, and
// the fold holds for every way its text could travel: the bell (and its e-mail and push), the room's
// API and its sockets. Only the milestone's readers, or an explicit reveal, get the text.

const SPOILER = "SPOILER: Bulstrode is the murderer!";

async function clubReadingTwoMilestones() {
  const { admin, member, club } = await clubWithMembers();
  const [early, late] = await currentBookWithMilestones(club.id, ["Chapters 1–8", "Chapters 9–27"]);
  await reached(late!, admin.user.id);
  await reached(early!, member.user.id);
  return { admin, member, club, early: early!, late: late! };
}

describe("a message in a milestone's thread keeps its text out of the bell", () => {
  it("rings a neutral notice ('{name} wrote in the thread for {label}') in the bell, and mails and pushes nothing", async () => {
    const { admin, member, club, late } = await clubReadingTwoMilestones();
    const sent = await roomJson<Item>("POST", `/${club.id}/room/messages`, admin, { content: SPOILER, milestoneId: late });
    expect(sent.status).toBe(201);
    const bell = await vi.waitFor(async () => {
      const rows = (await notificationsOf(member.user.id)).filter((n) => n.type === "club_room_messages");
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(bell[0]!.body).toBe("Ada Admin wrote in the thread for Chapters 9–27");
    // What the bell's API answers (the /notifications page reads the same rows).
    const listed = await roomJsonNotifications(member);
    expect(JSON.stringify(listed)).not.toContain("murderer");
    expect(JSON.stringify(listed)).toContain("wrote in the thread for Chapters 9–27");
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, member.user.id));
    expect(JSON.stringify(mail)).not.toContain("murderer");
    const pushes = await db.select().from(pushOutbox).where(eq(pushOutbox.userId, member.user.id));
    expect(JSON.stringify(pushes)).not.toContain("murderer");
    // A message in no thread still shows its snippet.
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "See you Friday" });
    await vi.waitFor(async () => {
      const row = (await notificationsOf(member.user.id)).find((n) => n.type === "club_room_messages");
      expect(row?.body).toBe("Ada Admin: See you Friday");
    });
  });
});

async function roomJsonNotifications(member: Awaited<ReturnType<typeof signedInMember>>) {
  const { call, json, SAME_ORIGIN } = await import("../helpers/http");
  const response = await call("/api/notifications", { cookie: member.cookie, headers: SAME_ORIGIN });
  expect(response.status).toBe(200);
  return json(response);
}

describe("a folded message's text reaches only the milestone's readers, or an explicit reveal", () => {
  it("the API leaves a folded message's content out (null) until the reader reaches the milestone or asks to reveal it", async () => {
    const { admin, member, club, late } = await clubReadingTwoMilestones();
    const sent = await roomJson<Item>("POST", `/${club.id}/room/messages`, admin, { content: SPOILER, milestoneId: late });
    const messageId = sent.body.data!.messageId;

    const page = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ messageId, spoiler: "Chapters 9–27", content: null });
    const thread = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages?milestoneId=${late}`, member)).body.data!;
    expect(thread.items[0]).toMatchObject({ messageId, content: null });
    // One message: folded too, unless the reader opens the fold.
    const one = await roomJson<Item>("GET", `/${club.id}/room/messages/${messageId}`, member);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ messageId, content: null, spoiler: "Chapters 9–27" });
    const revealed = await roomJson<Item>("GET", `/${club.id}/room/messages/${messageId}?reveal=1`, member);
    expect(revealed.body.data).toMatchObject({ messageId, content: SPOILER, spoiler: "Chapters 9–27" });
    expect((await roomJson("GET", `/${club.id}/room/messages/${crypto.randomUUID()}?reveal=1`, member)).status).toBe(404);
    const outsider = await signedInMember();
    expect((await roomJson("GET", `/${club.id}/room/messages/${messageId}?reveal=1`, outsider)).status).toBe(404);

    // The writer, and a reader who reached it, get the text.
    const adaPage = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, admin)).body.data!;
    expect(adaPage.items[0]).toMatchObject({ content: SPOILER, spoiler: null });
    await reached(late, member.user.id);
    const after = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, member)).body.data!;
    expect(after.items[0]).toMatchObject({ content: SPOILER, spoiler: null });
  });

  it("the socket delivers a folded form (content null, its label) to a member who has not reached the milestone, the text to those who have", async () => {
    const { admin, member, club, early, late } = await clubReadingTwoMilestones();
    const reader = await signedInMember({ name: "Cleo Reader" });
    await addMember(club.id, reader.user.id);
    await reached(late, reader.user.id);
    const ben = await connect(club.id, member);
    const cleo = await connect(club.id, reader);
    const ada = await connect(club.id, admin);
    for (const s of [ben, cleo, ada]) expect(await s.next()).toMatchObject({ type: "ready" });

    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: SPOILER, milestoneId: late });
    const folded = await ben.next();
    expect(folded).toMatchObject({ type: "message", message: { milestoneId: late, content: null, spoiler: "Chapters 9–27" } });
    expect(JSON.stringify(folded)).not.toContain("murderer");
    expect(await cleo.next()).toMatchObject({ type: "message", message: { content: SPOILER, spoiler: null } });
    expect(await ada.next()).toMatchObject({ type: "message", message: { content: SPOILER, spoiler: null } });
    // A milestone Ben reached: his socket gets the text.
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "The opening is slow", milestoneId: early });
    expect(await ben.next()).toMatchObject({ type: "message", message: { content: "The opening is slow", spoiler: null } });
    // Once Ben marks the later milestone reached, its next messages reach him whole.
    await reached(late, member.user.id);
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "Now you know", milestoneId: late });
    expect(await ben.next()).toMatchObject({ type: "message", message: { content: "Now you know", spoiler: null } });
  });
});
