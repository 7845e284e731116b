import { clubRoomReads } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { addMember } from "../clubs/support";
import { db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { clubWithMembers, type Item, type RoomPage, roomJson } from "./support";

describe("A member's club room messages and their account", () => {
  it("puts the club messages they wrote, not others', in 'Download all my data' (club-room.json)", async () => {
    const { admin, member, club } = await clubWithMembers();
    await roomJson("POST", `/${club.id}/room/messages`, member, { content: "My first words here" });
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "Someone else's words" });
    await roomJson("POST", `/${club.id}/room/messages`, member, { content: "And my second" });

    const response = await call("/api/users/me/data", { cookie: member.cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const rooms = JSON.parse(strFromU8(files["club-room.json"]!)) as { clubId: string; clubName: string; messages: { content: string }[] }[];
    expect(rooms).toEqual([
      expect.objectContaining({
        clubId: club.id,
        clubName: "Night Readers",
        messages: [expect.objectContaining({ content: "My first words here" }), expect.objectContaining({ content: "And my second" })],
      }),
    ]);
    const readme = JSON.parse(strFromU8(files["README.json"]!)) as { files: string[] };
    expect(readme.files).toContain("club-room.json");
  });

  it("removes their read marks on account deletion; their messages stay in the room, from Deleted member", async () => {
    const { admin, club } = await clubWithMembers();
    const leaving = await signedInMember({ name: "Leaving Reader" });
    await addMember(club.id, leaving.user.id);
    const sent = await roomJson<Item>("POST", `/${club.id}/room/messages`, leaving, { content: "Goodbye, all" });
    await roomJson("POST", `/${club.id}/room/messages`, admin, { content: "Farewell!" });
    expect(await db.select().from(clubRoomReads).where(eq(clubRoomReads.userId, leaving.user.id))).toHaveLength(1);

    expect((await deleteAccountByApi(leaving.cookie)).status).toBe(200);
    expect(await db.select().from(clubRoomReads).where(eq(clubRoomReads.userId, leaving.user.id))).toEqual([]);
    const page = (await roomJson<RoomPage>("GET", `/${club.id}/room/messages`, admin)).body.data!;
    const kept = page.items.find((item) => item.messageId === sent.body.data!.messageId);
    expect(kept?.content).toBe("Goodbye, all");
    expect(kept?.fromName).toBe("Deleted member");
  });
});
