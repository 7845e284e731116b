import { type EventName, subscribe, unsubscribe } from "@worker/core/events/registry";
import { notifications } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { pollApi, seedPoll } from "../club-polls/support";
import { clubWithMembers, roomJson } from "../club-room/support";
import { addMember, clubApi, createClub } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { lendingScene, requestLoanAs, stepOk } from "../loans/support";
import { createConversation } from "../messages/support";

/**
 * The producers moved onto feature events (decision 019): each notice still arrives, and a subscriber
 * that throws (a stand-in registered beside the real ones, in the Worker's own registry: one per
 * isolate) is logged, never the request's failure.
 */
const BROKEN = "test.broken";
let brokenOn: EventName[] = [];

/** Registers a subscriber of `name` that records each event and throws; returns what it saw and the warn spy. */
function breakSubscriberOf<K extends EventName>(name: K): { seen: unknown[]; warn: MockInstance<typeof console.warn> } {
  const seen: unknown[] = [];
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  subscribe({
    [name]: {
      [BROKEN]: async (_deps: unknown, event: unknown) => {
        seen.push(event);
        throw new Error("boom");
      },
    },
  } as Parameters<typeof subscribe>[0]);
  brokenOn.push(name);
  return { seen, warn };
}

afterEach(() => {
  for (const name of brokenOn) unsubscribe(name, BROKEN);
  brokenOn = [];
  vi.restoreAllMocks();
});

const bellsOf = (userId: string, type: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type as typeof notifications.$inferSelect.type)));

describe("a producer's notice follows from its event, and a failing subscriber does not fail it", () => {
  it("loan.step_taken: accepting tells the borrower", async () => {
    const scene = await lendingScene();
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    const { seen, warn } = breakSubscriberOf("loan.step_taken");
    const accepted = await stepOk(loan.loanId, "accept", scene.owner);
    expect(accepted.state).toBe("accepted");
    expect(seen).toMatchObject([{ type: "loan.step_taken", action: "accepted", loanId: loan.loanId, otherId: scene.borrower.user.id }]);
    expect(await bellsOf(scene.borrower.user.id, "loan_accepted")).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(`Subscriber ${BROKEN} of loan.step_taken failed`, expect.any(Error));
  });

  it("loan.offered: a return offers the book to the first in line", async () => {
    const scene = await lendingScene();
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loanId, "accept", scene.owner, {});
    await stepOk(loanId, "lent", scene.owner);
    const waiting = await signedInMember();
    expect((await api(`/books/${scene.book.id}/waitlist`, waiting, { method: "POST" })).status).toBe(201);
    const { seen, warn } = breakSubscriberOf("loan.offered");
    expect((await stepOk(loanId, "returned", scene.owner)).state).toBe("returned");
    expect(seen).toMatchObject([{ type: "loan.offered", bookId: scene.book.id, memberId: waiting.user.id }]);
    expect(await bellsOf(waiting.user.id, "waitlist_offer")).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(`Subscriber ${BROKEN} of loan.offered failed`, expect.any(Error));
  });

  it("club.join_requested, club.join_approved and club.member_joined: a club's admins and the member hear of joins", async () => {
    const [creator, hopeful, joiner] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const closed = await createClub(creator.user.id, { name: "Night Readers", isPrivate: true });
    const open = await createClub(creator.user.id, { name: "Day Readers", isPrivate: false });
    const { seen, warn } = breakSubscriberOf("club.join_requested");
    breakSubscriberOf("club.join_approved");
    breakSubscriberOf("club.member_joined");

    expect((await clubApi("POST", `/${closed.id}/request`, hopeful)).body.data).toEqual({ status: "pending" });
    expect((await clubApi("POST", `/${closed.id}/requests/${hopeful.user.id}/approve`, creator)).status).toBe(200);
    expect((await clubApi("POST", `/${open.id}/request`, joiner)).body.data).toEqual({ status: "active" });

    expect(seen).toMatchObject([{ type: "club.join_requested", clubId: closed.id, memberId: hopeful.user.id }]);
    expect(await bellsOf(creator.user.id, "club_join_request")).toHaveLength(1);
    expect(await bellsOf(hopeful.user.id, "club_join_approved")).toHaveLength(1);
    expect(await bellsOf(creator.user.id, "club_new_member")).toMatchObject([{ title: `${joiner.user.name} joined Day Readers` }]);
    for (const name of ["club.join_requested", "club.join_approved", "club.member_joined"]) {
      expect(warn).toHaveBeenCalledWith(`Subscriber ${BROKEN} of ${name} failed`, expect.any(Error));
    }
  });

  it("club.poll_closed: closing a poll tells the other members its result", async () => {
    const [creator, member] = await Promise.all([signedInMember(), signedInMember()]);
    const club = await createClub(creator.user.id, { name: "Night Readers" });
    await addMember(club.id, member.user.id, "active", "member");
    const { pollId } = await seedPoll(club.id, creator.user.id);
    const { seen, warn } = breakSubscriberOf("club.poll_closed");
    const closed = await pollApi<{ isOpen: boolean }>("POST", club.id, `/${pollId}/close`, creator);
    expect(closed).toMatchObject({ status: 200, body: { data: { isOpen: false } } });
    expect(seen).toMatchObject([{ type: "club.poll_closed", clubId: club.id, pollId, winnerLabel: null }]);
    expect(await bellsOf(member.user.id, "club_poll_closed")).toMatchObject([{ body: "No ballots were cast." }]);
    // The creator closed it themselves: no notice of their own action.
    expect(await bellsOf(creator.user.id, "club_poll_closed")).toEqual([]);
    expect(warn).toHaveBeenCalledWith(`Subscriber ${BROKEN} of club.poll_closed failed`, expect.any(Error));
  });

  it("club.room_message: a message in the room rings the other members' bell", async () => {
    const { admin, member, club } = await clubWithMembers();
    const { seen, warn } = breakSubscriberOf("club.room_message");
    const sent = await roomJson("POST", `/${club.id}/room/messages`, member, { content: "Hello!" });
    expect(sent.status).toBe(201);
    expect(seen).toMatchObject([{ type: "club.room_message", clubId: club.id, actorId: member.user.id, thread: null }]);
    // Written after the answer (waitUntil).
    await vi.waitFor(async () => expect(await bellsOf(admin.user.id, "club_room_messages")).toMatchObject([{ body: "Ben Member: Hello!" }]));
    expect(await bellsOf(member.user.id, "club_room_messages")).toEqual([]);
    expect(warn).toHaveBeenCalledWith(`Subscriber ${BROKEN} of club.room_message failed`, expect.any(Error));
  });

  it("comment.posted: a comment tells the book's owner", async () => {
    const scene = await lendingScene();
    const { seen, warn } = breakSubscriberOf("comment.posted");
    const posted = await api(`/books/${scene.book.id}/comments`, scene.stranger, { method: "POST", json: { body: "Lovely copy" } });
    expect(posted.status).toBe(201);
    expect(seen).toMatchObject([{ type: "comment.posted", bookId: scene.book.id, ownerId: scene.owner.user.id, authorId: scene.stranger.user.id }]);
    await vi.waitFor(async () => expect(await bellsOf(scene.owner.user.id, "book_comment")).toMatchObject([{ body: "Lovely copy" }]));
    expect(warn).toHaveBeenCalledWith(`Subscriber ${BROKEN} of comment.posted failed`, expect.any(Error));
  });

  it("message.sent: a direct message rings the recipient's bell", async () => {
    const [sender, recipient] = await Promise.all([signedInMember({ name: "Sam Sender" }), signedInMember()]);
    const { id } = await createConversation(sender.user.id, recipient.user.id);
    const { seen, warn } = breakSubscriberOf("message.sent");
    const sent = await api(`/dm/conversations/${id}/messages`, sender, { method: "POST", json: { content: "Hi there" } });
    expect(sent.status).toBe(201);
    expect(seen).toMatchObject([{ type: "message.sent", conversationId: id, senderId: sender.user.id, recipientId: recipient.user.id }]);
    // Written after the answer (waitUntil).
    await vi.waitFor(async () =>
      expect(await bellsOf(recipient.user.id, "message_received")).toMatchObject([{ title: "New messages from Sam Sender", body: "Hi there" }]),
    );
    expect(warn).toHaveBeenCalledWith(`Subscriber ${BROKEN} of message.sent failed`, expect.any(Error));
  });
});
