import { describe, expect, it } from "vitest";
import { createBook, signedInMember } from "../helpers/fixtures";
import { page } from "../helpers/pages";

/** The page without its scripts (the hydration data repeats loader fields) and React's text separators. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

describe("an empty My Books", () => {
  it("says what to do next in the device's words, with the ways to add books and no downloads of nothing", async () => {
    const member = await signedInMember();
    const html = markup((await page("/my-books", member.cookie)).html);
    // A mouse clicks, a finger taps: each sentence shows only on its own kind of pointer.
    expect(html).toContain(`<span class="pointer-coarse:hidden">You haven&#x27;t added any books yet. Click &#x27;Add Books&#x27; to get started!</span>`);
    expect(html).toContain(`<span class="hidden pointer-coarse:inline">You haven&#x27;t added any books yet. Tap &#x27;Add Books&#x27; to get started!</span>`);
    expect(html).not.toContain("/api/my-books/export");
    const empty = html.slice(html.indexOf('<section aria-labelledby="empty-shelf"'));
    expect(empty).toMatch(/<button type="button" class="btn btn-primary">Add Books<\/button>/);
    expect(empty).toContain('href="/books/new"');
    expect(empty).toContain("Import from Goodreads or StoryGraph");
    // Each way to add a book is offered once, in the empty state.
    expect(html.match(/>Add Books<\/button>/g)).toHaveLength(1);
    expect(html.match(/>Add by hand</g)).toHaveLength(1);
  });

  it("with a book on the shelf, offers the downloads again", async () => {
    const member = await signedInMember();
    await createBook(member.user.id, { title: "Shelf One" });
    const html = markup((await page("/my-books", member.cookie)).html);
    expect(html).toContain('href="/api/my-books/export?format=csv"');
    expect(html).not.toContain("You haven&#x27;t added any books yet.");
  });
});
