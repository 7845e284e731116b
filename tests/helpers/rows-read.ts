import { env } from "cloudflare:workers";
import type { ServiceContext, SessionUser } from "@worker/core/service-context";
import { drizzle } from "drizzle-orm/d1";

/** What a counted call cost: D1 rows_read summed over its statements, and how many statements it ran. */
export interface ReadCount {
  rowsRead: number;
  statements: number;
}

/** env.DB adding every statement's meta.rows_read to `count`. For reads only: raw() is run once as all() first, for its meta. */
function counted(d1: D1Database, count: ReadCount): D1Database {
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === "raw") {
          return async () => {
            const measured = await target.all();
            count.rowsRead += measured.meta.rows_read;
            count.statements++;
            // drizzle asks for rows as arrays, without column names.
            return target.raw();
          };
        }
        if (prop === "all" || prop === "run") {
          return async () => {
            const result = await target[prop]();
            count.rowsRead += result.meta.rows_read;
            count.statements++;
            return result;
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          for (const result of results) count.rowsRead += result.meta.rows_read;
          count.statements += results.length;
          return results;
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The member as a service context carries them. */
export function sessionUserOf(member: Omit<SessionUser, "language"> & { language?: string | null }): SessionUser {
  const { id, name, email, bio, picture, timezone, showEmail } = member;
  return { id, name, email, bio, picture, timezone, language: member.language ?? null, showEmail };
}

/**
 * Runs `call` with a service context for `user` whose database counts D1 rows_read, as the bench's
 * harness does (scripts/bench/harness.ts): the read budgets of pages are asserted with it.
 */
export async function countRowsRead<T>(user: SessionUser | null, call: (ctx: ServiceContext) => Promise<T>): Promise<{ result: T } & ReadCount> {
  const count: ReadCount = { rowsRead: 0, statements: 0 };
  const ctx: ServiceContext = { db: drizzle(counted(env.DB, count)), env, user };
  const result = await call(ctx);
  return { result, ...count };
}

/** SQLite's plan for a drizzle query, one line a step ("SEARCH books USING INDEX …", "SCAN …"). */
export async function plan(query: { toSQL(): { sql: string; params: unknown[] } } | null): Promise<string[]> {
  if (!query) throw new Error("No statement to plan");
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}
