// Worker side of `scripts/bench/notice-fanout.ts`: a club announcement's notice step as the request runs
// it (tellClubMembers: a handful told inline, a large club only enqueued), a followed member's
// new-book job (runNewBooksJob: the same split), and the notice-fanout consumer's set-based writes,
// on local D1, counting the rows every statement writes.
import { getDatabase } from "@worker/db/client";
import { NEW_BOOKS_WINDOW_MS, newBooksWindow, runNewBooksJob } from "@worker/features/follows";
import { type ClubNotice, fanOutNotice, type NoticeMessage, tellClubMembers } from "@worker/features/notifications";
import { applyMigrations } from "../../helpers/bench-migrate";

interface BenchEnv {
  DB: D1Database;
}

const counter = { rowsWritten: 0, statements: 0 };

/** The D1 binding, counting meta.rows_written of every statement run alone or in a batch. */
function counting(db: D1Database): D1Database {
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (prop === "run" || prop === "all" || prop === "raw") {
          return async (...args: unknown[]) => {
            const result = await (target[prop] as (...a: unknown[]) => Promise<D1Result>)(...args);
            counter.rowsWritten += (result as D1Result).meta?.rows_written ?? 0;
            counter.statements++;
            return result;
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          for (const result of results) counter.rowsWritten += result.meta.rows_written ?? 0;
          counter.statements += results.length;
          return results;
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const sent: NoticeMessage[] = [];
/** The bindings the notice step touches: the queue captured, the members' inboxes answered at once. */
function benchEnv(env: BenchEnv): Env {
  return {
    ...env,
    DB: counting(env.DB),
    NOTICE_QUEUE: { send: async (body: NoticeMessage) => void sent.push(body) },
    MEMBER_INBOX: { idFromName: (name: string) => name, get: () => ({ notify: async () => {} }) },
    EMAIL_TOKEN_SECRET: "bench-email-token-secret",
  } as unknown as Env;
}

/** A club of an admin and `members` more, with a spread of languages. */
async function seedClub(db: D1Database, members: number) {
  const clubId = crypto.randomUUID();
  const adminId = crypto.randomUUID();
  const languages = [null, "de", "ja", "fr", "es", "ar"];
  const users = [adminId, ...Array.from({ length: members }, () => crypto.randomUUID())];
  const statements = users.map((id, i) =>
    db
      .prepare("INSERT INTO users (id, email, name, language) VALUES (?, ?, ?, ?)")
      .bind(id, `${id}@example.com`, `Member ${i}`, languages[i % languages.length] ?? null),
  );
  statements.push(db.prepare("INSERT INTO clubs (id, name, location, created_by) VALUES (?, 'Bench Club', 'Library', ?)").bind(clubId, adminId));
  for (const [i, id] of users.entries()) {
    statements.push(
      db.prepare("INSERT INTO memberships (club_id, user_id, role, status) VALUES (?, ?, ?, 'active')").bind(clubId, id, i === 0 ? "admin" : "member"),
    );
  }
  for (let i = 0; i < statements.length; i += 500) await db.batch(statements.slice(i, i + 500));
  return { clubId, adminId };
}

/** A member and `followers` followers, with a spread of languages. */
async function seedFollowers(db: D1Database, followers: number) {
  const ownerId = crypto.randomUUID();
  const languages = [null, "de", "ja", "fr", "es", "ar"];
  const users = [ownerId, ...Array.from({ length: followers }, () => crypto.randomUUID())];
  const statements = users.map((id, i) =>
    db
      .prepare("INSERT INTO users (id, email, name, language) VALUES (?, ?, ?, ?)")
      .bind(id, `${id}@example.com`, `Member ${i}`, languages[i % languages.length] ?? null),
  );
  for (const id of users.slice(1)) statements.push(db.prepare("INSERT INTO follows (follower_id, followee_id) VALUES (?, ?)").bind(id, ownerId));
  for (let i = 0; i < statements.length; i += 500) await db.batch(statements.slice(i, i + 500));
  return { ownerId };
}

const notice = (clubId: string, adminId: string): ClubNotice => ({
  kind: "club",
  type: "club_announcement",
  clubId,
  clubName: "Bench Club",
  actorId: adminId,
  dedupeKey: `club-announcement:${crypto.randomUUID()}`,
  link: `/clubs/${clubId}/room`,
  title: { message: "Announcement in {club}", values: { club: "Bench Club" } },
  body: "We meet Friday at 7",
  at: Date.now(),
});

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/migrate") return applyMigrations(request, env.DB);
    if (url.pathname === "/seed") {
      const { members } = (await request.json()) as { members: number };
      return Response.json(await seedClub(env.DB, members));
    }
    if (url.pathname === "/announce") {
      // The request's notice step; the queued message (if any) is handed back for /consume.
      const { clubId, adminId } = (await request.json()) as { clubId: string; adminId: string };
      const bench = benchEnv(env);
      sent.length = 0;
      counter.rowsWritten = 0;
      counter.statements = 0;
      const started = performance.now();
      await tellClubMembers({ db: getDatabase(bench.DB), env: bench }, notice(clubId, adminId));
      return Response.json({ ms: performance.now() - started, queued: [...sent], ...counter });
    }
    if (url.pathname === "/seed-followers") {
      const { followers } = (await request.json()) as { followers: number };
      return Response.json(await seedFollowers(env.DB, followers));
    }
    if (url.pathname === "/new-books") {
      // A book in the sample's own past window (not counted: it is the request's), then that window's job.
      const { ownerId, sample } = (await request.json()) as { ownerId: string; sample: number };
      const windowStart = newBooksWindow(Date.now()) - (sample + 2) * NEW_BOOKS_WINDOW_MS;
      await env.DB.prepare("INSERT INTO books (id, user_id, title, author, created_at) VALUES (?, ?, 'Matilda', 'Roald Dahl', ?)")
        .bind(crypto.randomUUID(), ownerId, windowStart)
        .run();
      const bench = benchEnv(env);
      sent.length = 0;
      counter.rowsWritten = 0;
      counter.statements = 0;
      const started = performance.now();
      await runNewBooksJob({ db: getDatabase(bench.DB), env: bench }, `${ownerId}:${windowStart}`, Date.now());
      return Response.json({ ms: performance.now() - started, queued: [...sent], ...counter });
    }
    if (url.pathname === "/consume") {
      // One queue invocation for one message.
      const message = (await request.json()) as NoticeMessage;
      const bench = benchEnv(env);
      counter.rowsWritten = 0;
      counter.statements = 0;
      const started = performance.now();
      await fanOutNotice({ db: getDatabase(bench.DB), env: bench }, message);
      return Response.json({ ms: performance.now() - started, ...counter });
    }
    if (url.pathname === "/count") {
      const { dedupeKey, clubId } = (await request.json()) as { dedupeKey: string; clubId?: string };
      const day = new Date().toISOString().slice(0, 10);
      // A club's e-mails are keyed by the day's claim; a follower notice's by the notice.
      const mailKey = clubId ? `club-mail:${clubId}:${day}` : dedupeKey;
      const row = await env.DB.prepare(
        "SELECT (SELECT count(*) FROM notifications WHERE dedupe_key = ?1) AS bells, (SELECT count(DISTINCT user_id) FROM notifications WHERE dedupe_key = ?1) AS bellMembers, (SELECT count(*) FROM email_outbox WHERE dedupe_key = ?2) AS mails",
      )
        .bind(dedupeKey, mailKey)
        .first();
      return Response.json(row);
    }
    return new Response("Not found", { status: 404 });
  },
};
