import { describe, expect, it, vi } from "vitest";
import { createBook, signedInMember } from "../helpers/fixtures";
import { bellOf, outboxOf } from "../notifications/support";
import { postComment } from "./support";

describe("comment e-mails to the book's owner", () => {
  it("several comments within the window make one e-mail to the owner, counting them and quoting the latest", async () => {
    const owner = await signedInMember({ name: "Olga Owner" });
    const [cara, dev] = [await signedInMember({ name: "Cara Commenter" }), await signedInMember({ name: "Dev Commenter" })];
    const book = await createBook(owner.user.id, { title: "Persuasion" });
    for (const [who, body] of [
      [cara, "Loved it"],
      [dev, "Chapter 3!"],
      [cara, "Lend it to me?"],
      [dev, "Me next"],
    ] as const) {
      expect((await postComment(book.id, who, body)).status).toBe(201);
      // The owner is told after the answer: wait for each, so they are counted in order.
      await vi.waitFor(async () => expect((await bellOf(owner.user.id))[0]?.body).toBe(body));
    }
    const mail = await vi.waitFor(async () => {
      const rows = await outboxOf(owner.user.id);
      expect(rows.map((row) => row.count)).toEqual([4]);
      return rows;
    });
    expect(mail[0]).toMatchObject({ preference: "comment_on_your_book", subject: "4 new comments on your book" });
    expect(mail[0]!.text).toContain('Latest: Dev Commenter commented on "Persuasion"');
    expect(mail[0]!.text).toContain("Me next");
    // It waits for the window's later comments, as a conversation's messages do.
    expect(mail[0]!.sendAfter).toBeGreaterThan(Date.now() + 5 * 60_000);
  });
});
