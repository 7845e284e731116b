import { env } from "cloudflare:workers";
import { publish, subscribe, subscribersOf } from "@worker/core/events/registry";
import { describe, expect, it, vi } from "vitest";
import { db } from "../helpers/fixtures";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    "test.happened": { n: number };
  }
}

describe("feature events", () => {
  it("runs every subscriber of the event; a failing one is logged and never fails the publisher or the others", async () => {
    const seen: number[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    subscribe({
      "test.happened": {
        "test.broken": async () => {
          throw new Error("boom");
        },
        "test.counter": async (_deps, event) => {
          seen.push(event.n);
        },
      },
    });
    await expect(publish({ db, env }, { type: "test.happened", n: 7 })).resolves.toBeUndefined();
    expect(seen).toEqual([7]);
    expect(warn).toHaveBeenCalledWith("Subscriber test.broken of test.happened failed", expect.any(Error));
    warn.mockRestore();
  });

  it("registering a name again replaces it (a module evaluated again in development)", async () => {
    const calls: string[] = [];
    // test.broken, from the test above, still fails (and is logged): the registry is per isolate.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    subscribe({ "test.happened": { "test.once": async () => void calls.push("first") } });
    subscribe({ "test.happened": { "test.once": async () => void calls.push("second") } });
    expect(subscribersOf("test.happened").filter((name) => name === "test.once")).toHaveLength(1);
    await publish({ db, env }, { type: "test.happened", n: 1 });
    expect(calls).toEqual(["second"]);
    vi.restoreAllMocks();
  });

  it("the entry's registrations tell each event's subscribers", async () => {
    await import("@worker/subscribers");
    expect(subscribersOf("club.announced")).toEqual(["notifications.club-members"]);
    expect(subscribersOf("loan.requested")).toEqual(["messages.loan-line", "notifications.owner"]);
    expect(subscribersOf("book.listed")).toEqual(["follows.new-book-notices", "wanted.copy-wanters"]);
    expect(subscribersOf("loan.book_free")).toEqual(["wanted.copy-wanters"]);
    expect(subscribersOf("geo.area_changed")).toEqual(["wanted.rematch"]);
    expect(subscribersOf("loan.step_taken")).toEqual(["messages.loan-line", "notifications.other-side"]);
    expect(subscribersOf("loan.offered")).toEqual(["notifications.offered-member"]);
    expect(subscribersOf("club.join_requested")).toEqual(["notifications.club-admins"]);
    expect(subscribersOf("club.join_approved")).toEqual(["notifications.member-and-admins"]);
    expect(subscribersOf("club.member_joined")).toEqual(["notifications.club-admins"]);
    expect(subscribersOf("club.poll_closed")).toEqual(["notifications.club-members"]);
    expect(subscribersOf("club.room_message")).toEqual(["notifications.club-room-bell"]);
    expect(subscribersOf("comment.posted")).toEqual(["notifications.book-owner"]);
    expect(subscribersOf("message.sent")).toEqual(["messages.inbox-ping", "notifications.recipient"]);
  });
});
