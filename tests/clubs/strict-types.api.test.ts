import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { createClub } from "./support";

// Issue 34, item 10: the club schemas coerced text into booleans and numbers and took null for
// text, for JSON clients too. JSON bodies now take the documented types only; forms convert their own.
describe("The clubs API takes JSON values of the documented types only", () => {
  const valid = { name: "Typed Club", location: "Town Hall" };
  const refused: [string, Record<string, unknown>, string][] = [
    ["isPrivate as text", { isPrivate: "true" }, "isPrivate"],
    ["memberLimit as text", { memberLimit: "1e1" }, "memberLimit"],
    ["latitude as text", { latitude: "45.5", longitude: 7 }, "latitude"],
    ["description null", { description: null }, "description"],
  ];

  it.each(refused)("refuses %s when creating a club", async (_name, fields, field) => {
    const creator = await signedInMember();
    const answer = await api("/clubs", creator, { method: "POST", json: { ...valid, ...fields }, auth: "bearer", invalid: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatch(new RegExp(`^${field}: `));
  });

  it.each(refused)("refuses %s when editing a club", async (_name, fields, field) => {
    const creator = await signedInMember();
    const club = await createClub(creator.user.id);
    const answer = await api(`/clubs/${club.id}`, creator, { method: "PATCH", json: fields, auth: "bearer", invalid: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatch(new RegExp(`^${field}: `));
  });

  it("takes the same values as JSON types", async () => {
    const creator = await signedInMember();
    const answer = await api<{ isPrivate: boolean; memberLimit: number | null }>("/clubs", creator, {
      method: "POST",
      json: { ...valid, isPrivate: true, memberLimit: 10, latitude: 45.5, longitude: 7, description: "" },
      auth: "bearer",
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({ isPrivate: true, memberLimit: 10 });
  });
});
