import { resolveTimeZone } from "@worker/core/shared/time-zones";
import { clubs, users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { api, call, SAME_ORIGIN } from "../helpers/http";

// The timezone hint says "Type a city or region, e.g. Lisbon or New York": a city is taken for its zone.
describe("resolveTimeZone", () => {
  it("takes a zone's own name as it is", () => {
    expect(resolveTimeZone("Europe/Lisbon")).toBe("Europe/Lisbon");
    expect(resolveTimeZone("UTC")).toBe("UTC");
  });

  it("takes a city for its zone, whatever its case, accents and spaces", () => {
    expect(resolveTimeZone("Lisbon")).toBe("Europe/Lisbon");
    expect(resolveTimeZone("  lisbon ")).toBe("Europe/Lisbon");
    expect(resolveTimeZone("New York")).toBe("America/New_York");
    expect(resolveTimeZone("new_york")).toBe("America/New_York");
    expect(resolveTimeZone("São Paulo")).toBe("America/Sao_Paulo");
    // The runtime names it America/Buenos_Aires or America/Argentina/Buenos_Aires.
    expect(resolveTimeZone("buenos aires")).toMatch(/^America\/(Argentina\/)?Buenos_Aires$/);
    expect(resolveTimeZone("europe/lisbon")).toBe("Europe/Lisbon");
  });

  it("knows no zone for a place that is not one's city", () => {
    expect(resolveTimeZone("Atlantis")).toBeNull();
    expect(resolveTimeZone("")).toBeNull();
  });
});

describe("a city typed where a zone is asked for", () => {
  it("PUT /api/users/me saves 'lisbon' as Europe/Lisbon", async () => {
    const member = await signedInMember({ name: "Lia Lisboeta", timezone: "UTC" });
    const answer = await api<{ timezone: string }>("/users/me", member, { method: "PUT", json: { timezone: "lisbon" } });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.timezone).toBe("Europe/Lisbon");
    const [stored] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(stored!.timezone).toBe("Europe/Lisbon");
  });

  it("the profile form saves 'São Paulo' as America/Sao_Paulo, and still refuses a place that is no zone", async () => {
    const member = await signedInMember({ name: "Paulo Paulista", timezone: "UTC" });
    const form = new FormData();
    form.set("name", "Paulo Paulista");
    form.set("bio", "");
    form.set("timezone", "São Paulo");
    const saved = await call("/profile", { method: "POST", headers: { ...SAME_ORIGIN }, cookie: member.cookie, body: form });
    expect(saved.status).toBe(200);
    const [stored] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(stored!.timezone).toBe("America/Sao_Paulo");

    form.set("timezone", "Atlantis");
    const refused = await call("/profile", { method: "POST", headers: { ...SAME_ORIGIN }, cookie: member.cookie, body: form });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose a timezone from the list");
  });

  it("POST /api/clubs saves 'new york' as America/New_York", async () => {
    const member = await signedInMember({ name: "Nia Newyorker" });
    const answer = await api<{ clubId: string }>("/clubs", member, {
      method: "POST",
      json: { name: `Hudson Readers ${crypto.randomUUID().slice(0, 8)}`, location: "Brooklyn", timezone: "new york" },
    });
    expect(answer.status).toBe(201);
    const [club] = await db.select().from(clubs).where(eq(clubs.id, answer.body.data!.clubId));
    expect(club!.timezone).toBe("America/New_York");
  });
});
