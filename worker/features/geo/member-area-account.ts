import type { AccountDataPart, AccountDeletionPart } from "@worker/core/member-data-parts";
import { memberAreas } from "@worker/db/schema";
import { eq } from "drizzle-orm";

/** area.json: the place's name alone; the cell never leaves the server, not even to its member. */
export const memberAreaDataPart: AccountDataPart = {
  name: "area",
  covers: [{ table: memberAreas, how: "area.json, the place's name only" }],
  files: ["area.json"],
  async write({ db }, userId, zip) {
    const [row] = await db.select({ place: memberAreas.place, updatedAt: memberAreas.updatedAt }).from(memberAreas).where(eq(memberAreas.userId, userId));
    await zip.json("area.json", row ?? null);
  },
};

export const memberAreaDeletionPart: AccountDeletionPart = {
  name: "area",
  covers: [{ table: memberAreas, how: "deleted" }],
  async plan({ db, user }) {
    return { statements: [db.delete(memberAreas).where(eq(memberAreas.userId, user.id))] };
  },
};
