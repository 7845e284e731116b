import { describe, expect, it } from "vitest";
import { clientAddress, postForm, startOfRateLimitWindow } from "../auth/support";
import { call, type Envelope, json } from "../helpers/http";

type Progress = { interested: number; goal: number; registered?: boolean };

describe("POST /api/interest/swap-toys", () => {
  it("registers interest once per e-mail and reports progress towards 100", async () => {
    // Padded: the server trims before checking, past what the document's pattern allows as sent.
    const first = await call("/api/interest/swap-toys", {
      method: "POST",
      json: { email: " Kim@Example.com ", from: "http://localhost/swap-toys" },
      invalid: true,
    });
    expect(first.status).toBe(201);
    expect(await json<Envelope<Progress>>(first)).toEqual({ success: true, data: { registered: true, interested: 1, goal: 100 } });

    const again = await call("/api/interest/swap-toys", { method: "POST", json: { email: "kim@example.com" } });
    expect((await json<Envelope<Progress>>(again)).data!.interested).toBe(1);

    const progress = await call("/api/interest/swap-toys");
    expect((await json<Envelope<Progress>>(progress)).data).toEqual({ interested: 1, goal: 100 });
  });

  it.each(["", "no-at-sign", "a@b", "a b@c.d", "@example.com"])("refuses %j with the spec's message", async (email) => {
    const response = await call("/api/interest/swap-toys", { method: "POST", json: { email }, invalid: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "email: Please enter a valid email address" });
  });

  it("refuses malformed JSON, a wrong type and a missing body with 400", async () => {
    const malformed = await call("/api/interest/swap-toys", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@b.c"',
      invalid: true,
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, error: "Malformed JSON in request body" });

    const wrongType = await call("/api/interest/swap-toys", { method: "POST", json: { email: 42 }, invalid: true });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ success: false, error: expect.stringContaining("email") });

    const notJson = await call("/api/interest/swap-toys", { method: "POST", body: "email=a@b.c", headers: { "Content-Type": "text/plain" }, invalid: true });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, error: "Content-Type must be application/json" });
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const before = await json<Envelope<Progress>>(await call("/api/interest/swap-toys"));
    const response = await call("/api/interest/swap-toys", {
      method: "POST",
      json: { email: "big@example.com", from: "x".repeat(100_000) },
      invalid: true,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, error: "Request body is too large" });
    const progress = await json<Envelope<Progress>>(await call("/api/interest/swap-toys"));
    expect(progress.data!.interested).toBe(before.data!.interested);
  });
});

describe("Swap Toys registrations are limited per client address", () => {
  const register = (email: string, ip: string) =>
    // A padded address is past the document's pattern as sent; the server trims it (what this test is about).
    call("/api/interest/swap-toys", { method: "POST", json: { email }, headers: { "CF-Connecting-IP": ip }, invalid: email !== email.trim() });
  const progress = async () => (await json<Envelope<Progress>>(await call("/api/interest/swap-toys"))).data!.interested;

  it("counts an address once however it is cased or padded", async () => {
    const ip = clientAddress();
    const before = await progress();
    for (const email of ["Lee.Reader@Example.com", " lee.reader@example.com ", "LEE.READER@EXAMPLE.COM"]) {
      expect((await register(email, ip)).status).toBe(201);
    }
    expect(await progress()).toBe(before + 1);
  });

  it("answers the sixth registration in a minute from one address with a 429 envelope and does not count it", { timeout: 30_000 }, async () => {
    await startOfRateLimitWindow();
    const ip = clientAddress();
    for (let i = 0; i < 5; i++) expect((await register(`limit-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, ip)).status).toBe(201);
    const before = await progress();

    const refused = await register(`limit-over-${crypto.randomUUID().slice(0, 6)}@example.com`, ip);
    expect(refused.status).toBe(429);
    expect(await json<Envelope>(refused)).toEqual({
      success: false,
      error: "Too many registrations from your network. Please wait a minute and try again.",
    });
    expect(await progress()).toBe(before);

    // The page's form goes through the same limit; another address is not affected.
    const form = await postForm("/swap-toys", { email: `limit-form-${crypto.randomUUID().slice(0, 6)}@example.com` }, { ip });
    expect(form.status).toBe(429);
    expect(await progress()).toBe(before);
    expect((await register(`limit-other-${crypto.randomUUID().slice(0, 6)}@example.com`, clientAddress())).status).toBe(201);
  });
});
