import { env } from "cloudflare:workers";
import { COMMENT_REQUIRED, COMMENT_TOO_LONG } from "@worker/core/shared/comments";
import type { Database } from "@worker/db/client";
import { bookComments, notificationPreferences, reports } from "@worker/db/schema";
import { listBookComments } from "@worker/features/comments";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { moderator, reportRow } from "../moderation/support";
import { bellOf, outboxOf } from "../notifications/support";
import { block, commentsOf, deleteCommentByApi, postComment } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

let owner: Member;
let reader: Member;
let stranger: Member;
let mod: Member;

beforeAll(async () => {
  [owner, reader, stranger, mod] = await Promise.all([
    signedInMember({ name: "Olive Owner" }),
    signedInMember({ name: "Rae Reader" }),
    signedInMember({ name: "Stan Stranger" }),
    moderator(),
  ]);
});

/** Inserts comments straight into the table, oldest first, one millisecond apart from `start`. */
async function seedComments(bookId: string, authorId: string, bodies: string[], start = Date.now() - 60_000) {
  const rows = bodies.map((body, index) => ({ id: crypto.randomUUID(), bookId, authorId, body, createdAt: start + index }));
  for (let i = 0; i < rows.length; i += 10) await db.insert(bookComments).values(rows.slice(i, i + 10));
  return rows;
}

/** The owner's bell and e-mail are written after the answer (waitUntil): wait for them a little. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 40 && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe("Reading a book's comments", () => {
  it("lets a visitor read the comments of a book they may see, newest first, with no way to delete", async () => {
    const book = await createBook(owner.user.id);
    await seedComments(book.id, reader.user.id, ["First!", "Second, with a link https://example.org/page."]);
    const { status, body } = await commentsOf(book.id, null);
    expect(status).toBe(200);
    expect(body.data!.items.map((comment) => comment.body)).toEqual(["Second, with a link https://example.org/page.", "First!"]);
    expect(body.data!.items[0]).toMatchObject({ author: { id: reader.user.id, name: "Rae Reader", picture: null }, canDelete: false });
    expect(body.data!.nextToken).toBeNull();
  });

  it("answers 404 for an unknown book, and for a hidden one to everyone but its owner", async () => {
    expect((await commentsOf("no-such-book", null)).status).toBe(404);
    const hidden = await createBook(owner.user.id, { hidden: "moderation" });
    await seedComments(hidden.id, reader.user.id, ["Under a hidden book"]);
    expect((await commentsOf(hidden.id, null)).status).toBe(404);
    expect((await commentsOf(hidden.id, stranger)).body).toMatchObject({ success: false, error: "Book not found" });
    expect((await postComment(hidden.id, stranger, "Hello")).status).toBe(404);
    const ownView = await commentsOf(hidden.id, owner);
    expect(ownView.status).toBe(200);
    expect(ownView.body.data!.items).toHaveLength(1);
  });

  it("shows a hidden (moderated) comment to nobody, its author and the book's owner included", async () => {
    const book = await createBook(owner.user.id);
    const [shown, hidden] = await seedComments(book.id, reader.user.id, ["Kind words", "Rude words"]);
    await db.update(bookComments).set({ hiddenAt: Date.now() }).where(eq(bookComments.id, hidden!.id));
    for (const viewer of [null, reader, owner, stranger]) {
      const { body } = await commentsOf(book.id, viewer);
      expect(body.data!.items.map((comment) => comment.commentId)).toEqual([shown!.id]);
    }
  });

  it("pages by (time, id): 20 by default, then the older ones, none twice, even when two share a millisecond", async () => {
    const book = await createBook(owner.user.id);
    const start = Date.now() - 120_000;
    const rows = await seedComments(
      book.id,
      reader.user.id,
      Array.from({ length: 23 }, (_, index) => `Comment ${index}`),
      start,
    );
    // Three more in the very millisecond of comment 10: the id orders them.
    await db
      .insert(bookComments)
      .values(
        ["Tie a", "Tie b", "Tie c"].map((body) => ({ id: crypto.randomUUID(), bookId: book.id, authorId: stranger.user.id, body, createdAt: start + 10 })),
      );

    const first = await commentsOf(book.id, null);
    expect(first.body.data!.items).toHaveLength(20);
    expect(first.body.data!.items[0]!.body).toBe("Comment 22");
    const token = first.body.data!.nextToken!;
    expect(token).toEqual(expect.any(String));
    const second = await commentsOf(book.id, null, `?before=${encodeURIComponent(token)}`);
    expect(second.body.data!.nextToken).toBeNull();
    const all = [...first.body.data!.items, ...second.body.data!.items];
    expect(all).toHaveLength(26);
    expect(new Set(all.map((comment) => comment.commentId)).size).toBe(26);
    const order = all.map((comment) => [comment.createdAt, comment.commentId] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);
    expect(all.at(-1)!.commentId).toBe(rows[0]!.id);

    const small = await commentsOf(book.id, null, "?limit=5");
    expect(small.body.data!.items).toHaveLength(5);
    expect((await commentsOf(book.id, null, "?before=not-a-cursor", true)).status).toBe(400);
    expect((await commentsOf(book.id, null, "?limit=51", true)).status).toBe(400);
  });
});

describe("The comments page's query", () => {
  it("is one indexed read with the authors joined: no table scan, no sort, whoever asks", async () => {
    const book = await createBook(owner.user.id);
    await seedComments(book.id, reader.user.id, ["One", "Two", "Three"]);
    const queries: string[] = [];
    const recording = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            queries.push(sql);
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const logged = drizzle(recording) as unknown as Database;
    const before = { createdAt: Date.now(), id: "zzz" };
    for (const user of [null, reader.user]) {
      queries.length = 0;
      await listBookComments({ db: logged, env, user }, book.id, { limit: 20, before });
      // The book's row and the page, in one batch.
      expect(queries).toHaveLength(2);
      const page = queries.find((sql) => sql.includes('from "book_comments"'))!;
      const placeholders = page.match(/\?/g)?.length ?? 0;
      const plan = await env.DB.prepare(`explain query plan ${page}`)
        .bind(...Array.from({ length: placeholders }, () => "x"))
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(
        details.filter((detail) => /^SCAN|TEMP B-TREE/.test(detail)),
        details.join("\n"),
      ).toEqual([]);
      expect(details.some((detail) => detail.includes("book_comments_book_recent_idx"))).toBe(true);
    }
  });
});

describe("Writing a comment", () => {
  it("refuses a visitor (401)", async () => {
    const book = await createBook(owner.user.id);
    const { status, body } = await postComment(book.id, null, "Hello");
    expect(status).toBe(401);
    expect(body.success).toBe(false);
  });

  it("posts a member's comment, trimmed, first in the list; its author and the book's owner may delete it, others not", async () => {
    const book = await createBook(owner.user.id);
    const { status, body } = await postComment(book.id, reader, "   Loved the ending.  ");
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ bookId: book.id, body: "Loved the ending.", author: { id: reader.user.id, name: "Rae Reader" }, canDelete: true });
    for (const [viewer, canDelete] of [
      [reader, true],
      [owner, true],
      [stranger, false],
    ] as const) {
      const list = await commentsOf(book.id, viewer);
      expect(list.body.data!.items[0]).toMatchObject({ commentId: body.data!.commentId, canDelete });
    }
  });

  it("takes 1 to 500 characters once trimmed, and says plainly what is wrong (400)", async () => {
    const book = await createBook(owner.user.id);
    for (const text of ["", "    ", "\n\u200b\n"]) {
      const { status, body } = await postComment(book.id, reader, text, true);
      expect(status, JSON.stringify(text)).toBe(400);
      expect(body.error).toBe(`body: ${COMMENT_REQUIRED}`);
    }
    const tooLong = await postComment(book.id, reader, "x".repeat(501), true);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe(`body: ${COMMENT_TOO_LONG}`);
    expect((await postComment(book.id, reader, 42, true)).status).toBe(400);
    // Past the documented 500 as sent: the server is kinder than the document, and counts once trimmed.
    const longest = await postComment(book.id, reader, `  ${"y".repeat(500)}  `, true);
    expect(longest.status).toBe(201);
    expect(longest.body.data!.body).toHaveLength(500);
  });

  it("answers 404 for an unknown book", async () => {
    expect(await postComment("no-such-book", reader, "Hello")).toMatchObject({ status: 404, body: { success: false, error: "Book not found" } });
  });

  it("refuses a member the owner blocked, and one who blocked the owner (403)", async () => {
    const [blockedByOwner, blocksOwner] = await Promise.all([signedInMember(), signedInMember()]);
    const book = await createBook(owner.user.id);
    expect((await block(owner, blockedByOwner.user.id)).status).toBe(200);
    expect((await block(blocksOwner, owner.user.id)).status).toBe(200);
    for (const member of [blockedByOwner, blocksOwner]) {
      const { status, body } = await postComment(book.id, member, "Let me in");
      expect(status).toBe(403);
      expect(body.error).toBe("You can't comment on this member's books.");
    }
    expect(await db.select().from(bookComments).where(eq(bookComments.bookId, book.id))).toEqual([]);
  });

  it("does not show a viewer the comments of members they blocked, or who blocked them", async () => {
    const [viewer, blockedByViewer, blocksViewer] = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const book = await createBook(owner.user.id);
    await seedComments(book.id, blockedByViewer.user.id, ["From someone the viewer blocked"]);
    await seedComments(book.id, blocksViewer.user.id, ["From someone who blocked the viewer"]);
    await seedComments(book.id, reader.user.id, ["From a reader"]);
    await block(viewer, blockedByViewer.user.id);
    await block(blocksViewer, viewer.user.id);
    const seen = await commentsOf(book.id, viewer);
    expect(seen.body.data!.items.map((comment) => comment.body)).toEqual(["From a reader"]);
    // Everyone else still sees all three.
    expect((await commentsOf(book.id, stranger)).body.data!.items).toHaveLength(3);
    expect((await commentsOf(book.id, null)).body.data!.items).toHaveLength(3);
  });

  it("rate-limits comments per member (429), not other members", async () => {
    await startOfRateLimitWindow();
    const busy = await signedInMember();
    const book = await createBook(owner.user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postComment(book.id, busy, `Comment ${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    const refused = await postComment(book.id, busy, "One more");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("You're commenting too quickly. Please wait a minute and try again.");
    expect((await postComment(book.id, stranger, "Someone else")).status).toBe(201);
  });
});

describe("Deleting a comment", () => {
  it("lets the author and the book's owner delete; a stranger gets 403, an unknown comment 404, a visitor 401", async () => {
    const book = await createBook(owner.user.id);
    const other = await createBook(owner.user.id);
    const [byAuthor, byOwner] = await seedComments(book.id, reader.user.id, ["The author deletes this", "The owner deletes this"]);

    expect((await deleteCommentByApi(book.id, byAuthor!.id, null)).status).toBe(401);
    const refused = await deleteCommentByApi(book.id, byAuthor!.id, stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Only the comment's author or the book's owner can delete it.");
    expect((await deleteCommentByApi(book.id, "no-such-comment", reader)).status).toBe(404);
    // Under another book's address it is not found either.
    expect((await deleteCommentByApi(other.id, byAuthor!.id, reader)).status).toBe(404);

    const deleted = await deleteCommentByApi(book.id, byAuthor!.id, reader);
    expect(deleted).toMatchObject({ status: 200, body: { data: { commentId: byAuthor!.id, deleted: true } } });
    expect((await deleteCommentByApi(book.id, byOwner!.id, owner)).status).toBe(200);
    expect((await commentsOf(book.id, null)).body.data!.items).toEqual([]);
    expect((await deleteCommentByApi(book.id, byAuthor!.id, reader)).status).toBe(404);
  });
});

describe("Telling the book's owner", () => {
  it("rings the owner's bell once per book and day, counting the comments, and e-mails them in one batch", async () => {
    const bookOwner = await signedInMember({ name: "Bell Owner" });
    const longTitle = `A ${"very ".repeat(30)}long title`;
    const book = await createBook(bookOwner.user.id, { title: longTitle });
    expect((await postComment(book.id, reader, "What a find! ".repeat(20))).status).toBe(201);
    expect((await postComment(book.id, stranger, "Me too")).status).toBe(201);
    const bell = await eventually(
      () => bellOf(bookOwner.user.id),
      (rows) => rows[0]?.count === 2,
    );
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ type: "book_comment", count: 2, actorId: stranger.user.id, link: `/books/${book.id}#comments`, body: "Me too" });
    expect(bell[0]!.title).toMatch(/^Stan Stranger commented on "A very .*…"$/);
    expect(bell[0]!.title.length).toBeLessThan(120);
    const mail = await eventually(
      () => outboxOf(bookOwner.user.id),
      (rows) => rows[0]?.count === 2,
    );
    // One e-mail gathers the window's comments.
    expect(mail.map((row) => [row.preference, row.count])).toEqual([["comment_on_your_book", 2]]);
  });

  it("tells nobody about the owner's own comment", async () => {
    const bookOwner = await signedInMember();
    const book = await createBook(bookOwner.user.id);
    expect((await postComment(book.id, bookOwner, "My own note")).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await bellOf(bookOwner.user.id)).toEqual([]);
  });

  it("follows the owner's 'Comments on your books' preference: off, no bell item and no e-mail", async () => {
    const bookOwner = await signedInMember();
    await db.insert(notificationPreferences).values({ userId: bookOwner.user.id, prefs: { comment_on_your_book: false } });
    const book = await createBook(bookOwner.user.id);
    expect((await postComment(book.id, reader, "Nobody hears this")).status).toBe(201);
    // A comment on another book of a member whose preference is on does arrive: the wait is long enough.
    const control = await signedInMember();
    const controlBook = await createBook(control.user.id);
    await postComment(controlBook.id, reader, "This one is heard");
    await eventually(
      () => bellOf(control.user.id),
      (rows) => rows.length === 1,
    );
    expect(await bellOf(bookOwner.user.id)).toEqual([]);
    expect(await outboxOf(bookOwner.user.id)).toEqual([]);
  });
});

describe("Reporting a comment", () => {
  it("files a report with the comment's text, and a moderator's hide takes it off the page for everyone", async () => {
    const book = await createBook(owner.user.id, { title: "Reported Book" });
    const posted = await postComment(book.id, stranger, "Buy cheap watches at https://spam.example");
    const commentId = posted.body.data!.commentId;

    const own = await api("/reports", stranger, { method: "POST", json: { subject: "comment", commentId, reason: "spam" } });
    expect(own).toMatchObject({ status: 400, body: { error: "You can't report your own comment." } });
    expect((await api("/reports", reader, { method: "POST", json: { subject: "comment", commentId: "no-such-comment", reason: "spam" } })).status).toBe(404);
    const filed = await api<{ reportId: string }>("/reports", reader, { method: "POST", json: { subject: "comment", commentId, reason: "spam" } });
    expect(filed.status).toBe(201);
    const second = await api<{ reportId: string }>("/reports", owner, { method: "POST", json: { subject: "comment", commentId, reason: "scam" } });
    const row = await reportRow(filed.body.data!.reportId);
    expect(row).toMatchObject({
      subject: "comment",
      commentId,
      bookId: book.id,
      subjectUserId: stranger.user.id,
      snapshot: "Buy cheap watches at https://spam.example",
    });

    const queue = await api<{ reportId: string; subject: string; commentId: string | null; bookId: string | null }[]>("/moderation/reports", mod);
    expect(queue.body.data!.find((item) => item.reportId === row.id)).toMatchObject({ subject: "comment", commentId, bookId: book.id });

    const hidden = await api(`/moderation/reports/${row.id}/hide`, mod, { method: "POST" });
    expect(hidden).toMatchObject({ status: 200, body: { data: { state: "actioned", action: "hidden" } } });
    const [stored] = await db.select().from(bookComments).where(eq(bookComments.id, commentId));
    expect(stored!.hiddenAt).toEqual(expect.any(Number));
    expect((await reportRow(second.body.data!.reportId)).state).toBe("actioned");
    for (const viewer of [null, reader, owner, stranger]) expect((await commentsOf(book.id, viewer)).body.data!.items).toEqual([]);
    // A hidden comment can no longer be reported.
    expect((await api("/reports", mod, { method: "POST", json: { subject: "comment", commentId, reason: "spam" } })).status).toBe(404);
  });

  it("hiding a book closes the book's reports but not the reports of comments under it", async () => {
    const bookOwner = await signedInMember();
    const book = await createBook(bookOwner.user.id);
    const own = await postComment(book.id, bookOwner, "The owner's own note");
    const commentReport = await api<{ reportId: string }>("/reports", reader, {
      method: "POST",
      json: { subject: "comment", commentId: own.body.data!.commentId, reason: "other" },
    });
    const bookReport = await api<{ reportId: string }>("/reports", reader, { method: "POST", json: { subject: "book", bookId: book.id, reason: "other" } });
    expect((await api(`/moderation/reports/${bookReport.body.data!.reportId}/hide`, mod, { method: "POST" })).status).toBe(200);
    expect((await reportRow(commentReport.body.data!.reportId)).state).toBe("open");
    const [open] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.id, commentReport.body.data!.reportId), eq(reports.state, "open")));
    expect(open).toBeDefined();
  });
});
