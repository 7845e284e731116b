import { describe, expect, it } from "vitest";
import { blocks } from "../../worker/db/schema";
import { addMember, clubApi, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, requestLoanAs, stepOk } from "../loans/support";
import { bellOf, outboxOf } from "./support";

/** Issue 21, part 1, item 1: a member who blocked another hears nothing from them, from any producer. */
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
});
