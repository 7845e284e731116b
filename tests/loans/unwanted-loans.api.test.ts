import { blocks, books, emailOutbox, loans, notifications } from "@worker/db/schema";
import type { LoanView } from "@worker/features/loans";
import { SUBJECT_MAX } from "@worker/features/notifications/email-templates";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, type Envelope, json } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { eventsOf, lendingScene, loanRow, loanStep, type Member, requestLoanAs, stepOk } from "./support";

/**
 * Any member could put a loan on anyone's account with the manual 'Lent'
 * edit, ring their bell and e-mail them on every toggle, and so keep them from deleting their account.
 */

const LONG_TITLE = `${"An Extremely Long Title That Goes On ".repeat(8)}The End`.slice(0, 300);

const lend = (owner: Member, bookId: string, borrowerId: string) =>
  api(`/books/${bookId}`, owner, { method: "PUT", json: { status: "borrowed", lentToUserId: borrowerId } });
const takeBack = (owner: Member, bookId: string) => api(`/books/${bookId}`, owner, { method: "PUT", json: { status: "available" } });

async function manualLoanOf(bookId: string) {
  const [loan] = await db.select().from(loans).where(eq(loans.bookId, bookId));
  return loan!;
}

describe("the manual 'Lent' edit used against a member", () => {
  it("replays the attack loop: the edits are rate-limited (429) and the victim's bell and inbox get one notice of each kind", async () => {
    await startOfRateLimitWindow();
    const [attacker, victim] = await Promise.all([signedInMember({ name: "Mallory" }), signedInMember({ name: "Victor Victim" })]);
    const book = await createBook(attacker.user.id, { title: LONG_TITLE, author: "Someone" });

    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await lend(attacker, book.id, victim.user.id)).status);
      statuses.push((await takeBack(attacker, book.id)).status);
    }
    // LOAN_LIMITER: 30 writes a minute per member, the bucket every loan step shares.
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    // Then every lend is refused; taking back a book that is no longer lent tells nobody, so it is not limited.
    expect(statuses.slice(30)).toEqual([429, 200, 429, 200, 429, 200, 429, 200, 429, 200]);
    const refused = await lend(attacker, book.id, victim.user.id);
    expect(refused).toMatchObject({ status: 429, body: { success: false, error: "You're doing that too quickly. Please wait a moment." } });
    // The refused edit changed nothing: the book is as the last allowed edit left it.
    const [stored] = await db.select().from(books).where(eq(books.id, book.id));
    expect(stored).toMatchObject({ status: "available", lentToUserId: null });

    // Fifteen loans came and went, but the victim was told once that it was handed over and once that it came back.
    const bell = await db.select().from(notifications).where(eq(notifications.userId, victim.user.id));
    expect(bell.map((item) => item.type).sort()).toEqual(["loan_lent", "loan_returned"]);
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, victim.user.id));
    expect(mail).toHaveLength(2);
    for (const email of mail) {
      // The 300-character title is cut in the subject, which stays one sane line.
      expect(email.subject.length).toBeLessThanOrEqual(SUBJECT_MAX);
      expect(email.subject).toContain("…");
      expect(email.subject).not.toContain(LONG_TITLE);
    }
    expect(bell.find((item) => item.type === "loan_lent")!.title).toMatch(/^Mallory handed you "An Extremely Long Title .{20,80}…"$/);
  });

  it("counts the /books/:id/edit form against the same limit", async () => {
    await startOfRateLimitWindow();
    const [attacker, victim] = await Promise.all([signedInMember({ name: "Mallory" }), signedInMember()]);
    const book = await createBook(attacker.user.id, { title: "Form Toggle", author: "Someone" });
    const fields = (status: string) => ({ title: "Form Toggle", author: "Someone", description: "", status, lentToUserId: victim.user.id });
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      statuses.push((await postForm(`/books/${book.id}/edit`, fields("borrowed"), attacker.cookie)).status);
      statuses.push((await postForm(`/books/${book.id}/edit`, fields("available"), attacker.cookie)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 302]);
    // An edit that tells nobody anything is never limited.
    const plain = await api(`/books/${book.id}`, attacker, { method: "PUT", json: { description: "Still editable" } });
    expect(plain.status).toBe(200);
  });

  it("refuses to name as borrower a member who blocked the owner, or whom the owner blocked", async () => {
    const [owner, blocker, blocked] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    await db.insert(blocks).values([
      { blockerId: blocker.user.id, blockedId: owner.user.id },
      { blockerId: owner.user.id, blockedId: blocked.user.id },
    ]);
    const book = await createBook(owner.user.id, { title: "Unwelcome" });
    for (const member of [blocker, blocked]) {
      expect(await lend(owner, book.id, member.user.id)).toMatchObject({ status: 403, body: { error: "You can't lend a book to this member." } });
    }
    expect(await db.select().from(loans).where(eq(loans.bookId, book.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, blocker.user.id))).toEqual([]);
  });
});

describe('"I don\'t have this book"', () => {
  it("ends a loan the owner recorded on the member at once: the book is available, the owner is told, the waitlist moves", async () => {
    const scene = await lendingScene({ title: "Never Had It" });
    expect((await lend(scene.owner, scene.book.id, scene.borrower.user.id)).status).toBe(200);
    const loan = await manualLoanOf(scene.book.id);
    await api(`/books/${scene.book.id}/waitlist`, scene.stranger, { method: "POST" });

    // Only the named member can say so; to anyone else the loan does not exist.
    expect(await loanStep(loan.id, "disown", scene.owner)).toMatchObject({
      status: 403,
      body: { error: "Only the member the book is lent to can say they don't have it." },
    });
    expect((await loanStep(loan.id, "disown", scene.stranger)).status).toBe(404);

    const ended = await stepOk(loan.id, "disown", scene.borrower);
    expect(ended).toMatchObject({ state: "cancelled", role: "borrower" });
    expect((await eventsOf(loan.id)).map((event) => [event.action, event.actorId])).toEqual([
      ["lent", scene.owner.user.id],
      ["disowned", scene.borrower.user.id],
    ]);
    const [book] = await db.select().from(books).where(eq(books.id, scene.book.id));
    expect(book).toMatchObject({ status: "available", lentToUserId: null, lentToUserName: null });
    const ownerBell = await db.select().from(notifications).where(eq(notifications.userId, scene.owner.user.id));
    expect(ownerBell).toEqual([
      expect.objectContaining({ type: "loan_disowned", title: `Bea Borrower says they don't have "Never Had It"`, link: "/loans?tab=history" }),
    ]);
    const strangerBell = await db.select().from(notifications).where(eq(notifications.userId, scene.stranger.user.id));
    expect(strangerBell.map((item) => item.type)).toEqual(["waitlist_offer"]);

    // Said once: the loan has ended.
    expect(await loanStep(loan.id, "disown", scene.borrower)).toMatchObject({ status: 409, body: { error: "This loan can't be ended now." } });
  });

  it("is not for a loan the member asked for: the owner ends that one", async () => {
    const scene = await lendingScene();
    const asked = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(asked.loanId, "accept", scene.owner, {});
    await stepOk(asked.loanId, "lent", scene.owner);
    expect(await loanStep(asked.loanId, "disown", scene.borrower)).toMatchObject({
      status: 409,
      body: { error: "You asked for this loan, so only its owner can end it. Message them if you don't have the book." },
    });
    expect((await loanRow(asked.loanId)).state).toBe("lent");
  });

  it("is a button on the member's Borrowed row, for a loan they never asked for only", async () => {
    const scene = await lendingScene({ title: "Surprise Loan" });
    await lend(scene.owner, scene.book.id, scene.borrower.user.id);
    const loan = await manualLoanOf(scene.book.id);
    const listed = await api<{ items: LoanView[] }>("/loans?tab=borrowed", scene.borrower);
    expect(listed.body.data!.items).toEqual([expect.objectContaining({ loanId: loan.id, borrowerTookPart: false })]);

    const borrowed = (await page("/loans?tab=borrowed", scene.borrower.cookie)).html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
    expect(borrowed).toContain("Olive Owner recorded this loan. If you don't have the book, say so and it ends.");
    expect(borrowed).toMatch(/<button type="submit"[^>]*>I don't have this book<\/button>/);
    expect(borrowed).toContain('name="intent" value="disown"');

    const answered = await postForm("/loans?tab=borrowed", { intent: "disown", loanId: loan.id }, scene.borrower.cookie);
    expect(answered.status).toBe(200);
    expect((await loanRow(loan.id)).state).toBe("cancelled");

    // A loan the member asked for has no such button.
    const other = await createBook(scene.owner.user.id, { title: "Asked For" });
    const asked = await requestLoanAs(scene.borrower, other.id);
    await stepOk(asked.loanId, "accept", scene.owner, {});
    await stepOk(asked.loanId, "lent", scene.owner);
    const again = (await page("/loans?tab=borrowed", scene.borrower.cookie)).html.replaceAll("&#x27;", "'");
    expect(again).not.toContain("I don't have this book");
  });
});

describe("deleting the account of a member someone lent a book to by hand", () => {
  it("is not blocked by a loan they never took part in, which ends with the account", async () => {
    const [attacker, victim] = await Promise.all([signedInMember({ name: "Mallory" }), signedInMember({ name: "Victor Victim" })]);
    const book = await createBook(attacker.user.id, { title: "Planted" });
    expect((await lend(attacker, book.id, victim.user.id)).status).toBe(200);
    // Even with a due date the owner set afterwards, the victim never answered it.
    const loan = await manualLoanOf(book.id);
    await stepOk(loan.id, "due-date", attacker, { dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) });

    const deleted = await deleteAccountByApi(victim.cookie);
    expect(deleted.status, JSON.stringify(await json<Envelope>(deleted.clone()))).toBe(200);
    expect((await loanRow(loan.id)).state).toBe("cancelled");
    expect((await eventsOf(loan.id)).at(-1)).toMatchObject({ action: "disowned", actorId: victim.user.id });
    const [after] = await db.select().from(books).where(eq(books.id, book.id));
    expect(after).toMatchObject({ status: "available", lentToUserId: null, lentToUserName: null });
  });

  it("is still blocked by a loan they asked for and hold", async () => {
    const scene = await lendingScene({ title: "Really Borrowed" });
    const asked = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(asked.loanId, "accept", scene.owner, {});
    await stepOk(asked.loanId, "lent", scene.owner);
    const refused = await deleteAccountByApi(scene.borrower.cookie);
    expect(refused.status).toBe(409);
    expect((await json<Envelope>(refused)).error).toContain('"Really Borrowed"');
  });
});
