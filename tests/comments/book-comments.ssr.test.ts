import { bookComments } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { page } from "../helpers/pages";
import { moderator } from "../moderation/support";
import { block, commentsOf, postComment } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

/** The comment forms as a browser without JavaScript posts them. */
function postCommentForm(bookId: string, member: Member | null, fields: Record<string, string>) {
  return call(`/books/${bookId}/comments`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, ...(member ? { Cookie: member.cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

async function seed(bookId: string, authorId: string, bodies: string[]) {
  const start = Date.now() - 60_000;
  const rows = bodies.map((body, index) => ({ id: crypto.randomUUID(), bookId, authorId, body, createdAt: start + index }));
  for (let i = 0; i < rows.length; i += 10) await db.insert(bookComments).values(rows.slice(i, i + 10));
  return rows;
}

describe("Comments on the book page", () => {
  it("shows a visitor the comments, with their web addresses as safe links, and a way to sign in to comment", async () => {
    const owner = await signedInMember();
    const author = await signedInMember({ name: "Linky Reader" });
    const book = await createBook(owner.user.id, { title: "Linked Book" });
    await seed(book.id, author.user.id, ["See https://example.org/review. Also javascript:alert(1)"]);
    const { status, html } = await page(`/books/${book.id}`);
    expect(status).toBe(200);
    const body = markup(html);
    expect(body).toContain('<h2 id="comments-heading"');
    expect(body).toContain('<a href="https://example.org/review" target="_blank" rel="noopener nofollow ugc"');
    expect(body).not.toContain('href="javascript:');
    expect(body).toContain("Linky Reader");
    expect(body).toContain(`href="/login?redirectTo=${encodeURIComponent(`/books/${book.id}#comments`)}"`);
    expect(body).not.toContain('name="body"');
    // A visitor posting is sent to sign in.
    const visitor = await postCommentForm(book.id, null, { intent: "add", body: "Hello" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("lets a member comment and delete without JavaScript: plain posts go back to the comments", async () => {
    const owner = await signedInMember();
    const reader = await signedInMember({ name: "Plain Poster" });
    const book = await createBook(owner.user.id);
    const form = markup((await page(`/books/${book.id}`, reader.cookie)).html);
    expect(form).toContain(`action="/books/${book.id}/comments"`);
    expect(form).toContain('name="body"');
    expect(form).toContain('maxLength="500"');

    const posted = await postCommentForm(book.id, reader, { intent: "add", body: "  Posted without script  " });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/books/${book.id}#comments`);
    const [row] = await db.select().from(bookComments).where(eq(bookComments.bookId, book.id));
    expect(row).toMatchObject({ authorId: reader.user.id, body: "Posted without script" });
    expect(markup((await page(`/books/${book.id}`, owner.cookie)).html)).toContain("Posted without script");

    const deleted = await postCommentForm(book.id, owner, { intent: "delete", commentId: row!.id });
    expect(deleted.status).toBe(302);
    expect(await db.select().from(bookComments).where(eq(bookComments.bookId, book.id))).toEqual([]);
  });

  it("says why a plain post was refused, and keeps the text to try again", async () => {
    const owner = await signedInMember();
    const reader = await signedInMember();
    const book = await createBook(owner.user.id);
    const empty = await postCommentForm(book.id, reader, { intent: "add", body: "   " });
    expect(empty.status).toBe(400);
    expect(markup(await empty.text())).toContain("Please write a comment.");
    const long = await postCommentForm(book.id, reader, { intent: "add", body: "z".repeat(501) });
    expect(long.status).toBe(400);
    const longPage = markup(await long.text());
    expect(longPage).toContain("A comment can have at most 500 characters.");
    expect(longPage).toContain("z".repeat(501));
    await block(owner, reader.user.id);
    const blocked = await postCommentForm(book.id, reader, { intent: "add", body: "Let me in" });
    expect(blocked.status).toBe(403);
    expect(markup(await blocked.text())).toContain("You can&#x27;t comment on this member&#x27;s books.");
  });

  it("pages with 'Show older comments', a link that works without JavaScript", async () => {
    const owner = await signedInMember();
    const reader = await signedInMember();
    const book = await createBook(owner.user.id);
    await seed(
      book.id,
      reader.user.id,
      Array.from({ length: 22 }, (_, index) => `Numbered comment #${index}#`),
    );
    const first = markup((await page(`/books/${book.id}`)).html);
    expect(first).toContain("Numbered comment #21#");
    expect(first).not.toContain("Numbered comment #1#");
    const older = first.match(/href="(\/books\/[^"]+\?commentsBefore=[^"]+)"/)?.[1];
    expect(older).toBeDefined();
    const second = markup((await page(older!.replaceAll("&amp;", "&"))).html);
    expect(second).toContain("Numbered comment #1#");
    expect(second).toContain("Numbered comment #0#");
    expect(second).not.toContain("Numbered comment #21#");
    expect(second).toContain("Show the newest comments");
  });

  it("shows a moderator the reported comment with its book, and hides it from the moderation page's form", async () => {
    const [owner, reader, writer, mod] = await Promise.all([signedInMember(), signedInMember(), signedInMember({ name: "Spammy Writer" }), moderator()]);
    const book = await createBook(owner.user.id);
    const posted = await postComment(book.id, writer, "Cheap pills at https://spam.example");
    const filed = await api<{ reportId: string }>("/reports", reader, {
      method: "POST",
      json: { subject: "comment", commentId: posted.body.data!.commentId, reason: "spam" },
    });
    const reportId = filed.body.data!.reportId;
    const queue = markup((await page("/moderation", mod.cookie)).html);
    expect(queue).toContain("Comment: ");
    expect(queue).toContain("Cheap pills at https://spam.example");
    expect(queue).toContain(`href="/books/${book.id}#comments"`);
    expect(queue).toContain("Hide comment");
    const hidden = await call("/moderation", {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: mod.cookie },
      body: new URLSearchParams({ intent: "hide", reportId }),
    });
    expect(hidden.status).toBe(200);
    expect(markup(await hidden.text())).toContain("Hidden. The report is closed.");
    expect((await commentsOf(book.id, null)).body.data!.items).toEqual([]);
    expect(markup((await page(`/books/${book.id}`)).html)).not.toContain("Cheap pills");
  });
});
