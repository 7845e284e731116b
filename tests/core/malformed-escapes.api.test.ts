import { describe, expect, it } from "vitest";
import { bearer } from "../account/member-support";
import { signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { JPEG_1PX } from "../helpers/images";

// Broken percent-escapes: a truncated UTF-8 sequence, a non-hex escape, a lone "%".
const MALFORMED = ["%E0%A4%A", "%ZZ", "%"];

describe("malformed percent-escapes in paths are the client's mistake, never a 500", () => {
  it.each(MALFORMED)("GET and HEAD /media/…%s… answer 404", async (sequence) => {
    for (const path of [`/media/${sequence}`, `/media/covers/${sequence}/x.jpg`, `/media/covers/user/${sequence}.jpg`]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await call(path, { method });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
  });

  it.each(MALFORMED)("PUT /api/uploads/…%s… answers 400 with the envelope", async (sequence) => {
    const member = await signedInMember();
    const response = await call(`/api/uploads/covers/${sequence}/x.jpg?expires=${Date.now() + 60_000}&sig=abc`, {
      method: "PUT",
      body: JPEG_1PX as Uint8Array<ArrayBuffer>,
      headers: { ...bearer(member.token), "Content-Type": "image/jpeg" },
    });
    expect(response.status).toBe(400);
    expect(await json<Envelope>(response)).toEqual({ success: false, error: "This upload link is not valid." });
  });

  it("other routes with path parameters answer 4xx too", async () => {
    const member = await signedInMember();
    for (const path of ["/api/books/%E0%A4%A", "/api/users/%E0%A4%A", "/books/%E0%A4%A", "/users/%ZZ"]) {
      const response = await call(path, { headers: bearer(member.token) });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});
