import { bookComments } from "@worker/db/schema";
import { eq, inArray, or } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { commentsOf, postComment } from "./support";

describe("A member's comments and their account", () => {
  it("puts the comments they wrote, not others', in 'Download all my data' (comments.json)", async () => {
    const member = await signedInMember({ name: "Zip Commenter" });
    const friend = await signedInMember();
    const theirs = await createBook(friend.user.id, { title: "Friend's Book" });
    const mine = await createBook(member.user.id, { title: "My Book" });
    expect((await postComment(theirs.id, member, "Lovely copy")).status).toBe(201);
    expect((await postComment(mine.id, friend, "Someone else's words")).status).toBe(201);

    const response = await call("/api/users/me/data", { cookie: member.cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const comments = JSON.parse(strFromU8(files["comments.json"]!)) as { bookId: string; bookTitle: string; body: string }[];
    expect(comments).toEqual([expect.objectContaining({ bookId: theirs.id, bookTitle: "Friend's Book", body: "Lovely copy" })]);
    const readme = JSON.parse(strFromU8(files["README.json"]!)) as { files: string[] };
    expect(readme.files).toContain("comments.json");
  });

  it("removes on account deletion the comments they wrote, and (by cascade with their books) those under their books", async () => {
    const leaving = await signedInMember({ name: "Leaving Reader" });
    const staying = await signedInMember({ name: "Staying Reader" });
    const theirBook = await createBook(staying.user.id);
    const ownBook = await createBook(leaving.user.id);
    const written = await postComment(theirBook.id, leaving, "I was here");
    const under = await postComment(ownBook.id, staying, "Nice book you have");
    await postComment(theirBook.id, staying, "My own note stays");
    const ids = [written.body.data!.commentId, under.body.data!.commentId];
    expect(await db.select().from(bookComments).where(inArray(bookComments.id, ids))).toHaveLength(2);

    expect((await deleteAccountByApi(leaving.cookie)).status).toBe(200);
    expect(
      await db
        .select()
        .from(bookComments)
        .where(or(inArray(bookComments.id, ids), eq(bookComments.authorId, leaving.user.id))),
    ).toEqual([]);
    expect((await commentsOf(theirBook.id, staying)).body.data!.items.map((comment) => comment.body)).toEqual(["My own note stays"]);
  });
});
