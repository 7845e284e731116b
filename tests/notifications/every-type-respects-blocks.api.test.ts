import { env } from "cloudflare:workers";
import { addDays, dayIn } from "@worker/core/shared/calendar";
import { blocks, follows, memberAreas, pushOutbox } from "@worker/db/schema";
import { NEW_BOOKS_WINDOW_MS, newBooksJob, newBooksWindow } from "@worker/features/follows";
import { NOTIFICATION_PREFERENCE, type NotificationType } from "@worker/features/notifications/notification-events";
import { wantedCopyJob } from "@worker/features/wanted";
import { runJob } from "@worker/jobs";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { seedPoll } from "../club-polls/support";
import { roomCall } from "../club-room/support";
import { addMember, addPendingRequest, clubApi, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { loanInState, loanStep } from "../loans/support";
import { bellOf, outboxOf } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * Sets up what `recipient` needs to hear about `actor` (a club they share, a loan, a follow) and
 * returns the step by which the actor's feature produces the notice. Statuses are not checked: a
 * step refused because of the block produces no notice either, which is what is asserted.
 */
type Producer = (actor: Member, recipient: Member) => Promise<() => Promise<unknown>>;

/** An event nobody causes, so there is no actor to block: the reason is the answer to "why not". */
type NoActor = { noActor: string };

const clubWith = async (creator: Member, member: Member, isPrivate = false) => {
  const club = await createClub(creator.user.id, { name: "Blockers' Club", isPrivate });
  await addMember(club.id, member.user.id);
  return club;
};
const loanOf = async (owner: Member, borrower: Member, state: "requested" | "accepted" | "lent") => {
  const book = await createBook(owner.user.id, { title: "Blocked Book", ...(state === "lent" ? { status: "borrowed", lentToUserId: borrower.user.id } : {}) });
  return loanInState({ owner, borrower, book }, state);
};
const meeting = async (admin: Member, member: Member) => {
  const club = await clubWith(admin, member);
  const made = await api<{ meetingId: string }>(`/clubs/${club.id}/meetings`, admin, {
    method: "POST",
    auth: "bearer",
    json: { date: addDays(dayIn("UTC"), 7), time: "19:00", place: "The Library" },
  });
  const meetingId = made.body.data!.meetingId;
  await api(`/clubs/${club.id}/meetings/${meetingId}/rsvp`, member, { method: "PUT", auth: "bearer", json: { answer: "going" } });
  return { clubId: club.id, meetingId };
};
const sendMessage = async (from: Member, to: Member, content: string) => {
  const opened = await call("/api/dm/conversations", { method: "POST", headers: { Authorization: `Bearer ${from.token}` }, json: { toUserId: to.user.id } });
  const { data } = (await opened.json()) as { data?: { conversationId: string } };
  if (!data) return;
  await call(`/api/dm/conversations/${data.conversationId}/messages`, {
    method: "POST",
    headers: { Authorization: `Bearer ${from.token}` },
    json: { content },
  });
};

/**
 * Every type in the notifications catalogue (NOTIFICATION_PREFERENCE), with its producer, or the reason it
 * has no actor. A new type fails to compile here until it is given one or the other.
 */
const PRODUCERS: Record<NotificationType, Producer | NoActor> = {
  loan_requested: async (borrower, owner) => {
    const book = await createBook(owner.user.id, { title: "Wanted" });
    return () => api("/loans", borrower, { method: "POST", json: { bookId: book.id } });
  },
  loan_accepted: async (owner, borrower) => {
    const loanId = await loanOf(owner, borrower, "requested");
    return () => loanStep(loanId, "accept", owner, {});
  },
  loan_declined: async (owner, borrower) => {
    const loanId = await loanOf(owner, borrower, "requested");
    return () => loanStep(loanId, "decline", owner);
  },
  loan_cancelled: async (owner, borrower) => {
    const loanId = await loanOf(owner, borrower, "accepted");
    return () => loanStep(loanId, "cancel", owner);
  },
  loan_lent: async (owner, borrower) => {
    const loanId = await loanOf(owner, borrower, "accepted");
    return () => loanStep(loanId, "lent", owner);
  },
  loan_returned: async (owner, borrower) => {
    const loanId = await loanOf(owner, borrower, "lent");
    return () => loanStep(loanId, "returned", owner);
  },
  loan_due_date_changed: async (owner, borrower) => {
    const loanId = await loanOf(owner, borrower, "lent");
    return () => loanStep(loanId, "due-date", owner, { dueDate: addDays(dayIn("UTC"), 30) });
  },
  loan_renewal_requested: async (borrower, owner) => {
    const loanId = await loanOf(owner, borrower, "lent");
    return () => loanStep(loanId, "renewal", borrower);
  },
  loan_disowned: async (borrower, owner) => {
    const loanId = await loanOf(owner, borrower, "lent");
    return () => loanStep(loanId, "disown", borrower);
  },
  loan_due_soon: { noActor: "the app's reminder to return a book the member holds: the owner sends nothing" },
  loan_due_today: { noActor: "the app's reminder to return a book the member holds: the owner sends nothing" },
  loan_overdue: { noActor: "the app's reminder about a loan the member is part of, sent to both sides" },
  waitlist_offer: async (owner, waiter) => {
    const holder = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Queued" });
    const loanId = await loanInState({ owner, borrower: holder, book }, "accepted");
    await api(`/books/${book.id}/waitlist`, waiter, { method: "POST" });
    return () => loanStep(loanId, "cancel", owner);
  },
  club_join_request: async (requester, admin) => {
    const club = await createClub(admin.user.id, { name: "Private Readers", isPrivate: true });
    return () => clubApi("POST", `/${club.id}/request`, requester);
  },
  club_join_approved: async (admin, requester) => {
    const club = await createClub(admin.user.id, { name: "Private Readers", isPrivate: true });
    await addPendingRequest(club.id, requester.user.id);
    return () => clubApi("POST", `/${club.id}/requests/${requester.user.id}/approve`, admin);
  },
  club_new_member: async (joiner, admin) => {
    const club = await createClub(admin.user.id, { name: "Open Readers", isPrivate: false });
    return () => clubApi("POST", `/${club.id}/request`, joiner);
  },
  message_received: async (sender, reader) => () => sendMessage(sender, reader, "Answer me!"),
  followed_member_new_books: async (author, follower) => {
    await db.insert(follows).values({ followerId: follower.user.id, followeeId: author.user.id });
    const window = newBooksWindow(Date.now()) - 10 * NEW_BOOKS_WINDOW_MS;
    await createBook(author.user.id, { title: "Fresh", createdAt: window });
    return () => runJob(env, newBooksJob(author.user.id, window), Date.now());
  },
  book_comment: async (commenter, owner) => {
    const book = await createBook(owner.user.id, { title: "Commented" });
    return () => api(`/books/${book.id}/comments`, commenter, { method: "POST", json: { body: "Nice copy" } });
  },
  club_meeting_soon: { noActor: "the app's reminder of a meeting the member said they would attend" },
  club_meeting_changed: async (admin, member) => {
    const { clubId, meetingId } = await meeting(admin, member);
    return () => api(`/clubs/${clubId}/meetings/${meetingId}`, admin, { method: "PATCH", auth: "bearer", json: { place: "The Park" } });
  },
  club_meeting_cancelled: async (admin, member) => {
    const { clubId, meetingId } = await meeting(admin, member);
    return () => api(`/clubs/${clubId}/meetings/${meetingId}/cancel`, admin, { method: "POST", auth: "bearer" });
  },
  club_poll_opened: async (admin, member) => {
    const club = await clubWith(admin, member);
    return () =>
      api(`/clubs/${club.id}/polls`, admin, {
        method: "POST",
        auth: "bearer",
        json: { kind: "choice", question: "Snacks?", options: [{ label: "Tea" }, { label: "Cake" }] },
      });
  },
  club_poll_closed: async (opener, member) => {
    const club = await clubWith(opener, member);
    const { pollId } = await seedPoll(club.id, opener.user.id, { kind: "choice" });
    return () => api(`/clubs/${club.id}/polls/${pollId}/close`, opener, { method: "POST", auth: "bearer" });
  },
  club_announcement: async (admin, member) => {
    const club = await clubWith(admin, member);
    return () => roomCall("POST", `/${club.id}/room/announcements`, admin, { content: "We meet Friday" });
  },
  wanted_available: async (owner, wanter) => {
    // Both in one cell far from other tests' places; each call wants its own title.
    const title = `Wanted Near ${crypto.randomUUID().slice(0, 8)}`;
    for (const member of [owner, wanter])
      await db
        .insert(memberAreas)
        .values({ userId: member.user.id, cellLat: -4321, cellLon: 15123, place: "Far Town", updatedAt: Date.now() })
        .onConflictDoNothing();
    await api("/wanted", wanter, { method: "POST", json: { title, author: "A. Writer" } });
    return async () => {
      const made = await api<{ bookId: string }>("/books", owner, { method: "POST", json: { title, author: "A. Writer" } });
      await runJob(env, wantedCopyJob(made.body.data!.bookId, "listed"), Date.now());
    };
  },
  club_room_messages: async (writer, member) => {
    const club = await clubWith(writer, member);
    return () => roomCall("POST", `/${club.id}/room/messages`, writer, { content: "Hello, room" });
  },
};

const ofType = async (userId: string, type: NotificationType) => (await bellOf(userId)).filter((item) => item.type === type);

/** Issue 34, item 7: no notice type, present or future, reaches a member from someone they blocked. */
describe("every notice type respects blocks", () => {
  it("has an entry here for each type in the notifications catalogue", () => {
    expect(Object.keys(PRODUCERS).sort()).toEqual(Object.keys(NOTIFICATION_PREFERENCE).sort());
  });

  for (const type of Object.keys(NOTIFICATION_PREFERENCE) as NotificationType[]) {
    const producer = PRODUCERS[type];
    if (typeof producer !== "function") {
      it(`${type} has no actor to block: ${producer.noActor}`, () => expect(producer.noActor.length).toBeGreaterThan(20));
      continue;
    }
    it(`${type}: the member who blocked its actor gets no bell item, e-mail or push; one who did not, does`, async () => {
      const [actor, blocker, control] = await Promise.all([signedInMember({ name: "Pat Pest" }), signedInMember(), signedInMember()]);
      const actForBlocker = await producer(actor, blocker);
      const actForControl = await producer(actor, control);
      await db.insert(blocks).values({ blockerId: blocker.user.id, blockedId: actor.user.id });
      await actForBlocker();
      await actForControl();
      // The producer ran (some notify after the answer): the member who blocked no one hears of it.
      await vi.waitFor(async () => expect(await ofType(control.user.id, type)).not.toEqual([]), { timeout: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await ofType(blocker.user.id, type)).toEqual([]);
      expect(await outboxOf(blocker.user.id)).toEqual([]);
      expect(await db.select().from(pushOutbox).where(eq(pushOutbox.userId, blocker.user.id))).toEqual([]);
    });
  }
});
