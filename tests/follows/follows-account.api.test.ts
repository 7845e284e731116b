import { follows, users } from "@worker/db/schema";
import { eq, or } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

const rowsOf = (userId: string) =>
  db
    .select()
    .from(follows)
    .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));

describe("follows and the member's account", () => {
  it("are in the data download: whom they follow and who follows them", async () => {
    const reader = await signedInMember({ name: "Zip Reader" });
    const [milo, fan] = await Promise.all([createMember({ name: "Milo" }), createMember({ name: "Fan" })]);
    await db.insert(follows).values([
      { followerId: reader.user.id, followeeId: milo.id, createdAt: 1_000 },
      { followerId: fan.id, followeeId: reader.user.id, createdAt: 2_000 },
    ]);
    const response = await call("/api/users/me/data", { cookie: reader.cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(JSON.parse(strFromU8(files["follows.json"]!))).toEqual({
      following: [{ userId: milo.id, name: "Milo", since: 1_000 }],
      followers: [{ userId: fan.id, name: "Fan", since: 2_000 }],
    });
    expect(JSON.parse(strFromU8(files["README.json"]!)).files).toContain("follows.json");
  });

  it("go both ways when the member deletes their account, and nobody else's do", async () => {
    const leaver = await signedInMember({ name: "Leaving Reader" });
    const [milo, fan] = await Promise.all([createMember(), createMember()]);
    await db.insert(follows).values([
      { followerId: leaver.user.id, followeeId: milo.id },
      { followerId: fan.id, followeeId: leaver.user.id },
      { followerId: fan.id, followeeId: milo.id },
    ]);
    expect((await deleteAccountByApi(leaver.cookie)).status).toBe(200);
    expect(await rowsOf(leaver.user.id)).toEqual([]);
    // The users row stays as a tombstone, so this is the deletion's own statement, not the cascade.
    expect(await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, leaver.user.id))).toEqual([{ deletedAt: expect.any(Number) }]);
    expect(await rowsOf(fan.id)).toEqual([expect.objectContaining({ followerId: fan.id, followeeId: milo.id })]);
  });

  it("cascade with a users row that is removed outright (the foreign keys' ON DELETE CASCADE)", async () => {
    const [gone, milo, fan] = await Promise.all([createMember(), createMember(), createMember()]);
    await db.insert(follows).values([
      { followerId: gone.id, followeeId: milo.id },
      { followerId: fan.id, followeeId: gone.id },
    ]);
    await db.delete(users).where(eq(users.id, gone.id));
    expect(await rowsOf(gone.id)).toEqual([]);
  });
});
