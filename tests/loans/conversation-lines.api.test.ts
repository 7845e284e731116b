import { addDays, dayIn } from "@worker/core/shared/calendar";
import { notifications } from "@worker/db/schema";
import { longDay } from "@worker/features/loans/loan-steps";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MessagePage } from "../../durable-objects/conversation-room";
import { db } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { lendingScene, requestLoanAs, stepOk } from "./support";

describe("every step tells both sides", () => {
  it("posts each step as a line in the pair's conversation, from the member who took it", async () => {
    const scene = await lendingScene({ title: "Middlemarch" });
    const requested = await requestLoanAs(scene.borrower, scene.book.id);
    const dueDate = addDays(dayIn("UTC"), 10);
    const accepted = await stepOk(requested.loanId, "accept", scene.owner, { dueDate });
    expect(accepted.conversationId).toEqual(expect.any(String));

    const page = await api<MessagePage>(`/dm/conversations/${accepted.conversationId}/messages`, scene.borrower);
    expect(page.status).toBe(200);
    expect(page.body.data!.items.map((message) => [message.fromUserId, message.content]).reverse()).toEqual([
      // Under the request, the borrower's record (tests/loans/request-records.api.test.ts).
      [scene.borrower.user.id, expect.stringMatching(/^📚 Asked to borrow "Middlemarch"\.\nNew member, no loans yet · Member since /)],
      [scene.owner.user.id, `✅ Accepted — "Middlemarch" is due back on ${longDay(dueDate)}.`],
    ]);

    await stepOk(requested.loanId, "lent", scene.owner);
    await stepOk(requested.loanId, "due-date", scene.owner, { dueDate: addDays(dueDate, 7) });
    await stepOk(requested.loanId, "renewal", scene.borrower);
    await stepOk(requested.loanId, "returned", scene.owner);
    const all = await api<MessagePage>(`/dm/conversations/${accepted.conversationId}/messages`, scene.owner);
    expect(all.body.data!.items.map((message) => message.content).reverse()).toEqual([
      expect.stringMatching(/^📚 Asked to borrow "Middlemarch"\.\n/),
      `✅ Accepted — "Middlemarch" is due back on ${longDay(dueDate)}.`,
      `Handed over "Middlemarch". Due back ${longDay(dueDate)}.`,
      `Changed the due date of "Middlemarch" to ${longDay(addDays(dueDate, 7))}.`,
      'Asked to keep "Middlemarch" a little longer.',
      '"Middlemarch" was returned. Thanks!',
    ]);
  });

  it("notifies the other side of each step, once per step", async () => {
    const scene = await lendingScene({ title: "Persuasion" });
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loanId, "decline", scene.owner);
    const ownerBell = await db
      .select({ type: notifications.type, title: notifications.title, link: notifications.link, key: notifications.dedupeKey })
      .from(notifications)
      .where(eq(notifications.userId, scene.owner.user.id));
    expect(ownerBell).toEqual([
      {
        type: "loan_requested",
        title: 'Bea Borrower asked to borrow "Persuasion"',
        link: "/loans?tab=requests",
        key: expect.stringMatching(`^loan:${loanId}:requested:\\d+$`),
      },
    ]);
    const borrowerBell = await db
      .select({ type: notifications.type, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.userId, scene.borrower.user.id), eq(notifications.type, "loan_declined")));
    expect(borrowerBell).toEqual([{ type: "loan_declined", actorId: scene.owner.user.id }]);
  });

  it("posts nothing into the chat of members who blocked each other, but the step still counts", async () => {
    const scene = await lendingScene();
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await api(`/dm/blocks/${scene.borrower.user.id}`, scene.owner, { method: "PUT" });
    const declined = await stepOk(loanId, "decline", scene.owner);
    expect(declined.state).toBe("declined");
    const page = await api<MessagePage>(`/dm/conversations/${declined.conversationId}/messages`, scene.owner);
    expect(page.body.data!.items.map((message) => message.content)).toEqual([expect.stringMatching(/^📚 Asked to borrow "The Hobbit"\.\n/)]);
  });
});
