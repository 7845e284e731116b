import { CLUB_RATE_LIMITED } from "@worker/features/clubs/club-access";
import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { openDialog, postForm } from "../helpers/pages";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { clubApi, createClub } from "./support";

// CLUB_LIMITER (wrangler.toml): 30 club writes a minute per member.
const LIMIT = 30;

describe("the club-write limit (CLUB_LIMITER)", () => {
  it("counts every club write, by API or by a club page's form, against one budget per member; reads are not counted", async () => {
    await startOfRateLimitWindow();
    const creator = await signedInMember();
    const club = await createClub(creator.user.id);
    for (let i = 0; i < LIMIT; i++) {
      const saved =
        i % 2 === 0
          ? (await clubApi("PATCH", `/${club.id}`, creator, { description: `Round ${i}` })).status
          : (
              await postForm(
                `/clubs/${club.id}`,
                { intent: "update", name: "A Club", location: "Town Hall", description: `Round ${i}`, memberLimit: "" },
                creator.cookie,
              )
            ).status;
      expect(saved, `write ${i + 1}`).toBe(i % 2 === 0 ? 200 : 302);
    }
    expect(await clubApi("PATCH", `/${club.id}`, creator, { description: "One too many" })).toEqual({
      status: 429,
      body: { success: false, error: CLUB_RATE_LIMITED },
    });
    // The Edit Club dialog the form was sent from says why.
    const refusedForm = await postForm(
      `/clubs/${club.id}?dialog=edit`,
      { intent: "update", name: "A Club", location: "Town Hall", memberLimit: "" },
      creator.cookie,
    );
    expect(refusedForm.status).toBe(429);
    expect(openDialog(await refusedForm.text(), "Edit Club")).toContain(CLUB_RATE_LIMITED.replace("'", "&#x27;"));

    // Reading is not writing, and another member has a budget of their own.
    expect((await clubApi("GET", `/${club.id}`, creator)).status).toBe(200);
    expect((await clubApi("GET", "", creator)).status).toBe(200);
    expect((await clubApi("POST", `/${club.id}/request`, await signedInMember())).status).toBe(200);
  });

  it("refuses every kind of club write, API and page alike, once the budget is spent", async () => {
    await startOfRateLimitWindow();
    const member = await signedInMember();
    const club = await createClub(member.user.id, { isPrivate: true });
    for (let i = 0; i < LIMIT; i++) expect((await clubApi("PATCH", `/${club.id}`, member, { description: `Round ${i}` })).status).toBe(200);

    const other = crypto.randomUUID();
    const apiWrites: [string, string, unknown?][] = [
      ["POST", "", { name: "Another", location: "Park" }],
      ["PATCH", `/${club.id}`, { name: "Renamed" }],
      ["DELETE", `/${club.id}`],
      ["POST", "/join", { inviteCode: "ABCDEFGH" }],
      ["POST", `/${club.id}/request`],
      ["DELETE", `/${club.id}/leave`],
      ["POST", `/${club.id}/requests/${other}/approve`],
      ["POST", `/${club.id}/requests/${other}/reject`],
      ["POST", `/${club.id}/invite-code`],
      ["PATCH", `/${club.id}/members/${other}`, { role: "admin" }],
      ["DELETE", `/${club.id}/members/${other}`],
    ];
    for (const [method, path, body] of apiWrites) {
      expect(await clubApi(method, path, member, body), `${method} /api/clubs${path}`).toEqual({
        status: 429,
        body: { success: false, error: CLUB_RATE_LIMITED },
      });
    }
    const pageIntents: Record<string, string>[] = [
      { intent: "create", name: "Another", location: "Park" },
      { intent: "update", name: "Renamed", location: "Park", clubId: club.id },
      { intent: "delete", clubId: club.id },
      { intent: "join", inviteCode: "ABCDEFGH" },
      { intent: "request", clubId: club.id },
      { intent: "leave", clubId: club.id },
      { intent: "approve", clubId: club.id, userId: other },
      { intent: "reject", clubId: club.id, userId: other },
      { intent: "set-role", clubId: club.id, userId: other, role: "admin" },
      { intent: "remove-member", clubId: club.id, userId: other },
      { intent: "regenerate-invite", clubId: club.id },
    ];
    for (const fields of pageIntents) expect((await postForm("/clubs", fields, member.cookie)).status, fields.intent).toBe(429);
    // Nothing was changed by the refused writes.
    expect((await clubApi<{ name: string }>("GET", `/${club.id}`, member)).body.data!.name).toBe("A Club");
  });
});
