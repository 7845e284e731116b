import { env } from "cloudflare:workers";
import { loans, notificationPreferences, notifications } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { createBook, createMember, db } from "../helpers/fixtures";

/** An owner, a borrower (in `timezone`) and a loan of the owner's book in `state`, written straight to D1. */
export async function lentLoan(options: { dueDate: string | null; timezone?: "UTC" | "America/New_York" | "Asia/Tokyo"; state?: "lent" | "accepted" }) {
  const owner = await createMember({ name: "Olive Owner" });
  const borrower = await createMember({ name: "Ben Borrower", timezone: options.timezone ?? "UTC" });
  const book = await createBook(owner.id, { title: "The Hobbit", status: "borrowed", lentToUserId: borrower.id, lentToUserName: borrower.name });
  const [loan] = await db
    .insert(loans)
    .values({
      id: crypto.randomUUID(),
      bookId: book.id,
      ownerId: owner.id,
      borrowerId: borrower.id,
      state: options.state ?? "lent",
      dueDate: options.dueDate,
      updatedAt: Date.now(),
    })
    .returning();
  return { owner, borrower, book, loan: loan! };
}

export function notificationsOf(userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId));
}

export async function setPreference(userId: string, prefs: Record<string, boolean>, emailOptIn = true) {
  await db.insert(notificationPreferences).values({ userId, prefs, emailOptIn, updatedAt: Date.now() });
}

export function jobTimerStub(job: string) {
  return env.JOB_TIMER.get(env.JOB_TIMER.idFromName(job));
}
