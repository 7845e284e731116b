import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { api, call, SAME_ORIGIN } from "../helpers/http";

// Issue 34, item 10: requests in the API tests are checked against the document, as answers are, so a
// test cannot send what the document does not allow without saying it means to.
describe("API tests' requests are checked against the document", () => {
  it("fails a test that sends an undocumented body, parameter or type without saying so", async () => {
    const member = await signedInMember();
    await expect(api("/loans", member, { method: "POST", json: { bookId: 5 } })).rejects.toThrow(/POST \/api\/loans: the request does not match .*bookId/);
    await expect(api("/loans", member, { method: "POST" })).rejects.toThrow(/requires one/);
    await expect(api("/notifications?colour=blue", member)).rejects.toThrow(/query parameter colour is not in the document/);
    await expect(call("/api/auth/logout", { method: "POST", cookie: member.cookie, headers: SAME_ORIGIN, json: {} })).rejects.toThrow(/takes none/);
    await expect(
      call("/api/imports/preview", { method: "POST", cookie: member.cookie, headers: { ...SAME_ORIGIN, "Content-Type": "text/html" }, body: "x" }),
    ).rejects.toThrow(/takes text\/csv/);
  });

  it("lets a test send bad input when it says so, and the server refuses it", async () => {
    const member = await signedInMember();
    const answer = await api("/loans", member, { method: "POST", json: { bookId: 5 }, invalid: true });
    expect(answer.status).toBe(400);
  });
});
