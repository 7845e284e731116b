import { acceptedTags, chooseLanguage, languageFromAcceptLanguage } from "@worker/core/i18n/negotiate";
import { pseudoText } from "@worker/core/i18n/pseudo";
import { users } from "@worker/db/schema";
import spanishBooks from "@worker/features/books/messages/es.json";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { api, call, SAME_ORIGIN } from "../helpers/http";

async function html(path: string, headers: Record<string, string> = {}) {
  const response = await call(path, { headers });
  expect(response.status).toBe(200);
  return response.text();
}

const htmlTag = (page: string) => page.match(/<html[^>]*>/)![0];

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe("which language a reader gets", () => {
  it("orders the choices: the address, the member, the cookie, the browser, then English", () => {
    expect(chooseLanguage({ query: "fr", member: "de", cookie: "es", acceptLanguage: "ja" })).toBe("fr");
    expect(chooseLanguage({ member: "de", cookie: "es", acceptLanguage: "ja" })).toBe("de");
    expect(chooseLanguage({ cookie: "es", acceptLanguage: "ja" })).toBe("es");
    expect(chooseLanguage({ acceptLanguage: "pt-BR, ja;q=0.5, en;q=0.4" })).toBe("ja");
    expect(chooseLanguage({ query: "xx", cookie: "zz", acceptLanguage: "pt" })).toBe("en");
    // The pseudo-locale only where local sign-in is on.
    expect(chooseLanguage({ query: "en-XA" })).toBe("en");
    expect(chooseLanguage({ query: "en-XA", pseudoAllowed: true })).toBe("en-XA");
  });

  it("reads Accept-Language by weight, ignoring refused and malformed tags", () => {
    expect(acceptedTags("de;q=0.2, es-MX, fr;q=0")).toEqual(["es-MX", "de"]);
    expect(languageFromAcceptLanguage("es-MX,es;q=0.9")).toBe("es");
    expect(languageFromAcceptLanguage("*;q=0.5, <script>")).toBeNull();
  });

  it("sets <html lang dir> on the server, for the first paint", async () => {
    expect(htmlTag(await html("/library"))).toContain('lang="en" dir="ltr"');
    expect(htmlTag(await html("/library", { "Accept-Language": "es-MX,es;q=0.9" }))).toContain('lang="es" dir="ltr"');
    expect(htmlTag(await html("/library", { "Accept-Language": "ar-EG" }))).toContain('lang="ar" dir="rtl"');
    expect(htmlTag(await html("/library?lang=ja", { "Accept-Language": "de" }))).toContain('lang="ja" dir="ltr"');
    expect(htmlTag(await html("/library", { Cookie: "lang=fr", "Accept-Language": "de" }))).toContain('lang="fr"');
  });

  it("gives public pages a canonical address and one alternate per language", async () => {
    const page = await html("/library?lang=es&q=tolkien");
    expect(page).toContain('<link rel="canonical" href="http://localhost/library?q=tolkien&amp;lang=es"/>');
    for (const language of ["es", "fr", "de", "ar", "ja"])
      expect(page).toContain(`hrefLang="${language}" href="http://localhost/library?q=tolkien&amp;lang=${language}"`);
    expect(page).toContain('hrefLang="en" href="http://localhost/library?q=tolkien"');
    expect(page).toContain('hrefLang="x-default" href="http://localhost/library?q=tolkien"');
    // A member's page is nobody else's to index.
    const member = await signedInMember({ name: "Ida Index" });
    const response = await call("/my-books", { cookie: member.cookie });
    expect(await response.text()).not.toContain('rel="alternate"');
  });

  it("writes the page's own texts in the language, and the pseudo-locale accented and longer", async () => {
    const english = await html("/library");
    const spanish = await html("/library", { "Accept-Language": "es" });
    expect(english).toContain(">Skip to content<");
    expect(spanish).not.toContain(">Skip to content<");
    const pseudo = await html("/library?lang=en-XA");
    expect(htmlTag(pseudo)).toContain('lang="en-XA"');
    expect(pseudo).toContain(`>[${pseudoText("Skip to content")}]<`);
  });
});

describe("the footer's language switch", () => {
  it("keeps a visitor's choice in a cookie and goes back to the page without ?lang=", async () => {
    const response = await call("/language", {
      method: "POST",
      headers: SAME_ORIGIN,
      body: new URLSearchParams({ language: "de", redirectTo: "/library?lang=fr&q=x" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/library?q=x");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=de; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
  });

  it("keeps a member's choice with them, so their other devices and e-mails follow it", async () => {
    const member = await signedInMember({ name: "Lena Lang" });
    const response = await call("/language", {
      method: "POST",
      headers: { ...SAME_ORIGIN, Cookie: member.cookie },
      body: new URLSearchParams({ language: "ar", redirectTo: "/my-books" }),
    });
    expect(response.status).toBe(302);
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, member.user.id));
    expect(row?.language).toBe("ar");
    // Another device (no cookie, a German browser) gets the member's language.
    expect(htmlTag(await html("/library", { Cookie: member.cookie, "Accept-Language": "de" }))).toContain('lang="ar" dir="rtl"');
    const me = await api<{ language: string | null }>("/users/me", { cookie: member.cookie });
    expect(me.body.data?.language).toBe("ar");
  });

  it("refuses another site as the way back, and an unknown language changes nothing", async () => {
    const away = await call("/language", {
      method: "POST",
      headers: SAME_ORIGIN,
      body: new URLSearchParams({ language: "es", redirectTo: "//evil.example/x" }),
    });
    expect(away.headers.get("Location")).toBe("/");
    const unknown = await call("/language", { method: "POST", headers: SAME_ORIGIN, body: new URLSearchParams({ language: "xx", redirectTo: "/library" }) });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("a page its loader refused", () => {
  it("is headed in the reader's language by the server's words when the feature's heading did not travel", async () => {
    const spanish: Record<string, string> = spanishBooks;
    const response = await call(`/books/${crypto.randomUUID()}`, { headers: { "Accept-Language": "es" } });
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain(
      `<h1 class="font-serif text-3xl font-bold">${escapeHtml(spanish["We couldn't find that book. It may have been removed by its owner."]!)}</h1>`,
    );
    expect(page).not.toContain("Book not found");
    // English keeps the feature's own heading.
    const english = await (await call(`/books/${crypto.randomUUID()}`)).text();
    expect(english).toContain(">Book not found</h1>");
  });
});
