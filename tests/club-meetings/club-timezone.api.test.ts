import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";

describe("a club's timezone", () => {
  it("is set on create (UTC when left out), checked as an IANA zone, edited by the creator and shown with the club", async () => {
    const creator = await signedInMember();
    const post = (body: Record<string, unknown>) =>
      api<{ clubId: string; timezone: string }>("/clubs", creator, { method: "POST", auth: "bearer", json: { name: "Zoned", location: "Porto", ...body } });
    const made = await post({ timezone: "Europe/Lisbon" });
    expect(made.status).toBe(201);
    expect(made.body.data!.timezone).toBe("Europe/Lisbon");
    expect((await post({})).body.data!.timezone).toBe("UTC");
    const refused = await post({ timezone: "Mars/Olympus_Mons" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("timezone: Please choose a timezone from the list");

    const clubId = made.body.data!.clubId;
    const edited = await api<{ timezone: string }>(`/clubs/${clubId}`, creator, { method: "PATCH", auth: "bearer", json: { timezone: "America/New_York" } });
    expect(edited.body.data!.timezone).toBe("America/New_York");
    // Another edit that leaves it out keeps it.
    await api(`/clubs/${clubId}`, creator, { method: "PATCH", auth: "bearer", json: { name: "Zoned Again" } });
    const shown = await api<{ timezone: string }>(`/clubs/${clubId}`, creator, { auth: "bearer" });
    expect(shown.body.data!.timezone).toBe("America/New_York");
  });
});
