import { env } from "cloudflare:workers";
import type { AccountZip, TableCover } from "@worker/core/member-data-parts";
import type { Database } from "@worker/db/client";
import * as schema from "@worker/db/schema";
import { ACCOUNT_DELETION_PARTS } from "@worker/features/account/account-deletion";
import { ACCOUNT_DATA_PARTS, NOT_IN_DATA_DOWNLOAD } from "@worker/features/account/data-download";
import { is } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";

const tableName = (table: SQLiteTable) => getTableConfig(table).name;

/** users itself, and every table with a foreign key to users.id, read from the drizzle schema. */
const memberTables = (Object.values(schema) as unknown[])
  .filter((value): value is SQLiteTable => is(value, SQLiteTable))
  .filter(
    (table) =>
      table === schema.users ||
      getTableConfig(table).foreignKeys.some((key) => {
        const reference = key.reference();
        return reference.foreignTable === schema.users && reference.foreignColumns.some((column) => column.name === "id");
      }),
  )
  .map(tableName)
  .sort();

/** Each table name with the parts (of one list) that declare it. */
function declarers(parts: readonly { name: string; covers: readonly TableCover[] }[]) {
  const byTable = new Map<string, string[]>();
  for (const part of parts) for (const cover of part.covers) byTable.set(tableName(cover.table), [...(byTable.get(tableName(cover.table)) ?? []), part.name]);
  return byTable;
}

const downloadParts = [...ACCOUNT_DATA_PARTS, ...NOT_IN_DATA_DOWNLOAD.map((cover) => ({ name: `not in the zip: ${tableName(cover.table)}`, covers: [cover] }))];

/** The table a D1 statement writes: the one after delete from / update / insert into. */
const writtenTable = (statement: unknown) =>
  (statement as { toSQL(): { sql: string } }).toSQL().sql.match(/^(?:delete from|update|insert into) "([^"]+)"/)?.[1];

describe("Tables holding a member id", () => {
  it("are found in the drizzle schema by their foreign keys to users.id", () => {
    expect(memberTables).toEqual(
      expect.arrayContaining(["users", "sessions", "books", "loans", "loan_events", "memberships", "conversations", "reports", "data_exports"]),
    );
    expect(memberTables.length).toBeGreaterThanOrEqual(20);
  });

  it("are each handled by the data download or by account deletion", () => {
    const handled = new Set([...declarers(downloadParts).keys(), ...declarers(ACCOUNT_DELETION_PARTS).keys()]);
    expect(memberTables.filter((table) => !handled.has(table))).toEqual([]);
  });

  it("are each answered for by exactly one deletion part: deleted, anonymised or kept, and how", () => {
    const byTable = declarers(ACCOUNT_DELETION_PARTS);
    expect(Object.fromEntries(memberTables.map((table) => [table, byTable.get(table)?.length ?? 0]))).toEqual(
      Object.fromEntries(memberTables.map((table) => [table, 1])),
    );
  });

  it("are each in the zip by exactly one part, or said to be left out and why", () => {
    const byTable = declarers(downloadParts);
    expect(Object.fromEntries(memberTables.map((table) => [table, byTable.get(table)?.length ?? 0]))).toEqual(
      Object.fromEntries(memberTables.map((table) => [table, 1])),
    );
  });

  it("leave a table unanswered for when any one part is taken out", () => {
    for (const parts of [downloadParts, ACCOUNT_DELETION_PARTS]) {
      for (const part of parts) {
        const left = declarers(parts.filter((other) => other !== part));
        expect(
          memberTables.filter((table) => !left.has(table)),
          `without ${part.name}`,
        ).not.toEqual([]);
      }
    }
  });
});

describe("Parts declare what they do", () => {
  it("a deletion part writes every table it says it deletes or changes, and no other", async () => {
    const member = await signedInMember();
    const friend = await signedInMember();
    await createClub(member.user.id, { name: "Declared Club" });
    // A loan the friend recorded on the member that they never answered: its part writes loan_events too.
    const book = await createBook(friend.user.id, { status: "borrowed", lentToUserId: member.user.id });
    await db
      .insert(schema.loans)
      .values({ id: crypto.randomUUID(), bookId: book.id, ownerId: friend.user.id, borrowerId: member.user.id, state: "lent", updatedAt: Date.now() });
    const ctx = { db, env, user: member.user };

    for (const part of ACCOUNT_DELETION_PARTS) {
      const plan = await part.plan(ctx, Date.now());
      const written = new Set((plan.statements ?? []).map(writtenTable));
      const also = (part.alsoChanges ?? []).map((cover) => tableName(cover.table));
      const declared = [...part.covers.map((cover) => tableName(cover.table)), ...also];
      expect(
        [...written].filter((table) => !declared.includes(table!)),
        part.name,
      ).toEqual([]);
      const changed = [...part.covers.filter((cover) => !cover.how.startsWith("kept")).map((cover) => tableName(cover.table)), ...also];
      expect(
        changed.filter((table) => !written.has(table)),
        part.name,
      ).toEqual([]);
    }
  });

  it("a data part reads every table it says it puts in the zip", async () => {
    const member = await signedInMember();
    const queries: string[] = [];
    // Every statement, batched or not, is prepared on the binding: the proxy notes its SQL.
    const recording = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare") {
          return (sql: string) => {
            queries.push(sql);
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const logged = drizzle(recording) as unknown as Database;
    const zip: AccountZip = { json: async () => undefined, file: async () => undefined };
    for (const part of ACCOUNT_DATA_PARTS) {
      queries.length = 0;
      await part.write({ db: logged, env }, member.user.id, zip);
      const read = queries.join("\n");
      expect(
        part.covers.map((cover) => tableName(cover.table)).filter((table) => !read.includes(`"${table}"`)),
        part.name,
      ).toEqual([]);
    }
  });
});
