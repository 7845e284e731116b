import { describe, expect, it } from "vitest";
import { page } from "../helpers/pages";

describe("/login says why the reader was sent there", () => {
  it.each([
    ["/books/b1", "Sign in to borrow this book."],
    ["/messages/c1", "Sign in to read your messages."],
    ["/clubs", "Sign in to see your clubs."],
    ["/loans?tab=history", "Sign in to see your loans."],
    ["/my-books", "Sign in to add and manage your books."],
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
