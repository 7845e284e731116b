import { addDays, dayIn } from "@worker/core/shared/calendar";
import { type LoanState, loanEvents, loans, users } from "@worker/db/schema";
import type { LoanView } from "@worker/features/loans";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";

export type Member = Awaited<ReturnType<typeof signedInMember>>;

/** POST /api/loans/{id}/{step} (or the PUT for a due date), answered with the loan. */
export function loanStep(loanId: string, step: string, member: Member | null, body?: unknown) {
  const method = step === "due-date" ? "PUT" : "POST";
  return api<{ loan: LoanView }>(`/loans/${loanId}/${step}`, member, { method, json: body });
}

/** An owner, a borrower and a stranger, and a book of the owner's. */
export async function lendingScene(options: { title?: string; borrowerTimezone?: "UTC" | "America/New_York" | "Asia/Tokyo" } = {}) {
  const [owner, borrower, stranger] = await Promise.all([
    signedInMember({ name: "Olive Owner" }),
    signedInMember({ name: "Bea Borrower", timezone: options.borrowerTimezone ?? "UTC" }),
    signedInMember({ name: "Stan Stranger" }),
  ]);
  const book = await createBook(owner.user.id, { title: options.title ?? "The Hobbit", author: "J. R. R. Tolkien" });
  return { owner, borrower, stranger, book };
}

export async function requestLoanAs(borrower: Member, bookId: string): Promise<LoanView> {
  const answer = await api<{ loan: LoanView }>("/loans", borrower, { method: "POST", json: { bookId } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data!.loan;
}

export async function stepOk(loanId: string, step: string, member: Member, body?: unknown): Promise<LoanView> {
  const answer = await loanStep(loanId, step, member, body);
  expect(answer.status, `${step}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data!.loan;
}

/** A loan put straight into `state` (the state-machine table starts every step from each state). */
export async function loanInState(scene: { owner: Member; borrower: Member; book: { id: string } }, state: LoanState) {
  const id = crypto.randomUUID();
  const dueDate = state === "requested" ? null : addDays(dayIn("UTC"), 14);
  await db.insert(loans).values({
    id,
    bookId: scene.book.id,
    ownerId: scene.owner.user.id,
    borrowerId: scene.borrower.user.id,
    state,
    dueDate,
    updatedAt: Date.now(),
  });
  return id;
}

export async function loanRow(loanId: string) {
  const [row] = await db.select().from(loans).where(eq(loans.id, loanId));
  return row!;
}

export async function eventsOf(loanId: string) {
  return db.select().from(loanEvents).where(eq(loanEvents.loanId, loanId)).orderBy(asc(loanEvents.id));
}

export async function holdingLoans(bookId: string) {
  const rows = await db.select({ id: loans.id, state: loans.state }).from(loans).where(eq(loans.bookId, bookId));
  return rows.filter((row) => row.state === "accepted" || row.state === "lent");
}

export async function setTimezone(member: Member, timezone: "UTC" | "America/New_York" | "Asia/Tokyo") {
  await db.update(users).set({ timezone }).where(eq(users.id, member.user.id));
}
