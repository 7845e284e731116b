import { memberships } from "@worker/db/schema";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { connect, type Item, type RoomPage, roomCall, roomJson } from "../club-room/support";
import { addMember, createClub } from "../clubs/support";
import { commentsOf, postComment } from "../comments/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { type Member, moderator, post, report } from "./support";

// Issue 34, item 9: a suspended member's comments and room messages leave with their books, and
// come back with them when the suspension is lifted (what a moderator hid stays hidden).

let mod: Member;
beforeAll(async () => {
  mod = await moderator();
});

const roomOf = async (clubId: string, reader: Member) => {
  const answer = await roomJson<RoomPage>("GET", `/${clubId}/room/messages`, reader);
  expect(answer.status).toBe(200);
  return answer.body.data!;
};

describe("a suspended member's comments and room messages", () => {
  it("are hidden from everyone while the suspension lasts, and come back when it is lifted", async () => {
    const [owner, reader, troll] = [
      await signedInMember({ name: "Olive Owner" }),
      await signedInMember({ name: "Rita Reader" }),
      await signedInMember({ name: "Tom Troll" }),
    ];
    const book = await createBook(owner.user.id, { title: "Middlemarch" });
    expect((await postComment(book.id, reader, "Lovely book")).status).toBe(201);
    const trollComment = await postComment(book.id, troll, "Spam spam spam");
    expect(trollComment.status).toBe(201);

    // A club where the troll is an admin (an announcement), and one they wrote in and then left.
    const club = await createClub(owner.user.id, { isPrivate: true, name: "Night Readers" });
    const leftClub = await createClub(owner.user.id, { isPrivate: true, name: "Day Readers" });
    await addMember(club.id, reader.user.id);
    await addMember(club.id, troll.user.id, "active", "admin");
    await addMember(leftClub.id, reader.user.id);
    await addMember(leftClub.id, troll.user.id);
    const said = await roomJson<Item>("POST", `/${club.id}/room/messages`, troll, { content: "Buy my pills" });
    const pinned = await roomJson<Item>("POST", `/${club.id}/room/announcements`, troll, { content: "Pills on sale" });
    const moderated = await roomJson<Item>("POST", `/${club.id}/room/messages`, troll, { content: "Rude words" });
    await roomJson("POST", `/${club.id}/room/messages`, reader, { content: "Hello all" });
    await roomJson("POST", `/${leftClub.id}/room/messages`, troll, { content: "Bye, pills" });
    await db.delete(memberships).where(and(eq(memberships.clubId, leftClub.id), eq(memberships.userId, troll.user.id)));
    expect((await roomCall("POST", `/${club.id}/room/messages/${moderated.body.data!.messageId}/hide`, mod)).status).toBe(200);
    expect((await roomOf(club.id, reader)).items.map((m) => m.content)).toEqual(["Hello all", "Pills on sale", "Buy my pills"]);

    const live = await connect(club.id, reader);
    await live.next();
    expect((await post(`/api/moderation/members/${troll.user.id}/suspend`, mod)).status).toBe(200);
    // An open room drops them at once, as it does a message a moderator hid.
    const soon = () => Promise.race([live.next(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
    const gone = [await soon(), await soon()];
    expect(gone).toEqual(
      expect.arrayContaining([
        { type: "hidden", messageId: said.body.data!.messageId },
        { type: "hidden", messageId: pinned.body.data!.messageId },
      ]),
    );
    live.socket?.close();

    const during = await roomOf(club.id, reader);
    expect(during.items.map((m) => m.content)).toEqual(["Hello all"]);
    expect(during.pinned).toEqual([]);
    expect((await roomOf(leftClub.id, reader)).items).toEqual([]);
    expect((await commentsOf(book.id, reader)).body.data!.items.map((c) => c.body)).toEqual(["Lovely book"]);
    expect((await commentsOf(book.id, null)).body.data!.items.map((c) => c.body)).toEqual(["Lovely book"]);
    // What nobody is shown cannot be reported either.
    expect((await report(reader, { subject: "comment", commentId: trollComment.body.data!.commentId })).status).toBe(404);
    expect((await report(reader, { subject: "club_message", clubId: club.id, messageId: said.body.data!.messageId })).status).toBe(404);

    expect((await post(`/api/moderation/members/${troll.user.id}/unsuspend`, mod)).status).toBe(200);
    const after = await roomOf(club.id, reader);
    expect(after.items.map((m) => m.content)).toEqual(["Hello all", "Pills on sale", "Buy my pills"]);
    expect(after.pinned.map((m) => m.content)).toEqual(["Pills on sale"]);
    expect((await roomOf(leftClub.id, reader)).items.map((m) => m.content)).toEqual(["Bye, pills"]);
    expect((await commentsOf(book.id, reader)).body.data!.items.map((c) => c.body)).toEqual(["Spam spam spam", "Lovely book"]);
  });
});
