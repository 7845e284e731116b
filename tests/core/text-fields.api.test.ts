import { books, interestRegistrations, users } from "@worker/db/schema";
import { verifyGoogleIdToken } from "@worker/features/auth/google";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "../account/member-support";
import { GOOGLE_CLIENT_ID, googleIdToken, pageText, postForm } from "../auth/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";

// Every class of bad text, as a client could send it in JSON.
const NUL = "\u0000";
const C1 = "\u0085\u009B";
const LONE_SURROGATE = "\uD800";
const BIDI_OVERRIDE = "\u202E";
const ZERO_WIDTH_ONLY = "\u200B\u200C\u200D\u2060\uFEFF";

function send(method: string, path: string, token: string, body: unknown) {
  return call(path, { method, headers: bearer(token), json: body });
}

describe("book text fields", () => {
  it("strips controls and bidi overrides and replaces lone surrogates before storing", async () => {
    const member = await signedInMember();
    const response = await send("POST", "/api/books", member.token, {
      title: `The${NUL} Hobbit${C1}`,
      author: `J. R. R. ${BIDI_OVERRIDE}Tolkien`,
      description: `There and back${LONE_SURROGATE} again.\r\nA second line.\tIndented${NUL}`,
    });
    expect(response.status).toBe(201);
    const { data } = await json<Envelope<{ bookId: string }>>(response);
    const [row] = await db.select().from(books).where(eq(books.id, data!.bookId));
    expect(row).toMatchObject({
      title: "The Hobbit",
      author: "J. R. R. Tolkien",
      description: "There and back\uFFFD again.\nA second line.\tIndented",
    });
  });

  it.each([
    ["zero-width characters only", ZERO_WIDTH_ONLY],
    ["a NUL byte only", NUL],
    ["controls and spaces only", ` ${C1} `],
    ["a bidi override only", BIDI_OVERRIDE],
  ])("refuses a title of %s with the spec's message", async (_label, title) => {
    const member = await signedInMember();
    const created = await send("POST", "/api/books", member.token, { title, author: "Someone" });
    expect(created.status).toBe(400);
    expect(await json<Envelope>(created)).toEqual({ success: false, error: "title: Title is required" });

    const book = await createBook(member.user.id, { title: "Kept" });
    const updated = await send("PUT", `/api/books/${book.id}`, member.token, { author: title });
    expect(await json<Envelope>(updated)).toEqual({ success: false, error: "author: Author is required" });
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row!.author).toBe(book.author);
  });

  it("cleans an edited title too", async () => {
    const member = await signedInMember();
    const book = await createBook(member.user.id);
    const response = await send("PUT", `/api/books/${book.id}`, member.token, { title: `${BIDI_OVERRIDE}Emma${NUL}${LONE_SURROGATE}` });
    expect(response.status).toBe(200);
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row!.title).toBe("Emma\uFFFD");
  });
});

describe("profile text fields", () => {
  it.each([ZERO_WIDTH_ONLY, NUL, BIDI_OVERRIDE, `${C1}\u3000`])("refuses a Display Name of only %j", async (name) => {
    const member = await signedInMember({ name: "Vera" });
    const response = await send("PUT", "/api/users/me", member.token, { name });
    expect(response.status).toBe(400);
    expect(await json<Envelope>(response)).toEqual({ success: false, error: "name: Display Name is required" });
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.name).toBe("Vera");
  });

  it("stores a cleaned name and a bio that keeps its line breaks", async () => {
    const member = await signedInMember({ name: "Vera" });
    const response = await send("PUT", "/api/users/me", member.token, {
      name: `${BIDI_OVERRIDE}Vera${NUL} Lynn${LONE_SURROGATE}`,
      bio: `Reads${C1} on trains.\r\nAnd buses.${NUL}`,
    });
    expect(response.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ name: "Vera Lynn\uFFFD", bio: "Reads on trains.\nAnd buses." });
  });

  it("also cleans what the /profile form posts", async () => {
    const member = await signedInMember({ name: "Wim" });
    const form = new FormData();
    form.set("name", ZERO_WIDTH_ONLY);
    form.set("bio", "");
    form.set("timezone", "UTC");
    const response = await call("/profile", { method: "POST", body: form, cookie: member.cookie, headers: { Origin: "http://localhost" } });
    expect(response.status).toBe(400);
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.name).toBe("Wim");
  });
});

describe("interest registration text", () => {
  it.each([`kim${BIDI_OVERRIDE}@example.com`, `kim${NUL}@example.com`, `kim\u200B@example.com`, `kim${LONE_SURROGATE}@example.com`, `kim${C1}@example.com`])(
    "refuses the address %j",
    async (email) => {
      const response = await call("/api/interest/swap-toys", { method: "POST", json: { email } });
      expect(response.status).toBe(400);
      expect(await json<Envelope>(response)).toEqual({ success: false, error: "email: Please enter a valid email address" });
    },
  );

  it("cleans the page it came from", async () => {
    const email = `from-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await call("/api/interest/swap-toys", {
      method: "POST",
      json: { email, from: `http://localhost/swap-toys${NUL}${BIDI_OVERRIDE}?x${LONE_SURROGATE}` },
      headers: { "CF-Connecting-IP": "203.0.113.77" },
    });
    expect(response.status).toBe(201);
    const [row] = await db.select().from(interestRegistrations).where(eq(interestRegistrations.email, email));
    expect(row!.fromUrl).toBe("http://localhost/swap-toys?x\uFFFD");
  });
});

describe("names from sign-in", () => {
  it("local sign-in refuses a name with nothing visible and cleans the rest", async () => {
    for (const name of [ZERO_WIDTH_ONLY, NUL, BIDI_OVERRIDE]) {
      const refused = await postForm("/login", { intent: "new", name, email: `local-${crypto.randomUUID().slice(0, 8)}@example.com` });
      expect(refused.status).toBe(400);
      expect(pageText(await refused.text())).toContain("Please enter a name");
    }
    const email = `local-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await postForm("/login", { intent: "new", name: `${BIDI_OVERRIDE}Nia${NUL} Local`, email });
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(row!.name).toBe("Nia Local");
  });

  it("a Google display name is cleaned too, and one with nothing visible becomes 'Reader'", () => {
    const profile = (name: string) => verifyGoogleIdToken(googleIdToken({ name }), GOOGLE_CLIENT_ID);
    expect(profile(`Ada${BIDI_OVERRIDE} Lovelace${NUL}`).name).toBe("Ada Lovelace");
    expect(profile(ZERO_WIDTH_ONLY).name).toBe("Reader");
  });
});
