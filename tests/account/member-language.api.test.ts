import { users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { bearer, SAME_ORIGIN } from "./member-support";

// A member keeps a language on /profile. It outranks the footer's cookie and the browser,
// for pages and for the API's refusals alike; null goes back to following the browser.

interface OwnProfile {
  userId: string;
  language: string | null;
}

function put(token: string, body: unknown, invalid = false) {
  return call("/api/users/me", { method: "PUT", headers: bearer(token), json: body, invalid });
}

/** An unknown member's profile: the account feature's 404, written in the request's language. */
async function unknownMember(token: string, acceptLanguage?: string) {
  const headers: Record<string, string> = bearer(token);
  if (acceptLanguage) headers["Accept-Language"] = acceptLanguage;
  const response = await call(`/api/users/${crypto.randomUUID()}`, { headers });
  return { status: response.status, body: await json<Envelope>(response) };
}

describe("a member's language", () => {
  it("is stored with PUT /api/users/me and answered by GET /api/users/me", async () => {
    const member = await signedInMember();
    const saved = await put(member.token, { language: "es" });
    expect(saved.status).toBe(200);
    expect((await json<Envelope<OwnProfile>>(saved)).data).toMatchObject({ userId: member.user.id, language: "es" });

    const me = await json<Envelope<OwnProfile>>(await call("/api/users/me", { headers: bearer(member.token) }));
    expect(me.data!.language).toBe("es");
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, member.user.id));
    expect(row!.language).toBe("es");
  });

  it("refuses a language the app does not speak, and the pseudo-locale", async () => {
    const member = await signedInMember({ language: "fr" });
    for (const language of ["xx", "EN", "en-XA", "english", 5]) {
      const response = await put(member.token, { language }, true);
      expect(response.status).toBe(400);
      expect((await json<Envelope>(response)).success).toBe(false);
    }
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, member.user.id));
    expect(row!.language).toBe("fr");
  });

  it("writes pages and API refusals in it, over the cookie and the browser, until it is reset to null", async () => {
    const member = await signedInMember();
    expect((await put(member.token, { language: "ja" })).status).toBe(200);

    // A page, with a German cookie from the footer's switch and an English browser: the member's choice wins.
    const library = await call("/library", { cookie: `${member.cookie}; lang=de`, headers: { "Accept-Language": "en" } });
    expect(library.status).toBe(200);
    expect(await library.text()).toMatch(/<html[^>]* lang="ja"/);

    // An API refusal from an English browser comes back in Japanese.
    const refused = await unknownMember(member.token, "en");
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ success: false, error: "ユーザーが見つかりません" });

    // Null: the browser decides again.
    const reset = await put(member.token, { language: null });
    expect(reset.status).toBe(200);
    expect((await json<Envelope<OwnProfile>>(reset)).data!.language).toBeNull();
    expect((await unknownMember(member.token, "es-MX,en;q=0.5")).body.error).toBe("Usuario no encontrado");
    expect((await unknownMember(member.token)).body.error).toBe("User not found");
    const page = await call("/library", { cookie: member.cookie, headers: { "Accept-Language": "fr-FR" } });
    expect(await page.text()).toMatch(/<html[^>]* lang="fr"/);
  });

  it("is chosen on /profile, whose form offers each language in its own name", async () => {
    const member = await signedInMember({ name: "Lena", bio: "", timezone: "UTC" });
    const before = await (await call("/profile", { cookie: member.cookie, headers: { "Accept-Language": "en" } })).text();
    expect(before).toMatch(/<label[^>]*>Language<\/label>/);
    expect(before).toMatch(/<option value="" selected="">Same as my browser<\/option>/);
    expect(before).toContain('<option value="ja" lang="ja">日本語</option>');
    expect(before).toContain('<option value="ar" lang="ar">العربية</option>');

    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Lena", bio: "", timezone: "UTC", language: "de" })) form.set(name, value);
    const saved = await call("/profile", { method: "POST", headers: { Cookie: member.cookie, ...SAME_ORIGIN }, body: form });
    expect(saved.status).toBe(200);
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, member.user.id));
    expect(row!.language).toBe("de");
    // This browser keeps it too, as the footer's switch would.
    expect(saved.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^lang=de;/));

    // The next page is German, with German chosen.
    const after = await (await call("/profile", { cookie: member.cookie, headers: { "Accept-Language": "en" } })).text();
    expect(after).toMatch(/<html[^>]* lang="de"/);
    expect(after).toMatch(/<label[^>]*>Sprache<\/label>/);
    expect(after).toMatch(/<option value="de" lang="de" selected="">Deutsch<\/option>/);

    // "Same as my browser" posts "" and stores null, and drops the footer's cookie: the browser decides.
    form.set("language", "");
    const reset = await call("/profile", { method: "POST", headers: { Cookie: `${member.cookie}; lang=de`, ...SAME_ORIGIN }, body: form });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^lang=; .*Max-Age=0/));
    const [cleared] = await db.select({ language: users.language }).from(users).where(eq(users.id, member.user.id));
    expect(cleared!.language).toBeNull();
  });
});
