import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { notifications, waitlistEntries } from "@worker/db/schema";
import type { BookLoanPanel } from "@worker/features/loans";
import { WAITLIST_OFFER_MS, waitlistJob } from "@worker/features/loans/loan-waitlist";
import { runJob } from "@worker/jobs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { lendingScene, type Member, requestLoanAs, stepOk } from "./support";

const join = (member: Member | null, bookId: string) => api<{ place: number }>(`/books/${bookId}/waitlist`, member, { method: "POST" });
const leave = (member: Member | null, bookId: string) => api(`/books/${bookId}/waitlist`, member, { method: "DELETE" });
const panel = (member: Member | null, bookId: string) => api<BookLoanPanel>(`/books/${bookId}/loan-panel`, member);

async function entryStates(bookId: string) {
  const rows = await db
    .select({ userId: waitlistEntries.userId, state: waitlistEntries.state, expiresAt: waitlistEntries.offerExpiresAt })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.bookId, bookId))
    .orderBy(waitlistEntries.id);
  return rows;
}

/** A book lent to the scene's borrower through the ledger. */
async function lentScene() {
  const scene = await lendingScene({ title: "Dracula" });
  const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
  await stepOk(loanId, "accept", scene.owner, {});
  await stepOk(loanId, "lent", scene.owner);
  return { ...scene, loanId };
}

describe("the waitlist", () => {
  it("queues members for a lent book, shows each their place, and lets them leave", async () => {
    const scene = await lentScene();
    const [first, second, third] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    expect((await join(first, scene.book.id)).body.data).toEqual({ place: 1 });
    expect((await join(second, scene.book.id)).body.data).toEqual({ place: 2 });
    expect((await join(third, scene.book.id)).body.data).toEqual({ place: 3 });
    expect(await join(second, scene.book.id)).toMatchObject({ status: 409, body: { error: "You're already on the waitlist for this book." } });
    expect((await join(scene.owner, scene.book.id)).status).toBe(400);
    expect((await join(scene.borrower, scene.book.id)).status).toBe(409);

    expect((await leave(first, scene.book.id)).status).toBe(200);
    expect((await leave(first, scene.book.id)).status).toBe(404);
    const view = await panel(third, scene.book.id);
    expect(view.body.data!.waitlist).toEqual({ size: 2, myPlace: 2, myState: "waiting", offerExpiresAt: null });
    expect(view.body.data!.holding).toMatchObject({ loanId: scene.loanId, state: "lent", borrowerId: scene.borrower.user.id });
    expect((await panel(second, scene.book.id)).body.data!.waitlist.myPlace).toBe(1);
  });

  it("refuses to queue for a book nothing holds: ask to borrow it instead", async () => {
    const scene = await lendingScene();
    expect(await join(scene.stranger, scene.book.id)).toMatchObject({
      status: 400,
      body: { error: "This book is available — ask to borrow it instead." },
    });
    expect((await join(null, scene.book.id)).status).toBe(401);
    expect((await join(scene.stranger, "no-such-book")).status).toBe(404);
  });

  it("offers a returned book to the first in line for 48 hours, then to the next; the offered member's request claims it", async () => {
    const scene = await lentScene();
    const [first, second, latecomer] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    await join(first, scene.book.id);
    await join(second, scene.book.id);

    const before = Date.now();
    await stepOk(scene.loanId, "returned", scene.owner);
    const [offered, waiting] = await entryStates(scene.book.id);
    expect(offered).toMatchObject({ userId: first.user.id, state: "offered" });
    expect(offered!.expiresAt).toBeGreaterThanOrEqual(before + WAITLIST_OFFER_MS);
    expect(waiting).toMatchObject({ userId: second.user.id, state: "waiting" });
    const bell = await db
      .select({ type: notifications.type, link: notifications.link, key: notifications.dedupeKey })
      .from(notifications)
      .where(and(eq(notifications.userId, first.user.id), eq(notifications.type, "waitlist_offer")));
    expect(bell).toEqual([{ type: "waitlist_offer", link: `/books/${scene.book.id}`, key: expect.stringMatching(/^waitlist:\d+:offer$/) }]);
    expect(await nextJobRun(env, waitlistJob(scene.book.id))).toBe(offered!.expiresAt);
    expect((await panel(first, scene.book.id)).body.data!.waitlist).toEqual({ size: 2, myPlace: 0, myState: "offered", offerExpiresAt: offered!.expiresAt });

    // Meanwhile nobody else may ask for it, and the queue stays open.
    expect(await api("/loans", latecomer, { method: "POST", json: { bookId: scene.book.id } })).toMatchObject({
      status: 409,
      body: { error: "This book is being offered to the next member on its waitlist." },
    });
    expect((await join(latecomer, scene.book.id)).body.data).toEqual({ place: 2 });

    // 48 hours pass unclaimed: the first offer expires and the next member is offered the book, once.
    const later = offered!.expiresAt! + 1;
    const next = await runJob(env, waitlistJob(scene.book.id), later);
    expect(await runJob(env, waitlistJob(scene.book.id), later)).toBe(next);
    const states = await entryStates(scene.book.id);
    expect(states.map((entry) => [entry.userId, entry.state])).toEqual([
      [first.user.id, "expired"],
      [second.user.id, "offered"],
      [latecomer.user.id, "waiting"],
    ]);
    expect(next).toBe(later + WAITLIST_OFFER_MS);
    const secondBell = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, second.user.id), eq(notifications.type, "waitlist_offer")));
    expect(secondBell).toHaveLength(1);

    // The offered member asks: the offer is claimed, and the job has nothing more to offer.
    const claim = await requestLoanAs(second, scene.book.id);
    expect(claim.state).toBe("requested");
    expect((await entryStates(scene.book.id)).map((entry) => entry.state)).toEqual(["expired", "claimed", "waiting"]);
    expect(await runJob(env, waitlistJob(scene.book.id), later + WAITLIST_OFFER_MS + 1)).toBeNull();
    expect((await entryStates(scene.book.id)).map((entry) => entry.state)).toEqual(["expired", "claimed", "waiting"]);

    // The owner declines the claim: the book passes to the next in line.
    await stepOk(claim.loanId, "decline", scene.owner);
    expect((await entryStates(scene.book.id)).map((entry) => entry.state)).toEqual(["expired", "claimed", "offered"]);
  });

  it("passes the offer on when the offered member leaves, and the timer's own alarm runs the job", async () => {
    const scene = await lentScene();
    const [first, second, third] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    for (const member of [first, second, third]) await join(member, scene.book.id);
    await stepOk(scene.loanId, "returned", scene.owner);
    await leave(first, scene.book.id);
    expect((await entryStates(scene.book.id)).map((entry) => entry.state)).toEqual(["left", "offered", "waiting"]);

    // Ring the alarm early: the live offer is kept, and the alarm is set again at its expiry.
    const stub = env.JOB_TIMER.get(env.JOB_TIMER.idFromName(waitlistJob(scene.book.id)));
    const [, offer] = await entryStates(scene.book.id);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await entryStates(scene.book.id)).map((entry) => entry.state)).toEqual(["left", "offered", "waiting"]);
    expect(await nextJobRun(env, waitlistJob(scene.book.id))).toBe(offer!.expiresAt);
  });
});
