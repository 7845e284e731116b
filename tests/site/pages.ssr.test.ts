import { describe, expect, it } from "vitest";
import { createBook, createMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

async function page(path: string) {
  const response = await call(path);
  return { response, html: await response.text() };
}

describe("server-rendered pages", () => {
  it("sends / to /library, and /register and unknown paths to /login", async () => {
    expect((await call("/")).headers.get("Location")).toBe("/library");
    expect((await call("/register")).headers.get("Location")).toBe("/login");
    const unknown = await call("/no/such/page");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/login");
  });

  it("sends visitors from protected pages to /login with the way back", async () => {
    const response = await call("/profile?tab=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/profile?tab=1")}`);
  });

  it("renders the library with its title, description and books", async () => {
    const owner = await createMember({ name: "Lena" });
    await createBook(owner.id, { title: "Middlemarch", author: "George Eliot" });
    const { response, html } = await page("/library");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Library — BookClub</title>");
    expect(html).toMatch(/<meta name="description" content="Browse the BookClub community library/);
    expect(html).toContain('placeholder="Search books..."');
    expect(html).toContain("Middlemarch");
    expect(html).toContain("Showing 1–1 of 1 books");
  });

  it("carries a nonce-based CSP and the security headers on every HTML response", async () => {
    const { response, html } = await page("/about");
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    // Every script React Router emits carries the nonce; none runs without it.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect((await call("/about")).headers.get("Content-Security-Policy")).not.toContain(nonce);
  });

  it("adds HSTS on https", async () => {
    const response = await call("https://bookclub.example/about");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });

  it("renders a book with its facts, a short description and JSON-LD", async () => {
    const owner = await createMember({ name: "Priya" });
    const book = await createBook(owner.id, {
      title: "Frankenstein",
      author: "Mary Shelley",
      description: "x".repeat(500),
      isbn13: "9780141439471",
      status: "borrowed",
      lentToUserId: owner.id,
      lentToUserName: "Sam",
      advancedMetadata: { metadata: { ageGroupFine: "young_adult" } },
    });
    const { response, html } = await page(`/books/${book.id}`);
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Frankenstein — BookClub</title>");
    const description = html.match(/<meta name="description" content="([^"]*)"/)![1]!;
    expect(description.length).toBeLessThanOrEqual(300);
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('"@type":"Book"');
    expect(html).toContain("Lent to Sam");
    expect(html).toContain("Young adult");
    expect(html).toContain("Borrow from Priya");
    expect(html).toContain("No Google metadata available.");
    expect(html).toContain("No cover analysis available.");
  });

  it("shows a clear not-found state for an unknown book", async () => {
    const { response, html } = await page("/books/00000000-0000-4000-8000-000000000000");
    expect(response.status).toBe(404);
    expect(html).toContain("Book not found");
  });

  it("serves the blog and 'Post not found' for an unknown slug", async () => {
    const index = await page("/about/blogs");
    for (const slug of ["how-to-host-a-no-cost-book-swap", "starter-rules-for-club-swaps", "declutter-your-shelf-10-tips"]) {
      expect(index.html).toContain(`/about/blogs/${slug}`);
      expect((await call(`/about/blogs/${slug}`)).status).toBe(200);
    }
    const missing = await page("/about/blogs/nope");
    expect(missing.response.status).toBe(404);
    expect(missing.html).toContain("Post not found");
  });
});

describe("dates in the reader's language (one date family)", () => {
  it("writes the blog's days as the reader's language does, English day first unless they read en-US", async () => {
    const blogs = async (acceptLanguage?: string) =>
      (await call("/about/blogs", { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} })).text();
    expect(await blogs()).toContain(">14 Mar 2026</time>");
    expect(await blogs("de-DE,de;q=0.9")).toContain(">14. März 2026</time>");
    expect(await blogs("en-US,en;q=0.9")).toContain(">Mar 14, 2026</time>");
  });

  it("keeps the posts in English, marked so, inside a page in the reader's language", async () => {
    const spanish = await (await call("/about/blogs/how-to-host-a-no-cost-book-swap", { headers: { "Accept-Language": "es" } })).text();
    expect(spanish).toContain(">Todas las entradas<");
    expect(spanish).toMatch(/<h1 lang="en"/);
    expect(spanish).toMatch(/<div lang="en"/);
  });
});
