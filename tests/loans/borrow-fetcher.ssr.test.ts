import { describe, expect, it } from "vitest";
import { SAME_ORIGIN } from "../account/member-support";
import { call } from "../helpers/http";
import { lendingScene, type Member } from "./support";

// The borrow button posts through a fetcher (React Router's data request, `.data`), like the rest of the lending
// panel: a refusal comes back as data for the button to show; a request that goes through redirects to the chat.

function borrowByFetcher(bookId: string, member: Member, fields: Record<string, string> = {}) {
  return call(`/books/${bookId}/borrow.data`, {
    method: "POST",
    headers: { ...SAME_ORIGIN, Cookie: member.cookie },
    body: new URLSearchParams({ via: "fetcher", requestId: crypto.randomUUID(), ...fields }),
  });
}

describe("Borrow from {owner} through the panel's fetcher", () => {
  it("answers a refusal as data with the ledger's words, not a redirect", async () => {
    const scene = await lendingScene({ title: "Mine Alone" });
    const response = await borrowByFetcher(scene.book.id, scene.owner);
    expect(response.status).toBe(400);
    expect(response.headers.get("X-Remix-Redirect")).toBeNull();
    expect(await response.text()).toContain("This is your own book.");
  });

  it("redirects the fetcher to the chat when the request goes through", async () => {
    const scene = await lendingScene({ title: "Theirs To Lend" });
    const response = await borrowByFetcher(scene.book.id, scene.borrower);
    const text = await response.text();
    expect(text).toMatch(/\/messages\/[\w-]+/);
  });
});
