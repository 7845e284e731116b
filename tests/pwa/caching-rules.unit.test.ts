import { cachingFor, maySeeSavedPage, shareVerdict, VISITOR, viewerFromCookie } from "@worker/core/shared/offline";
import { describe, expect, it } from "vitest";

const ORIGIN = "https://bookclub.example";
const ask = (path: string, method = "GET", mode = "cors", origin = ORIGIN) => cachingFor(new URL(path, origin), { method, mode }, ORIGIN);

describe("what the service worker does with each kind of request", () => {
  it("keeps documents and React Router's route data, network first, for the viewer", () => {
    expect(ask("/library", "GET", "navigate")).toBe("page");
    expect(ask("/books/b-1", "GET", "navigate")).toBe("page");
    expect(ask("/my-books", "GET", "navigate")).toBe("page");
    expect(ask("/messages/c-1", "GET", "navigate")).toBe("page");
    expect(ask("/library.data?search=emma")).toBe("page");
    expect(ask("/_root.data")).toBe("page");
    expect(ask("/books/b-1.data")).toBe("page");
  });

  it("serves covers and avatars cache first", () => {
    expect(ask("/media/covers/u-1/b-1.jpg", "GET", "no-cors")).toBe("media");
    expect(ask("/media/avatars/u-1.webp")).toBe("media");
  });

  it("never stores the API, sign-in and sign-out, unsubscribe links or the dev outbox", () => {
    for (const path of [
      "/api/books",
      "/api/notifications/unread-count",
      "/auth/google",
      "/auth/callback?code=x",
      "/logout",
      "/login",
      "/login.data",
      "/register",
      "/unsubscribe?token=t",
      "/dev/outbox",
    ]) {
      expect(ask(path, "GET", "navigate"), path).toBe("network");
    }
    // A page whose name merely starts like one of those is still a page.
    expect(ask("/library-of-things", "GET", "navigate")).toBe("page");
  });

  it("never stores a write, whatever the address", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(ask("/library", method, "navigate"), method).toBe("network");
      expect(ask("/media/covers/u-1/b-1.jpg", method), method).toBe("network");
      expect(ask("/my-books.data", method), method).toBe("network");
    }
  });

  it("takes the share sheet's POST and nothing else at that address", () => {
    expect(ask("/share-target", "POST", "navigate")).toBe("share");
    expect(ask("/share-target", "GET", "navigate")).toBe("page");
  });

  it("leaves other sites and static files alone (build assets are precached before this is asked)", () => {
    expect(ask("/library", "GET", "navigate", "https://elsewhere.example")).toBe("network");
    expect(ask("https://books.google.com/books/content?id=1")).toBe("network");
    expect(ask("/favicon.svg")).toBe("network");
    expect(ask("/assets/entry.client-abc.js")).toBe("network");
  });
});

describe("whose saved page the service worker may show (offline, or when the network is too slow)", () => {
  it("shows a member's saved page only to that member, as the browser names them now", () => {
    expect(maySeeSavedPage("member-a", "member-a")).toBe(true);
    // Another member signed in on the device since.
    expect(maySeeSavedPage("member-a", "member-b")).toBe(false);
    // A's session ended while the app was closed (expired, signed out): the browser names no one.
    expect(maySeeSavedPage("member-a", VISITOR)).toBe(false);
  });

  it("shows no member's page when the browser cannot say who is signed in, nor a page that says nobody", () => {
    expect(maySeeSavedPage("member-a", null)).toBe(false);
    expect(maySeeSavedPage(null, "member-a")).toBe(false);
    expect(maySeeSavedPage(null, null)).toBe(false);
  });

  it("shows a page rendered for a visitor to anyone: it holds nothing of anyone's", () => {
    for (const current of [VISITOR, "member-a", null]) expect(maySeeSavedPage(VISITOR, current)).toBe(true);
  });

  it("reads the viewer cookie: the member it names, or the visitor once it is gone", () => {
    expect(viewerFromCookie("member-a")).toBe("member-a");
    expect(viewerFromCookie(undefined)).toBe(VISITOR);
    expect(viewerFromCookie("")).toBe(VISITOR);
  });
});

describe("whose share the service worker keeps in place of the photos waiting on the device", () => {
  it("keeps the browser's own share (the phone's share sheet: no page sent it) and a page of the app's", () => {
    expect(shareVerdict({ origin: "null", sentBy: "browser" }, ORIGIN)).toBe("keep");
    expect(shareVerdict({ origin: null, sentBy: "browser" }, ORIGIN)).toBe("keep");
    expect(shareVerdict({ origin: ORIGIN, sentBy: "our page" }, ORIGIN)).toBe("keep");
  });

  it("refuses a POST whose Origin names another site, or another origin of the same site", () => {
    expect(shareVerdict({ origin: "https://evil.example", sentBy: "another page" }, ORIGIN)).toBe("refuse");
    expect(shareVerdict({ origin: "https://evil.bookclub.example", sentBy: "another page" }, ORIGIN)).toBe("refuse");
    // Whatever the browser says about the sender.
    expect(shareVerdict({ origin: "https://evil.example", sentBy: "browser" }, ORIGIN)).toBe("refuse");
  });

  it("asks the server (which sees Sec-Fetch-Site) when a page it cannot see hides its origin", () => {
    expect(shareVerdict({ origin: "null", sentBy: "another page" }, ORIGIN)).toBe("ask the server");
    expect(shareVerdict({ origin: null, sentBy: "another page" }, ORIGIN)).toBe("ask the server");
  });
});
