import { blocks } from "@worker/db/schema";
import { describe, expect, it, vi } from "vitest";
import { addMember, clubApi, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { requestLoanAs, stepOk } from "../loans/support";
import { bellOf, outboxOf } from "./support";

/** A member who blocked another hears nothing from them, from any producer. */
describe("a member who blocked another gets no notification or e-mail from them", () => {
  it("from club events: the admin who blocked a member is not told of their join request, the other admin is", async () => {
    const [admin, otherAdmin, pest] = await Promise.all([signedInMember(), signedInMember(), signedInMember({ name: "Pest" })]);
    const club = await createClub(admin.user.id, { name: "Quiet Club", isPrivate: true });
    await addMember(club.id, otherAdmin.user.id, "active", "admin");
    await db.insert(blocks).values({ blockerId: admin.user.id, blockedId: pest.user.id });
    expect((await clubApi("POST", `/${club.id}/request`, pest)).status).toBe(200);
    expect(await bellOf(admin.user.id)).toEqual([]);
    expect(await outboxOf(admin.user.id)).toEqual([]);
    expect((await bellOf(otherAdmin.user.id)).map((item) => item.type)).toEqual(["club_join_request"]);
  });

  it("from loan steps and waitlist offers: members who blocked the owner meanwhile hear nothing more from them", async () => {
    const [owner, borrower, waiter] = await Promise.all([signedInMember({ name: "Owen" }), signedInMember(), signedInMember()]);
    const book = await createBook(owner.user.id, { title: "Blocked Midway" });
    const asked = await requestLoanAs(borrower, book.id);
    await stepOk(asked.loanId, "accept", owner, {});
    expect((await api(`/books/${book.id}/waitlist`, waiter, { method: "POST" })).status).toBe(201);
    await db.insert(blocks).values([
      { blockerId: borrower.user.id, blockedId: owner.user.id },
      { blockerId: waiter.user.id, blockedId: owner.user.id },
    ]);
    await stepOk(asked.loanId, "cancel", owner);
    // The borrower heard of the accept, before the block, and of nothing after.
    expect((await bellOf(borrower.user.id)).map((item) => item.type)).toEqual(["loan_accepted"]);
    expect(await outboxOf(borrower.user.id)).toHaveLength(1);
    // The cancel freed the book for the waitlist, whose offer names the owner as its sender too.
    expect(await bellOf(waiter.user.id)).toEqual([]);
    expect(await outboxOf(waiter.user.id)).toEqual([]);
  });

  it("from messages: blocking drops the e-mail still gathering the blocked member's messages", async () => {
    const [reader, pest, friend] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const write = async (from: typeof reader, to: typeof reader, content: string) => {
      const opened = await call("/api/dm/conversations", {
        method: "POST",
        headers: { Authorization: `Bearer ${from.token}` },
        json: { toUserId: to.user.id },
      });
      const { data } = (await opened.json()) as { data: { conversationId: string } };
      const sent = await call(`/api/dm/conversations/${data.conversationId}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${from.token}` },
        json: { content },
      });
      expect(sent.status).toBe(201);
    };
    await write(pest, reader, "Answer me!");
    await write(friend, reader, "Book club on Friday?");
    // Both wait in their ten-minute batches (each is queued after its message's response).
    await vi.waitFor(async () => expect(await outboxOf(reader.user.id)).toHaveLength(2));

    const blocked = await call(`/api/dm/blocks/${pest.user.id}`, { method: "PUT", headers: { Authorization: `Bearer ${reader.token}` } });
    expect(blocked.status).toBe(200);
    const left = await outboxOf(reader.user.id);
    expect(left.map((mail) => mail.text)).toEqual([expect.stringContaining("Book club on Friday?")]);
  });
});
