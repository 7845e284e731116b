// Fills a D1 database with N synthetic books in a handful of statements (triggers keep FTS and counters).
import type { D1Database } from "@cloudflare/workers-types";

const WORDS_A = [
  "river", "garden", "winter", "silver", "hidden", "northern", "quiet", "burning", "lost", "golden",
  "distant", "broken", "secret", "painted", "wild", "iron", "paper", "glass", "midnight", "summer",
  "stone", "velvet", "crimson", "hollow", "bright", "last", "forgotten", "salt", "amber", "restless",
  "gentle", "empty", "sleeping", "wandering", "falling", "open", "narrow",
];
const WORDS_B = [
  "house", "road", "sea", "letters", "orchard", "city", "island", "season", "kingdom", "harbour",
  "library", "mountain", "voyage", "garden", "bridge", "clock", "lantern", "forest", "window", "valley",
  "tide", "market", "tower", "songs", "shore", "map", "inheritance", "school", "wedding", "station",
  "crossing", "theatre", "meadow", "circus", "observatory", "cellar", "archive", "border", "chapel", "field", "mill",
];
const AUTHORS = [
  "Ada Lindqvist", "Tomas Okafor", "Mira Castellanos", "Jonah Whitfield", "Priya Raman", "Lena Novak",
  "Samuel Adeyemi", "Hana Mori", "Elias Brandt", "Nora Fitzgerald", "Yusuf Demir", "Clara Duval",
];

const sqlList = (words: string[]) => words.map((w, i) => `('${w}', ${i})`).join(", ");

export async function seedBenchBooks(db: D1Database, total: number, members = 50): Promise<void> {
  const now = Date.now();
  const users = Array.from({ length: members }, (_, i) => i);
  await db.batch(
    users.map((i) =>
      db
        .prepare("INSERT OR IGNORE INTO users (id, email, name, is_demo, created_at) VALUES (?, ?, ?, 0, ?)")
        .bind(`bench-user-${i}`, `bench${i}@example.com`, `Bench Reader ${i}`, now),
    ),
  );
  // Chunks keep each statement well under D1's per-query time limit.
  const chunk = 20_000;
  for (let start = 1; start <= total; start += chunk) {
    const end = Math.min(total, start + chunk - 1);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end}),
         a(w, k) AS (VALUES ${sqlList(WORDS_A)}),
         b(w, k) AS (VALUES ${sqlList(WORDS_B)}),
         au(w, k) AS (VALUES ${sqlList(AUTHORS)})
         INSERT INTO books (id, user_id, title, author, description, status, age_group_fine, analysis_state, created_at)
         SELECT printf('bench-%07d', i),
                'bench-user-' || (i % ${members}),
                'The ' || upper(substr(a.w, 1, 1)) || substr(a.w, 2) || ' ' || upper(substr(b.w, 1, 1)) || substr(b.w, 2) || ' ' || i,
                au.w,
                'A novel about the ' || a.w || ' ' || b.w || ', number ' || i || ' in the bench library.',
                CASE i % 4 WHEN 0 THEN 'available' WHEN 1 THEN 'reading' WHEN 2 THEN 'borrowed' ELSE 'giving_away' END,
                CASE i % 4 WHEN 0 THEN 'early_reader' WHEN 1 THEN 'middle_grade' WHEN 2 THEN 'young_adult' ELSE 'adult' END,
                'none',
                ${now} + i
         FROM n
         JOIN a ON a.k = i % ${WORDS_A.length}
         JOIN b ON b.k = (i / ${WORDS_A.length}) % ${WORDS_B.length}
         JOIN au ON au.k = i % ${AUTHORS.length}`,
      )
      .run();
  }
}
