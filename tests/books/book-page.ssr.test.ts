import { describe, expect, it } from "vitest";
import { createBook, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

const ASK = "Automatic cover reading is not available on this server, and no ISBN barcode was found. Please add the title and author.";

async function bookPage(bookId: string, cookie?: string) {
  const response = await call(`/books/${bookId}`, { cookie });
  expect(response.status).toBe(200);
  return response.text();
}

describe("a book whose cover could not be read", () => {
  it("asks its owner for the details and says where the reading came from, but shows neither to anyone else", async () => {
    const owner = await signedInMember({ name: "Nell Owner" });
    const book = await createBook(owner.user.id, {
      title: "Half Read",
      author: "",
      analysisState: "needs_details",
      analysisMessage: ASK,
      coverAnalysis: { source: "local-barcode", title_candidates: [], author_candidates: [], categories: [], audience: [], themes: [], content_warnings: [] },
    });

    const ownView = await bookPage(book.id, owner.cookie);
    // The badge names what is missing.
    expect(ownView).toContain(">Needs details: author</span>");
    expect(ownView).toContain(ASK);
    expect(ownView).toContain(">Source</dt>");

    const borrower = await signedInMember({ name: "Bo Borrower" });
    for (const view of [await bookPage(book.id, borrower.cookie), await bookPage(book.id)]) {
      expect(view).toContain("Half Read");
      expect(view).not.toContain("Needs details");
      expect(view).not.toContain("Please add the title and author");
      expect(view).not.toContain(">Source</dt>");
    }
  });
});

describe("a book page's codes", () => {
  it("names the languages and the age group instead of showing their codes", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, {
      title: "Le Petit Prince",
      author: "Antoine de Saint-Exupéry",
      analysisState: "done",
      coverAnalysis: {
        source: "workers-ai",
        language_guess: "fr",
        age_group: "middle_grade",
        title_candidates: [],
        author_candidates: [],
        categories: [],
        audience: [],
        themes: [],
        content_warnings: [],
      },
    });
    const html = await bookPage(book.id, owner.cookie);
    expect(html).toMatch(/<dt[^>]*>Language<\/dt><dd[^>]*>French<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Age group<\/dt><dd[^>]*>Middle grade<\/dd>/);
    expect(html).not.toMatch(/<dd[^>]*>fr<\/dd>/);
  });
});

describe("a book's language in its details", () => {
  it("is named as the metadata block names it (French), never the code (fr)", async () => {
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Vol de nuit", author: "Antoine de Saint-Exupéry", language: "fr" });
    const html = await bookPage(book.id);
    expect(html).toMatch(/<dt[^>]*>Language<\/dt><dd[^>]*>French<\/dd>/);
    expect(html).not.toMatch(/<dd[^>]*>fr<\/dd>/);
  });
});

describe("a book page without script", () => {
  it("has every part in place: comments, metadata and the footer are not held back for a script to reveal", async () => {
    const owner = await signedInMember();
    // Long enough that React would otherwise move what follows the first 12.8 kB into hidden blocks.
    const book = await createBook(owner.user.id, { title: "Long Told", description: "A long description. ".repeat(800) });
    const html = await bookPage(book.id);
    expect(html).not.toContain("<div hidden");
    expect(html).not.toContain("<!--$?-->");
    for (const part of ['<h2 id="google-metadata"', '<section id="comments"', '<footer class="site-footer">']) expect(html).toContain(part);
    // In reading order, before the scripts at the end of the page.
    expect(html.indexOf('<section id="comments"')).toBeLessThan(html.indexOf('<footer class="site-footer">'));
    expect(html.indexOf('<footer class="site-footer">')).toBeLessThan(html.indexOf("window.__reactRouterContext"));
  });
});
