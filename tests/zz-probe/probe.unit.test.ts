import { env } from "cloudflare:workers";
import { it } from "vitest";

it("probe", async () => {
  const db = env.DB;
  await db.exec("CREATE TABLE p (id TEXT PRIMARY KEY, v INT, w INT); CREATE INDEX p_v ON p(v);");
  await db.exec("CREATE TABLE q (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, pid TEXT); CREATE UNIQUE INDEX q_id ON q(id); CREATE INDEX q_pid ON q(pid);");
  for (let i = 0; i < 100; i++) await db.prepare("INSERT INTO p VALUES (?, ?, ?)").bind(`p${i}`, i % 10, i).run();
  for (let i = 0; i < 100; i++) await db.prepare("INSERT INTO q (id, pid) VALUES (?, ?)").bind(`q${i}`, `p${i % 50}`).run();
  const probe = async (label: string, sql: string, ...b: unknown[]) => {
    const r = await db.prepare(sql).bind(...b).all();
    const plan = await db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...b).all();
    console.log(label, "rows", r.results.length, "read", r.meta.rows_read, JSON.stringify(plan.results.map((x: any) => x.detail)));
  };
  await probe("pk one", "SELECT * FROM p WHERE id = ?", "p3");
  await probe("pk miss", "SELECT * FROM p WHERE id = ?", "zz");
  await probe("idx v=3 (10 rows)", "SELECT * FROM p WHERE v = ?", 3);
  await probe("idx v=3 covering", "SELECT v FROM p WHERE v = ?", 3);
  await probe("idx v=3 limit 2", "SELECT * FROM p WHERE v = ? LIMIT 2", 3);
  await probe("rowid table by unique idx", "SELECT * FROM q WHERE id = ?", "q3");
  await probe("rowid by seq", "SELECT * FROM q WHERE seq = ?", 3);
  await probe("join q->p pk (2 q rows)", "SELECT q.id, p.w FROM q JOIN p ON p.id = q.pid WHERE q.pid = ?", "p3");
  await probe("left join miss", "SELECT q.id, p.w FROM q LEFT JOIN p ON p.id = q.id WHERE q.pid = ?", "p3");
  await probe("correlated subquery", "SELECT q.id, (SELECT w FROM p WHERE p.id = q.pid) FROM q WHERE q.pid = ?", "p3");
  await probe("count", "SELECT count(*) FROM p WHERE v = ?", 3);
  await probe("full scan", "SELECT * FROM p WHERE w = ?", 3);
  await probe("json agg", "SELECT p.id, (SELECT json_group_array(q.id) FROM q WHERE q.pid = p.id) FROM p WHERE v = ?", 3);
});
