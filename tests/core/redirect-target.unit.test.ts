import { describe, expect, it } from "vitest";
import { afterSignInPath, loginUrlFor, safeRedirectTarget } from "~/core/redirect-target.server";

describe("safeRedirectTarget keeps the browser on this site", () => {
  it.each([
    "/.//evil.example",
    "/./\\evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/%0a/evil.example".replace("%0a", "\n"),
    "https://evil.example/",
    "javascript:alert(1)",
    "/a/../..//evil.example",
  ])("%j falls back to /library", (target) => {
    expect(safeRedirectTarget(target)).toBe("/library");
  });

  it.each([
    ["/my-books", "/my-books"],
    ["/books/42?tab=info#top", "/books/42?tab=info#top"],
    ["/library/./x", "/library/x"],
  ])("%j stays %j", (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected);
  });

  it("never sends a member back into the sign-in pages, whatever their case", () => {
    expect(afterSignInPath("/LOGIN")).toBe("/library");
    expect(afterSignInPath("/auth/callback?code=1")).toBe("/library");
    expect(afterSignInPath("/profile")).toBe("/profile");
  });
});

describe("loginUrlFor: sign in, then back to the page", () => {
  it.each([
    ["http://localhost/my-books?add=1", "/my-books?add=1"],
    ["http://localhost/messages", "/messages"],
    // A client-side navigation asks for the page's data: the way back is the page, not its data.
    ["http://localhost/my-books.data?add=1&_routes=routes%2Fmy-books", "/my-books?add=1"],
    ["http://localhost/messages.data?_routes=routes%2Fmessages", "/messages"],
    ["http://localhost/_root.data", "/"],
  ])("%s comes back to %s", (url, back) => {
    expect(loginUrlFor(new URL(url))).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
  });
});
