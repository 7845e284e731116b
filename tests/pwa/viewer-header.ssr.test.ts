import { describe, expect, it } from "vitest";
import { VIEWER_HEADER, VISITOR } from "../../worker/shared/offline";
import { signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

// The service worker keeps saved pages for one viewer at a time; it learns who that is from here.
describe("pages say whom they were rendered for", () => {
  it("names the visitor on a public page and its route data", async () => {
    for (const path of ["/library", "/library.data"]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get(VIEWER_HEADER), path).toBe(VISITOR);
    }
  });

  it("names the member on their own pages, and on a redirect", async () => {
    const member = await signedInMember();
    for (const path of ["/my-books", "/my-books.data", "/profile"]) {
      const response = await call(path, { cookie: member.cookie });
      expect(response.status, path).toBe(200);
      expect(response.headers.get(VIEWER_HEADER), path).toBe(member.user.id);
    }
    // A visitor sent to sign in: still a visitor's answer, which empties a member's saved pages.
    const redirect = await call("/my-books");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get(VIEWER_HEADER)).toBe(VISITOR);
  });
});

describe("the share target without a service worker", () => {
  it("reads nothing and sends the browser to the page that explains", async () => {
    const form = new FormData();
    form.append("covers", new File([new Uint8Array([0xff, 0xd8, 0xff])], "a.jpg", { type: "image/jpeg" }));
    const response = await call("/share-target", { method: "POST", body: form });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/share-target");
    const page = await call("/share-target");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("This browser can&#x27;t receive shared photos, so nothing was uploaded.");
  });
});
