import { notificationPreferences, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { PNG_1PX } from "../helpers/images";
import { bearer, expiredSessionMember, SAME_ORIGIN, uploadPicture } from "./member-support";

type Caller = "visitor" | "expired" | "member" | "other";
const CALLERS: Caller[] = ["visitor", "expired", "member", "other"];

let target: Awaited<ReturnType<typeof signedInMember>>;
let other: Awaited<ReturnType<typeof signedInMember>>;

/** Credentials per caller: the target member uses a Bearer token, the other member a cookie. */
async function credentials(caller: Caller): Promise<Record<string, string>> {
  switch (caller) {
    case "visitor":
      return {};
    case "expired": {
      // A fresh expired session per request: the first use of one deletes it.
      const { cookie } = await expiredSessionMember();
      return { Cookie: cookie, ...SAME_ORIGIN };
    }
    case "member":
      return bearer(target.token);
    case "other":
      return { Cookie: other.cookie, ...SAME_ORIGIN };
  }
}

interface Endpoint {
  name: string;
  send: (headers: Record<string, string>) => Promise<Response>;
  expected: Record<Caller, number>;
}

const MEMBERS_ONLY = (success: number) => ({ visitor: 401, expired: 401, member: success, other: success });
const PAGE = { visitor: 302, expired: 302, member: 200, other: 200 };

const endpoints: Endpoint[] = [
  { name: "GET /api/users/me", send: (headers) => call("/api/users/me", { headers }), expected: MEMBERS_ONLY(200) },
  {
    name: "PUT /api/users/me",
    send: (headers) => call("/api/users/me", { method: "PUT", headers, json: { bio: `Bio ${crypto.randomUUID()}` } }),
    expected: MEMBERS_ONLY(200),
  },
  {
    name: "POST /api/users/me/picture",
    send: (headers) => call("/api/users/me/picture", { method: "POST", headers: { ...headers, "Content-Type": "image/png" }, body: PNG_1PX }),
    expected: MEMBERS_ONLY(201),
  },
  {
    name: "GET /api/users/me/notifications",
    send: (headers) => call("/api/users/me/notifications", { headers }),
    expected: MEMBERS_ONLY(200),
  },
  {
    name: "PUT /api/users/me/notifications",
    send: (headers) => call("/api/users/me/notifications", { method: "PUT", headers, json: { prefs: { club_announcement: false } } }),
    expected: MEMBERS_ONLY(200),
  },
  { name: "GET /api/users/{id}", send: (headers) => call(`/api/users/${target.user.id}`, { headers }), expected: MEMBERS_ONLY(200) },
  {
    name: "GET /api/users/query",
    send: (headers) => call(`/api/users/query?email=${encodeURIComponent(target.user.email)}`, { headers }),
    expected: MEMBERS_ONLY(200),
  },
  { name: "GET /profile", send: (headers) => call("/profile", { headers }), expected: PAGE },
  { name: "GET /settings/notifications", send: (headers) => call("/settings/notifications", { headers }), expected: PAGE },
  { name: "GET /users/{id}", send: (headers) => call(`/users/${target.user.id}`, { headers }), expected: PAGE },
];

beforeAll(async () => {
  target = await signedInMember({ name: "Tara Target", bio: "Original bio", timezone: "Europe/Paris" });
  other = await signedInMember({ name: "Otto Other" });
});

describe("authorization matrix", () => {
  for (const endpoint of endpoints) {
    for (const caller of CALLERS) {
      it(`${endpoint.name} as ${caller} → ${endpoint.expected[caller]}`, async () => {
        const response = await endpoint.send(await credentials(caller));
        expect(response.status).toBe(endpoint.expected[caller]);
        if (endpoint.name.includes("/api/")) {
          const body = await json<Envelope>(response);
          expect(body.success).toBe(endpoint.expected[caller] < 400);
          if (endpoint.expected[caller] === 401) expect(body.error).toBe("Please sign in to continue.");
        } else if (endpoint.expected[caller] === 302) {
          expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
        }
      });
    }
  }
});

describe("what another member can and cannot reach", () => {
  it("GET /api/users/me is always the caller's own profile", async () => {
    const response = await call("/api/users/me", { headers: { Cookie: other.cookie } });
    const body = await json<Envelope<{ userId: string }>>(response);
    expect(body.data!.userId).toBe(other.user.id);
  });

  it("PUT /api/users/me changes only the caller", async () => {
    const response = await call("/api/users/me", {
      method: "PUT",
      headers: { Cookie: other.cookie, ...SAME_ORIGIN },
      json: { name: "Otto Renamed", timezone: "Asia/Tokyo" },
    });
    expect(response.status).toBe(200);
    const [stored] = await db.select().from(users).where(eq(users.id, target.user.id));
    expect(stored!.name).toBe("Tara Target");
    expect(stored!.timezone).toBe("Europe/Paris");
  });

  it("has no way to edit someone else: no route takes another member's id, and userId is not a field", async () => {
    for (const method of ["PUT", "PATCH", "POST", "DELETE"]) {
      const response = await call(`/api/users/${target.user.id}`, {
        method,
        headers: bearer(other.token),
        json: { name: "Hijacked" },
      });
      expect(response.status).toBe(404);
    }
    const smuggled = await call("/api/users/me", {
      method: "PUT",
      headers: bearer(other.token),
      json: { userId: target.user.id, name: "Hijacked" },
      invalid: true,
    });
    expect(smuggled.status).toBe(400);
    const [stored] = await db.select().from(users).where(eq(users.id, target.user.id));
    expect(stored!.name).toBe("Tara Target");
  });

  it("cannot take another member's uploaded picture", async () => {
    const upload = await uploadPicture(target.token, PNG_1PX);
    const { profilePicture } = (await json<Envelope<{ profilePicture: string }>>(upload)).data!;
    const response = await call("/api/users/me", { method: "PUT", headers: bearer(other.token), json: { profilePicture } });
    expect(response.status).toBe(403);
    expect((await json<Envelope>(response)).success).toBe(false);
  });

  it("sees only the public fields of another member", async () => {
    const response = await call(`/api/users/${target.user.id}`, { headers: bearer(other.token) });
    const body = await json<Envelope<Record<string, unknown>>>(response);
    expect(Object.keys(body.data!).sort()).toEqual(["bio", "email", "name", "profilePicture", "userId"]);
    expect(body.data!.name).toBe("Tara Target");
  });

  it("notification preferences are per member", async () => {
    await call("/api/users/me/notifications", {
      method: "PUT",
      headers: bearer(other.token),
      json: { emailOptIn: false },
    });
    const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, target.user.id));
    expect(rows.every((row) => row.emailOptIn)).toBe(true);
    const own = await json<Envelope<{ emailOptIn: boolean }>>(await call("/api/users/me/notifications", { headers: bearer(target.token) }));
    expect(own.data!.emailOptIn).toBe(true);
  });

  it("a page action posted by another member edits only that member", async () => {
    const form = new FormData();
    form.set("name", "Otto via Form");
    form.set("bio", "");
    form.set("timezone", "UTC");
    const response = await call("/profile", { method: "POST", headers: { Cookie: other.cookie, ...SAME_ORIGIN }, body: form });
    expect(response.status).toBe(200);
    const [mine] = await db.select().from(users).where(eq(users.id, other.user.id));
    const [theirs] = await db.select().from(users).where(eq(users.id, target.user.id));
    expect(mine!.name).toBe("Otto via Form");
    expect(theirs!.name).toBe("Tara Target");
  });
});
