import { conversations } from "@worker/db/schema";
import { describe, expect, it } from "vitest";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

describe("the Messages unread badge", () => {
  it("sums the member's unread counts across conversations, on either side of the pair", async () => {
    const me = await signedInMember();
    const [a, b] = [await createMember(), await createMember()];
    const pair = (other: string) =>
      me.user.id < other ? { userAId: me.user.id, userBId: other, mine: "A" } : { userAId: other, userBId: me.user.id, mine: "B" };
    for (const [other, unread] of [
      [a.id, 2],
      [b.id, 3],
    ] as const) {
      const { mine, ...ids } = pair(other);
      await db.insert(conversations).values({
        id: crypto.randomUUID(),
        ...ids,
        lastMessageAt: Date.now(),
        lastMessageSnippet: "Hello",
        unreadCountForUserA: mine === "A" ? unread : 7,
        unreadCountForUserB: mine === "B" ? unread : 7,
      });
    }
    const html = await (await call("/library", { cookie: me.cookie })).text();
    expect(html).toMatch(/Messages<span [^>]*>5<span class="sr-only"> unread<\/span>/);

    const visitor = await (await call("/library")).text();
    expect(visitor).not.toContain(" unread</span>");
  });
});
