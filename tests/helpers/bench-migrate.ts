/** The bench Workers' `/migrate` route: the statements scripts/bench/bench-worker.ts read from migrations/, in one batch. */
export async function applyMigrations(request: Request, db: D1Database): Promise<Response> {
  const statements = (await request.json()) as string[];
  await db.batch(statements.map((sql) => db.prepare(sql)));
  return Response.json({ applied: statements.length });
}
