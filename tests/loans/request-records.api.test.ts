import { addDays, dayIn } from "@worker/core/shared/calendar";
import { formatMonth } from "@worker/core/shared/date-format";
import { emailOutbox, follows, loanRecords, loans, notifications } from "@worker/db/schema";
import type { LoanView } from "@worker/features/loans";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { MessagePage } from "../../durable-objects/conversation-room";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import type { Member } from "./support";

const since = (member: Member, locale = "en-GB") => formatMonth(member.user.createdAt, { locale, timeZone: "UTC" });

async function chatLines(conversationId: string, reader: Member) {
  const page = await api<MessagePage>(`/dm/conversations/${conversationId}/messages`, reader);
  return page.body.data!.items.map((message) => message.content).reverse();
}

/** The owner's request e-mail (its text part) and bell body, once the request's notice has been delivered (after the answer). */
async function toldOwner(owner: Member) {
  return vi.waitFor(async () => {
    const told = await readTold(owner);
    if (!told.mail || !told.bell) throw new Error("not told yet");
    return told;
  });
}

async function readTold(owner: Member) {
  const [mail] = await db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.userId, owner.user.id));
  const [bell] = await db
    .select({ body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, owner.user.id), eq(notifications.type, "loan_requested")));
  return { mail: mail?.text ?? "", bell: bell?.body ?? "" };
}

describe("the borrower's record in the request's chat line and e-mail", () => {
  it("a new member's says 'New member, no loans yet' (POST /api/loans)", async () => {
    const owner = await signedInMember({ name: "Odile Owner" });
    const borrower = await signedInMember({ name: "Nico New" });
    const book = await createBook(owner.user.id, { title: "First Ask" });
    const asked = await api<{ loan: LoanView }>("/loans", borrower, { method: "POST", json: { bookId: book.id } });
    expect(asked.status).toBe(201);

    const [line] = await chatLines(asked.body.data!.loan.conversationId!, owner);
    expect(line).toBe(`📚 Asked to borrow "First Ask".\nNew member, no loans yet · Member since ${since(borrower)}`);
    const { mail, bell } = await toldOwner(owner);
    expect(mail).toContain('Nico New asked to borrow "First Ask"');
    expect(mail).toContain(`Track record: New member, no loans yet · Member since ${since(borrower)}`);
    expect(bell).toBe(`Track record: New member, no loans yet · Member since ${since(borrower)}`);
  });

  it("a seasoned borrower's: figures both may read in the chat, the owner's full view (follows too) in the owner's e-mail and language (the borrow press)", async () => {
    const owner = await signedInMember({ name: "Flora Fournier", language: "fr" });
    const borrower = await signedInMember({ name: "Sam Seasoned" });
    const elsewhere = await signedInMember();
    await db.insert(loanRecords).values({ userId: borrower.user.id, borrowedReturned: 10, returnedOnTime: 9, returnedLate: 1 });
    // One book held now from someone else, past its due day.
    const held = await createBook(elsewhere.user.id, { title: "Held Elsewhere" });
    await db.insert(loans).values({
      id: crypto.randomUUID(),
      bookId: held.id,
      ownerId: elsewhere.user.id,
      borrowerId: borrower.user.id,
      state: "lent",
      dueDate: addDays(dayIn("UTC"), -3),
      updatedAt: Date.now(),
    });
    // The lent loan's triggers may count; the record says what the ledger now holds.
    await db.update(loanRecords).set({ borrowedReturned: 10, returnedOnTime: 9, returnedLate: 1 }).where(eq(loanRecords.userId, borrower.user.id));
    const club = await createClub(owner.user.id, { name: "Chapter Club" });
    await addMember(club.id, borrower.user.id);
    await db.insert(follows).values({ followerId: owner.user.id, followeeId: borrower.user.id });
    const book = await createBook(owner.user.id, { title: "Second Ask" });

    const pressed = await api<{ conversationId: string }>("/loans/borrow", borrower, { method: "POST", json: { bookId: book.id } });
    expect(pressed.status).toBe(200);
    const lines = await chatLines(pressed.body.data!.conversationId, borrower);
    expect(lines[0]).toBe(
      `📚 Asked to borrow "Second Ask".\n10 loans completed · 9 of 10 on time · 1 book borrowed now · 1 overdue now · Member since ${since(borrower)} · Clubs you share: Chapter Club`,
    );
    // The owner's e-mail is written in French, with who follows whom.
    const { mail, bell } = await toldOwner(owner);
    expect(bell).toMatch(/^Historique : /);
    expect(mail).toContain(bell);
    expect(bell).toContain(since(borrower, "fr-FR"));
    expect(bell).toContain("Chapter Club");
    expect(bell.split(" · ")).toHaveLength(7);
  });
});
