import { env } from "cloudflare:workers";
import { clubs } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { page, postForm } from "../helpers/pages";
import { clubApi, createClub } from "./support";

const PRECISE = "38.7223, -9.1393";
const COARSE = "38.72, -9.14";

/** Issue 34, item 3: a club's location text never publishes a position finer than about 1 km. */
describe("coordinates in a club's location", () => {
  it("are rounded to 0.01° before a club is saved, by the API and by the Create Book Club form", async () => {
    const creator = await signedInMember();
    const made = await clubApi<{ clubId: string; location: string }>("POST", "", creator, { name: "Rounded", location: `Near ${PRECISE}` });
    expect(made.status).toBe(201);
    expect(made.body.data!.location).toBe(`Near ${COARSE}`);
    const [stored] = await db.select({ location: clubs.location }).from(clubs).where(eq(clubs.id, made.body.data!.clubId));
    expect(stored!.location).toBe(`Near ${COARSE}`);

    const edited = await clubApi<{ location: string }>("PATCH", `/${made.body.data!.clubId}`, creator, { location: `38°43'20.3"N 9°08'21.5"W` });
    expect(edited.status).toBe(200);
    expect(edited.body.data!.location).toBe("38.72°N 9.14°W");
    const [again] = await db.select({ location: clubs.location }).from(clubs).where(eq(clubs.id, made.body.data!.clubId));
    expect(again!.location).toBe("38.72°N 9.14°W");

    const posted = await postForm(
      "/clubs?dialog=create",
      { intent: "create", name: "Form Club", description: "", location: PRECISE, memberLimit: "" },
      creator.cookie,
    );
    expect(posted.status).toBe(302);
    const formClubId = (posted.headers.get("Location") ?? "").slice("/clubs/".length);
    const [fromForm] = await db.select({ location: clubs.location }).from(clubs).where(eq(clubs.id, formClubId));
    expect(fromForm!.location).toBe(COARSE);
  });

  it("of a club saved before the rule are rounded wherever the club is shown", async () => {
    const creator = await signedInMember();
    const visitor = await signedInMember();
    const club = await createClub(creator.user.id, { name: "Old Precise Club", location: PRECISE });
    const browse = await clubApi<{ items: { clubId: string; location: string }[] }>("GET", "/browse?search=Precise", visitor);
    expect(browse.body.data!.items.find((item) => item.clubId === club.id)?.location).toBe(COARSE);
    const detail = await clubApi<{ location: string }>("GET", `/${club.id}`, visitor);
    expect(detail.body.data!.location).toBe(COARSE);
    for (const [path, cookie] of [
      ["/clubs/browse", visitor.cookie],
      [`/clubs/${club.id}`, visitor.cookie],
      [`/clubs/${club.id}?dialog=edit`, creator.cookie],
    ] as const) {
      const { html } = await page(path, cookie);
      expect(html, path).toContain(COARSE);
      expect(html, path).not.toContain("7223");
    }
  });

  it("written by the old fallback are rounded in the table by migration 0018, search index included", async () => {
    const creator = await signedInMember();
    const old = await createClub(creator.user.id, { name: "Fallback Club", location: PRECISE });
    const keep = await createClub(creator.user.id, { name: "Named Club", location: "Lisbon, Portugal" });
    const south = await createClub(creator.user.id, { name: "South Club", location: "-0.0012, 151.2093" });
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0018_"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
    const rows = await db.select({ id: clubs.id, location: clubs.location }).from(clubs);
    const locationOf = (id: string) => rows.find((row) => row.id === id)?.location;
    expect([locationOf(old.id), locationOf(keep.id), locationOf(south.id)]).toEqual([COARSE, "Lisbon, Portugal", "0.00, 151.21"]);
    const found = await clubApi<{ items: unknown[] }>("GET", "/browse?search=7223", creator);
    expect(found.body.data!.items).toEqual([]);
  });

  it("the club form says what others will see", async () => {
    const creator = await signedInMember();
    const { html } = await page("/clubs?dialog=create", creator.cookie);
    expect(html).toContain("Others see this place as written here; coordinates are rounded to about 1 km.");
  });
});
