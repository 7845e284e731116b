import { env } from "cloudflare:workers";
import { clubInputSchema, clubUpdateSchema, inviteCodeInputSchema, normalizeInviteCode } from "@worker/core/shared/club-rules";
import { deriveInviteCode, hashInviteCode, newInviteNonce } from "@worker/features/clubs/invite-code-crypto";
import { describe, expect, it } from "vitest";
import { clubFields } from "~/features/clubs/club-fields.server";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("invite code entry", () => {
  it.each([
    ["abcd2345", "ABCD2345"],
    [" AbCd-2345 ", "ABCD2345"],
    ["ab cd 23 45", "ABCD2345"],
    ["Il1oO0", "111000"],
    ["LLLL", "1111"],
  ])("%j reads as %j", (typed, code) => {
    expect(normalizeInviteCode(typed)).toBe(code);
    expect(inviteCodeInputSchema.parse(typed)).toBe(code);
  });

  it("is required and at most 8 characters once hyphens and spaces are gone", () => {
    expect(firstMessage(inviteCodeInputSchema.safeParse(""))).toBe("Invite code is required");
    expect(firstMessage(inviteCodeInputSchema.safeParse(undefined))).toBe("Invite code is required");
    expect(firstMessage(inviteCodeInputSchema.safeParse(" -- "))).toBe("Invite code is required");
    expect(firstMessage(inviteCodeInputSchema.safeParse("ABCDEFGH1"))).toBe("Invite code must be at most 8 characters");
    expect(inviteCodeInputSchema.parse("ABCD-EFGH")).toBe("ABCDEFGH");
  });
});

describe("invite code derivation", () => {
  it("gives 8 Crockford characters, the same for the same club and nonce, different otherwise", async () => {
    const nonce = newInviteNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const code = await deriveInviteCode(env, "club-1", nonce);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await deriveInviteCode(env, "club-1", nonce)).toBe(code);
    expect(await deriveInviteCode(env, "club-2", nonce)).not.toBe(code);
    expect(await deriveInviteCode(env, "club-1", newInviteNonce())).not.toBe(code);
  });

  it("uses all 32 characters over many codes (no bias towards part of the alphabet)", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const char of await deriveInviteCode(env, `club-${i}`, "n")) seen.add(char);
    expect(seen.size).toBe(32);
  });

  it("hashes a code to 64 hex characters that do not contain it", async () => {
    const hash = await hashInviteCode(env, "ABCD2345");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashInviteCode(env, "ABCD2345")).toBe(hash);
    expect(await hashInviteCode(env, "ABCD2346")).not.toBe(hash);
  });
});

describe("club fields", () => {
  it("default what a form or client leaves out", () => {
    expect(clubInputSchema.parse({ name: "Club", location: "Hall" })).toEqual({
      name: "Club",
      description: "",
      location: "Hall",
      isPrivate: false,
      memberLimit: null,
      timezone: "UTC",
    });
  });

  it("leave out of an update what was not sent (no limit lifted, no privacy changed)", () => {
    expect(clubUpdateSchema.parse({ name: "New" })).toEqual({ name: "New" });
    // A form's text goes through its adapter (the schema itself takes JSON types only).
    const { memberLimit: blank } = clubFields(form({ memberLimit: "" }));
    expect(clubUpdateSchema.parse({ memberLimit: blank })).toEqual({ memberLimit: null });
    const { isPrivate: ticked } = clubFields(form({ isPrivate: "on" }));
    expect(clubUpdateSchema.parse({ memberLimit: null, isPrivate: ticked })).toEqual({ memberLimit: null, isPrivate: true });
  });

  it("take the form's spellings through its adapter: 'on' for private, the limit as text, an empty limit for none", () => {
    expect(clubInputSchema.parse(clubFields(form({ name: "Form Club", location: "Hall", isPrivate: "on", memberLimit: " 25 " })))).toMatchObject({
      isPrivate: true,
      memberLimit: 25,
    });
    expect(clubInputSchema.parse(clubFields(form({ name: "Form Club", location: "Hall", isPrivate: "false", memberLimit: "" })))).toMatchObject({
      isPrivate: false,
      memberLimit: null,
    });
    expect(clubInputSchema.parse(clubFields(form({ name: "Form Club", location: "Hall", latitude: " 45.517 ", longitude: "-73.56" })))).toMatchObject({
      latitude: 45.52,
      longitude: -73.56,
    });
  });

  it.each([
    [{ name: "", location: "Hall" }, "Club name is required"],
    [{ name: "Club", location: "" }, "Location is required"],
    [{ name: "Club", location: "Hall", memberLimit: "1" }, "Member limit must be at least 2"],
    [{ name: "Club", location: "Hall", memberLimit: "1001" }, "Member limit must be at most 1000"],
    [{ name: "Club", location: "Hall", memberLimit: "2.5" }, "Member limit must be a whole number"],
    [{ name: "Club", location: "Hall", memberLimit: "lots" }, "Member limit must be a number"],
  ])("the form's %j: %s", (fields, message) => {
    expect(firstMessage(clubInputSchema.safeParse(clubFields(form(fields))))).toBe(message);
  });

  it.each([
    [{ name: "Club", location: "Hall", memberLimit: 1 }, "Member limit must be at least 2"],
    [{ name: "Club", location: "Hall", memberLimit: 1001 }, "Member limit must be at most 1000"],
    [{ name: "Club", location: "Hall", memberLimit: 2.5 }, "Member limit must be a whole number"],
    [{ name: "Club", location: "Hall", memberLimit: "12" }, "Member limit must be a number"],
    [{ name: "Club", location: "Hall", memberLimit: true }, "Member limit must be a number"],
    [{ name: "Club", location: "Hall", isPrivate: "on" }, "Private must be true or false"],
  ])("JSON %j: %s", (fields, message) => {
    expect(firstMessage(clubInputSchema.safeParse(fields))).toBe(message);
  });
});

/** A posted form with these fields. */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}
