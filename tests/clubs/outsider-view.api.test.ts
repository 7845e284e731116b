import { blocks } from "@worker/db/schema";
import { describe, expect, it } from "vitest";
import { seedPoll } from "../club-polls/support";
import { setBook } from "../club-reading/support";
import { roomCall } from "../club-room/support";
import { db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { addMember, addPendingRequest, clubApi, createClub } from "./support";

/**
 * A private club with everything members see (a member, the current book, a meeting, a poll, a room
 * message) and one of each outsider: a stranger, someone whose request waits, a removed member and
 * someone the creator blocked.
 */
async function privateClub() {
  const creator = await signedInMember({ name: "Cressida Creator" });
  const member = await signedInMember({ name: "Marguerite Member" });
  const [stranger, pending, removed, blocked] = await Promise.all([signedInMember(), signedInMember(), signedInMember(), signedInMember()]);
  const club = await createClub(creator.user.id, {
    name: "Quiet Readers",
    description: "We read slowly and talk a lot.",
    location: "Cheltenham",
    isPrivate: true,
  });
  await addMember(club.id, member.user.id);
  await addMember(club.id, removed.user.id);
  expect((await clubApi("DELETE", `/${club.id}/members/${removed.user.id}`, creator)).status).toBe(200);
  await addPendingRequest(club.id, pending.user.id);
  await db.insert(blocks).values({ blockerId: creator.user.id, blockedId: blocked.user.id });
  expect((await setBook(club.id, creator, { title: "Secret Garden Chronicles", author: "Hidden Author" })).status).toBe(200);
  const meeting = await api(`/clubs/${club.id}/meetings`, creator, {
    method: "POST",
    auth: "bearer",
    json: { date: `${new Date().getUTCFullYear() + 1}-03-04`, time: "19:00", place: "The Backroom Snug" },
  });
  expect(meeting.status).toBe(201);
  await seedPoll(club.id, creator.user.id, { labels: ["Pollcandidate One", "Pollcandidate Two"] });
  expect((await roomCall("POST", `/${club.id}/room/messages`, member, { content: "Roomtalk about chapter nine" })).status).toBe(201);
  return { club, creator, member, outsiders: { stranger, pending, removed, blocked } };
}

/** What only members may see, as it would appear anywhere in a page (its data included) or an answer; the club page shows the first four. */
const SECRETS = ["Marguerite Member", "Cressida Creator", "Secret Garden Chronicles", "The Backroom Snug", "Pollcandidate", "Roomtalk"];

describe("A private club to someone outside it", () => {
  it("shows what Browse shows and the request button, never the members, book, meetings, polls or room: page and API, for every kind of outsider", async () => {
    const { club, member, outsiders } = await privateClub();
    for (const [role, outsider] of Object.entries(outsiders)) {
      const shown = await page(`/clubs/${club.id}`, outsider.cookie);
      expect(shown.status, role).toBe(200);
      expect(shown.html, role).toContain("Quiet Readers");
      expect(shown.html, role).toContain("We read slowly and talk a lot.");
      expect(shown.html, role).toContain("Cheltenham");
      expect(shown.html, role).toContain(role === "pending" ? ">Requested</button>" : ">Request to Join</button>");
      for (const secret of SECRETS) expect(shown.html, `${role}: ${secret}`).not.toContain(secret);
      expect(shown.html, role).not.toContain(`href="/clubs/${club.id}/room"`);

      const details = await api<Record<string, unknown>>(`/clubs/${club.id}`, outsider, { auth: "bearer" });
      expect(details.status, role).toBe(200);
      expect(details.body.data, role).toMatchObject({ name: "Quiet Readers", location: "Cheltenham", detailsVisible: false });
      for (const path of ["/reading", "/reading/copies", "/shelf", "/meetings", "/polls", "/room/messages"]) {
        const answer = await api(`/clubs/${club.id}${path}`, outsider, { auth: "bearer" });
        expect(answer.status, `${role} ${path}`).toBe(404);
        for (const secret of SECRETS) expect(JSON.stringify(answer.body), `${role} ${path}`).not.toContain(secret);
      }
      // Its other pages stay closed.
      for (const path of ["/meetings", "/polls", "/room", "/shelf"])
        expect((await page(`/clubs/${club.id}${path}`, outsider.cookie)).status, `${role} ${path}`).toBe(404);
    }

    // A visitor is asked to sign in; the API answers 401.
    const visitor = await page(`/clubs/${club.id}`);
    expect([302, 303]).toContain(visitor.status);
    for (const secret of SECRETS) expect(visitor.html).not.toContain(secret);
    expect((await api(`/clubs/${club.id}`, null)).status).toBe(401);

    // A member sees it all.
    const inside = await page(`/clubs/${club.id}`, member.cookie);
    for (const secret of SECRETS.slice(0, 4)) expect(inside.html, secret).toContain(secret);
    expect(inside.html).toContain(`href="/clubs/${club.id}/room"`);
  });

  it("takes a join request from the outsider's view as a plain form", async () => {
    const { club, outsiders } = await privateClub();
    const answer = await postForm(`/clubs/${club.id}`, { intent: "request", clubId: club.id }, outsiders.stranger.cookie);
    expect(answer.status).toBeLessThan(400);
    const after = await page(`/clubs/${club.id}`, outsiders.stranger.cookie);
    expect(after.html).toContain(">Requested</button>");
  });
});
