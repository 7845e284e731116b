import { describe, expect, it } from "vitest";
import { call, json, type Envelope } from "../helpers/http";

type Progress = { interested: number; goal: number; registered?: boolean };

describe("POST /api/interest/swap-toys", () => {
  it("registers interest once per e-mail and reports progress towards 100", async () => {
    const first = await call("/api/interest/swap-toys", { method: "POST", json: { email: " Kim@Example.com ", from: "http://localhost/swap-toys" } });
    expect(first.status).toBe(201);
    expect(await json<Envelope<Progress>>(first)).toEqual({ success: true, data: { registered: true, interested: 1, goal: 100 } });

    const again = await call("/api/interest/swap-toys", { method: "POST", json: { email: "kim@example.com" } });
    expect((await json<Envelope<Progress>>(again)).data!.interested).toBe(1);

    const progress = await call("/api/interest/swap-toys");
    expect((await json<Envelope<Progress>>(progress)).data).toEqual({ interested: 1, goal: 100 });
  });

  it.each(["", "no-at-sign", "a@b", "a b@c.d", "@example.com"])("refuses %j with the spec's message", async (email) => {
    const response = await call("/api/interest/swap-toys", { method: "POST", json: { email } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "email: Please enter a valid email address" });
  });

  it("refuses malformed JSON, a wrong type and a missing body with 400", async () => {
    const malformed = await call("/api/interest/swap-toys", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"email": "a@b.c"',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ success: false, error: "Malformed JSON in request body" });

    const wrongType = await call("/api/interest/swap-toys", { method: "POST", json: { email: 42 } });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ success: false, error: expect.stringContaining("email") });

    const notJson = await call("/api/interest/swap-toys", { method: "POST", body: "email=a@b.c", headers: { "Content-Type": "text/plain" } });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ success: false, error: "Content-Type must be application/json" });
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const before = await json<Envelope<Progress>>(await call("/api/interest/swap-toys"));
    const response = await call("/api/interest/swap-toys", {
      method: "POST",
      json: { email: "big@example.com", from: "x".repeat(100_000) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, error: "Request body is too large" });
    const progress = await json<Envelope<Progress>>(await call("/api/interest/swap-toys"));
    expect(progress.data!.interested).toBe(before.data!.interested);
  });
});
