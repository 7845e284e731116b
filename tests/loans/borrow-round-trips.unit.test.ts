import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import type { ServiceContext } from "@worker/core/service-context";
import { analyticsEvents, notifications } from "@worker/db/schema";
import { borrowFromOwner } from "@worker/features/loans";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import "../../worker/subscribers";
import { createBook, createMember } from "../helpers/fixtures";
import { sessionUserOf } from "../helpers/rows-read";

/** The press's budget before it answers (issue 35): D1 round trips, each awaited query or db.batch one. */
const ROUND_TRIP_BUDGET = 8;

/**
 * What one press costs before its answer: D1 round trips (a statement's all/run/raw/first, or one
 * db.batch, each counted when it comes back) and Durable Object calls (a stub's method). What the
 * service hands to afterResponse runs on after the answer and is counted apart.
 */
interface Trips {
  d1: number;
  durableObjects: number;
}

function countingContext(user: ServiceContext["user"]) {
  const before: Trips = { d1: 0, durableObjects: 0 };
  const after: Trips = { d1: 0, durableObjects: 0 };
  let answered = false;
  const tally = (key: keyof Trips) => {
    (answered ? after : before)[key]++;
  };
  const counted = <T>(work: Promise<T>, key: keyof Trips) =>
    work.then(
      (value) => {
        tally(key);
        return value;
      },
      (error: unknown) => {
        tally(key);
        throw error;
      },
    );
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (prop === "all" || prop === "run" || prop === "raw" || prop === "first") {
          return (...args: unknown[]) => counted(Reflect.apply(target[prop], target, args) as Promise<unknown>, "d1");
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrapStatement(target.prepare(query));
      // The batch goes out as the original statements: one round trip however many it holds.
      if (prop === "batch") return (statements: D1PreparedStatement[]) => counted(target.batch(statements), "d1");
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const stub = (target: object): object =>
    new Proxy(target, {
      get(object, prop) {
        const value = Reflect.get(object, prop);
        if (typeof prop !== "string" || prop === "then" || typeof value !== "function") return value;
        // An RPC method: called on the stub itself (a stub has no Function.prototype.apply).
        return (...args: unknown[]) => counted(Promise.resolve((object as Record<string, (...a: unknown[]) => unknown>)[prop]!(...args)), "durableObjects");
      },
    });
  // Every Durable Object namespace of the Worker: its stubs count their calls.
  const countedEnv = new Proxy(env, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (!value || typeof value !== "object" || !("idFromName" in value)) return value;
      const namespace = value as DurableObjectNamespace;
      return new Proxy(namespace, {
        get(ns, key) {
          if (key === "get") return (...args: Parameters<DurableObjectNamespace["get"]>) => stub(ns.get(...args));
          if (key === "getByName") return (name: string) => stub(ns.get(ns.idFromName(name)));
          const member = Reflect.get(ns, key);
          return typeof member === "function" ? member.bind(ns) : member;
        },
      });
    },
  });
  const followUps: Promise<unknown>[] = [];
  const ctx: ServiceContext = {
    db: drizzle(d1) as unknown as ServiceContext["db"],
    env: countedEnv,
    user,
    afterResponse: (work) => followUps.push(work),
  };
  return {
    ctx,
    before,
    after,
    /** The answer is out: what comes back from now on ran after it. */
    answer: () => {
      answered = true;
    },
    settle: () => Promise.all(followUps),
  };
}

async function press(user: ServiceContext["user"], bookId: string) {
  const counting = countingContext(user);
  const answer = await borrowFromOwner(counting.ctx, bookId, crypto.randomUUID());
  counting.answer();
  await counting.settle();
  return { answer, before: counting.before, after: counting.after };
}

describe("one 'Borrow from {owner}' press", () => {
  it(`answers within ${ROUND_TRIP_BUDGET} D1 round trips, first press and second (already asked)`, async () => {
    const owner = await createMember({ name: "Olive Owner" });
    const reader = await createMember({ name: "Rafa Reader" });
    const book = await createBook(owner.id, { title: "Round Trips" });
    const user = sessionUserOf(reader);

    const first = await press(user, book.id);
    expect(first.answer.created).toBe(true);
    const second = await press(user, book.id);
    expect(second.answer.created).toBe(false);
    expect(second.answer.conversationId).toBe(first.answer.conversationId);
    // scripts/bench/borrow-press.ts reads this line.
    console.info(
      `BORROW_PRESS_TRIPS ${JSON.stringify({ first: { before: first.before, after: first.after }, second: { before: second.before, after: second.after } })}`,
    );
    console.info(
      `borrow press: first ${first.before.d1} D1 round trips, ${first.before.durableObjects} Durable Object calls before the answer ` +
        `(${first.after.d1} and ${first.after.durableObjects} after it); second ${second.before.d1} and ${second.before.durableObjects} ` +
        `(${second.after.d1} and ${second.after.durableObjects} after it)`,
    );

    // What followed still happened, once: the chat has the ledger's line and the request, the owner's bell the request.
    const chat = (await conversationRoom(env, first.answer.conversationId).list(owner.id, 10)).items.map((m) => m.content).reverse();
    expect(chat).toEqual([
      expect.stringMatching(/^📚 Asked to borrow "Round Trips"\.\nNew member, no loans yet · /),
      `Hi! I'm interested in borrowing "Round Trips". Is it available?`,
    ]);
    const bell = await drizzle(env.DB).select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, owner.id));
    expect(bell.map((row) => row.type).sort()).toEqual(["loan_requested", "message_received"]);
    const intents = await drizzle(env.DB)
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.type, "borrow_intent"), eq(analyticsEvents.userId, reader.id)));
    expect(intents).toHaveLength(1);

    expect(first.before.d1).toBeLessThanOrEqual(ROUND_TRIP_BUDGET);
    expect(second.before.d1).toBeLessThanOrEqual(ROUND_TRIP_BUDGET);
  });
});
