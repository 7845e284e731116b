import { users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { bearer } from "./member-support";

interface OwnProfile {
  userId: string;
  name: string;
  email: string;
  bio: string;
  profilePicture: string | null;
  timezone: string;
  language: string | null;
  showEmail: boolean;
}

function put(token: string, body: unknown, invalid = false) {
  return call("/api/users/me", { method: "PUT", headers: bearer(token), json: body, invalid });
}

describe("GET /api/users/me", () => {
  it("returns the member's own profile, timezone UTC by default", async () => {
    const member = await signedInMember({ name: "Mira", bio: "Reads on trains" });
    const response = await call("/api/users/me", { headers: bearer(member.token) });
    const body = await json<Envelope<OwnProfile>>(response);
    expect(body).toEqual({
      success: true,
      data: {
        userId: member.user.id,
        name: "Mira",
        email: member.user.email,
        bio: "Reads on trains",
        profilePicture: null,
        timezone: "UTC",
        language: null,
        showEmail: false,
        lendTo: "anyone",
        lendWithinKm: 10,
      },
    });
  });
});

describe("PUT /api/users/me", () => {
  it("applies only the fields sent and leaves the others alone", async () => {
    const member = await signedInMember({ name: "Nico", bio: "Old bio", timezone: "Europe/Berlin" });
    const response = await put(member.token, { bio: "  New bio  " });
    expect(response.status).toBe(200);
    const body = await json<Envelope<OwnProfile>>(response);
    expect(body.data).toMatchObject({ name: "Nico", bio: "New bio", timezone: "Europe/Berlin" });
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ name: "Nico", bio: "New bio", timezone: "Europe/Berlin" });
    expect(row!.updatedAt).toBeGreaterThan(0);
  });

  // The spec's eleven zones, then any zone Intl knows (the picker offers every IANA zone).
  const SPEC_ZONES = [
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Asia/Tokyo",
    "Asia/Shanghai",
    "Australia/Sydney",
    "UTC",
  ];

  it("accepts every IANA zone, the spec's list included, and nothing else", async () => {
    const member = await signedInMember();
    for (const timezone of [...SPEC_ZONES, "Europe/Madrid", "America/Argentina/Buenos_Aires", "Asia/Kolkata", "Pacific/Chatham"]) {
      expect((await put(member.token, { timezone })).status).toBe(200);
    }
    const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, member.user.id));
    expect(row!.timezone).toBe("Pacific/Chatham");
    for (const timezone of ["Mars/Olympus_Mons", "", 5, "../../etc/passwd", "Europe/Lisbon; Secure", "x".repeat(80)]) {
      const response = await put(member.token, { timezone }, true);
      expect(response.status).toBe(400);
      expect((await json<Envelope>(response)).error).toMatch(/^timezone: /);
    }
  });

  it("says 'No changes detected' when nothing differs from the stored profile", async () => {
    const member = await signedInMember({ name: "Olga", bio: "Same" });
    for (const body of [{}, { name: "Olga" }, { name: " Olga ", bio: "Same", timezone: "UTC" }, { profilePicture: null }]) {
      const response = await put(member.token, body);
      expect(response.status).toBe(400);
      expect(await json<Envelope>(response)).toEqual({ success: false, error: "No changes detected" });
    }
  });

  it("requires a Display Name", async () => {
    const member = await signedInMember({ name: "Pat" });
    for (const name of ["", "   "]) {
      const response = await put(member.token, { name }, true);
      expect(response.status).toBe(400);
      expect((await json<Envelope>(response)).error).toBe("name: Display Name is required");
    }
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.name).toBe("Pat");
  });

  it("refuses unknown fields, wrong types, over-long text and non-JSON bodies with a 400 envelope", async () => {
    const member = await signedInMember();
    const bad: unknown[] = [{ email: "new@example.com" }, { name: 42 }, { bio: "x".repeat(1001) }, { name: "x".repeat(101) }, [], "text"];
    for (const body of bad) {
      const response = await put(member.token, body, true);
      expect(response.status).toBe(400);
      expect((await json<Envelope>(response)).success).toBe(false);
    }
    const form = await call("/api/users/me", {
      method: "PUT",
      headers: { ...bearer(member.token), "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=Form",
      invalid: true,
    });
    expect(form.status).toBe(400);
    const broken = await call("/api/users/me", {
      method: "PUT",
      headers: { ...bearer(member.token), "Content-Type": "application/json" },
      body: "{not json",
      invalid: true,
    });
    expect(broken.status).toBe(400);
  });
});

describe("GET /api/users/{id}", () => {
  it("returns the public user (no e-mail for a stranger), and 404 'User not found' for an unknown id", async () => {
    const viewer = await signedInMember();
    const owner = await createMember({ name: "Rosa", bio: "private-ish", picture: "https://lh3.googleusercontent.com/a/rosa" });
    const body = await json<Envelope>(await call(`/api/users/${owner.id}`, { headers: bearer(viewer.token) }));
    expect(body).toEqual({
      success: true,
      data: { userId: owner.id, name: "Rosa", email: null, profilePicture: "https://lh3.googleusercontent.com/a/rosa", bio: "private-ish" },
    });
    const missing = await call(`/api/users/${crypto.randomUUID()}`, { headers: bearer(viewer.token) });
    expect(missing.status).toBe(404);
    expect(await json<Envelope>(missing)).toEqual({ success: false, error: "User not found" });
  });
});

describe("GET /api/users/query", () => {
  it("finds a member by exact e-mail, ignoring case and spaces", async () => {
    const viewer = await signedInMember();
    const owner = await createMember({ name: "Sam", email: "sam.reader@example.com" });
    for (const email of ["sam.reader@example.com", "  SAM.Reader@Example.COM "]) {
      const response = await call(`/api/users/query?email=${encodeURIComponent(email)}`, { headers: bearer(viewer.token) });
      expect(await json<Envelope>(response)).toEqual({
        success: true,
        data: { userId: owner.id, name: "Sam", email: "sam.reader@example.com" },
      });
    }
  });

  it("does not match partial addresses, and answers 404 'No user found with that email'", async () => {
    const viewer = await signedInMember();
    await createMember({ email: "tom@example.com" });
    for (const email of ["tom@example", "om@example.com", "tom@example.com.au"]) {
      const response = await call(`/api/users/query?email=${encodeURIComponent(email)}`, { headers: bearer(viewer.token) });
      expect(response.status).toBe(404);
      expect(await json<Envelope>(response)).toEqual({ success: false, error: "No user found with that email" });
    }
  });

  it("needs an e-mail-like value", async () => {
    const viewer = await signedInMember();
    for (const query of ["", "?email=", "?email=tom", `?email=${"a".repeat(250)}@example.com`]) {
      const response = await call(`/api/users/query${query}`, { headers: bearer(viewer.token), invalid: true });
      expect(response.status).toBe(400);
    }
  });

  it("limits lookups per member (30 a minute) with a 429 envelope, without affecting other members", async () => {
    await startOfRateLimitWindow();
    const busy = await signedInMember();
    const calm = await signedInMember();
    const statuses: number[] = [];
    let refused: Envelope | null = null;
    // Windows are aligned to the clock: 61 calls put at least 31 in one window even across a boundary.
    for (let i = 0; i < 61; i++) {
      const response = await call(`/api/users/query?email=${encodeURIComponent(calm.user.email)}`, { headers: bearer(busy.token) });
      statuses.push(response.status);
      if (response.status === 429) refused = await json<Envelope>(response);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(60);
    expect(refused).toEqual({ success: false, error: "Too many lookups. Please wait a minute and try again." });

    const other = await call(`/api/users/query?email=${encodeURIComponent(busy.user.email)}`, { headers: bearer(calm.token) });
    expect(other.status).toBe(200);
  });
});
