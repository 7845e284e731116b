import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { page } from "../helpers/pages";
import { postForm } from "./support";

describe("/login says why the reader was sent there", () => {
  it.each([
    ["/books/b1", "Sign in to borrow this book."],
    ["/messages/c1", "Sign in to read your messages."],
    ["/clubs", "Sign in to see your clubs."],
    ["/loans?tab=history", "Sign in to see your loans."],
    ["/my-books", "Sign in to add and manage your books."],
    ["/my-books?add=1", "Sign in to add your books."],
    ["/books/new", "Sign in to add your books."],
    ["/settings/notifications", "Sign in to see your notifications."],
  ])("on its way to %s: %s", async (redirectTo, reason) => {
    const { status, html } = await page(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
    expect(status).toBe(200);
    expect(html).toMatch(new RegExp(`Sign in to BookClub</h1><p class="text-stone-800">${reason.replace(/\./g, "\\.")}</p>`));
  });

  it("says nothing more to a reader who just chose to sign in", async () => {
    const { html } = await page("/login");
    expect(html).toContain("Sign in to BookClub</h1>");
    expect(html).not.toContain('<p class="text-stone-800">Sign in to');
  });
});

describe("a visitor who taps Add or Messages on the phone bar", () => {
  it("is told why they must sign in, as Borrow tells them, and comes back to what they asked for", async () => {
    const { html } = await page("/library");
    const bar = html.slice(html.indexOf('<nav aria-label="Mobile"'));
    expect(bar).toMatch(/<a class="bar-item" href="\/my-books\?add=1"[^>]*>.*Add<\/a>/s);
    expect(bar).toMatch(/<a[^>]*href="\/messages"[^>]*>/);
    expect(bar).not.toMatch(/href="\/login"[^>]*>(?:(?!<\/a>).)*(Add|Messages)/s);

    for (const [tapped, reason] of [
      ["/my-books?add=1", "Sign in to add your books."],
      ["/messages", "Sign in to read your messages."],
    ]) {
      const sent = await call(tapped!);
      expect(sent.status).toBe(302);
      const login = sent.headers.get("Location")!;
      expect(login).toBe(`/login?redirectTo=${encodeURIComponent(tapped!)}`);
      expect((await page(login)).html).toContain(`<p class="text-stone-800">${reason}</p>`);
      const email = `back.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const signedIn = await postForm("/login", { intent: "new", name: "Tap Visitor", email, redirectTo: tapped! });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("Location")).toBe(tapped);
    }
  });
});
