// Fills a D1 database with N synthetic books in a handful of statements (triggers keep FTS and counters).
import type { D1Database } from "@cloudflare/workers-types";
import { storedSearchText } from "../../worker/core/shared/search-text.ts";
import { rng } from "../lib/prng.ts";

/**
 * One book in 50 is titled in Japanese and one in 50 in Arabic (issue 37's bench: search in those scripts
 * at scale). One title of each list holds the word the bench searches for (森, الهجره), so 1 in 500 books
 * matches each. Their search text is written as the app writes it (worker/core/shared/search-text.ts).
 */
export const JAPANESE_TITLES = [
  "ノルウェイの森",
  "吾輩は猫である",
  "銀河鉄道の夜",
  "海辺のカフカ",
  "雪国",
  "羅生門",
  "人間失格",
  "こころ",
  "坊っちゃん",
  "細雪",
];
export const ARABIC_TITLES = [
  "موسم الهجرة إلى الشمال",
  "الخبز الحافي",
  "رجال في الشمس",
  "ثلاثية غرناطة",
  "زقاق المدق",
  "عزازيل",
  "الأيام",
  "مدن الملح",
  "ذاكرة الجسد",
  "بين القصرين",
];
/** How often each script comes up: book i is Japanese when i % 50 is JAPANESE_EVERY_50, Arabic when ARABIC_EVERY_50. */
const JAPANESE_EVERY_50 = 7;
const ARABIC_EVERY_50 = 31;
/**
 * Retitles the books of the other scripts after the Latin insert, one statement per title (book i is the `seq` i of a
 * fresh database): the insert itself joining the title lists made the local D1 proxy's workerd hang up mid-seed.
 */
async function retitleInScripts(db: D1Database): Promise<void> {
  const searchColumn = ((await db.prepare("SELECT count(*) FROM pragma_table_info('books') WHERE name = 'search_title'").raw()) as [number][])[0]![0] > 0;
  for (const [every50, titles] of [
    [JAPANESE_EVERY_50, JAPANESE_TITLES],
    [ARABIC_EVERY_50, ARABIC_TITLES],
  ] as const) {
    for (const [k, title] of titles.entries()) {
      const stored = storedSearchText(title);
      const residue = k * 50 + every50;
      const statement = searchColumn
        ? db
            .prepare(`UPDATE books SET title = ?1 || ' ' || seq, search_title = ?2 || ' ' || seq WHERE seq % 500 = ${residue} AND id LIKE 'bench-%'`)
            .bind(title, stored)
        : db.prepare(`UPDATE books SET title = ?1 || ' ' || seq WHERE seq % 500 = ${residue} AND id LIKE 'bench-%'`).bind(title);
      await statement.run();
    }
  }
}

const WORDS_A = [
  "river",
  "garden",
  "winter",
  "silver",
  "hidden",
  "northern",
  "quiet",
  "burning",
  "lost",
  "golden",
  "distant",
  "broken",
  "secret",
  "painted",
  "wild",
  "iron",
  "paper",
  "glass",
  "midnight",
  "summer",
  "stone",
  "velvet",
  "crimson",
  "hollow",
  "bright",
  "last",
  "forgotten",
  "salt",
  "amber",
  "restless",
  "gentle",
  "empty",
  "sleeping",
  "wandering",
  "falling",
  "open",
  "narrow",
];
const WORDS_B = [
  "house",
  "road",
  "sea",
  "letters",
  "orchard",
  "city",
  "island",
  "season",
  "kingdom",
  "harbour",
  "library",
  "mountain",
  "voyage",
  "garden",
  "bridge",
  "clock",
  "lantern",
  "forest",
  "window",
  "valley",
  "tide",
  "market",
  "tower",
  "songs",
  "shore",
  "map",
  "inheritance",
  "school",
  "wedding",
  "station",
  "crossing",
  "theatre",
  "meadow",
  "circus",
  "observatory",
  "cellar",
  "archive",
  "border",
  "chapel",
  "field",
  "mill",
];
const AUTHORS = [
  "Ada Lindqvist",
  "Tomas Okafor",
  "Mira Castellanos",
  "Jonah Whitfield",
  "Priya Raman",
  "Lena Novak",
  "Samuel Adeyemi",
  "Hana Mori",
  "Elias Brandt",
  "Nora Fitzgerald",
  "Yusuf Demir",
  "Clara Duval",
];

/** Rows per seeding statement (books, loans, wanted books). */
const SEED_CHUNK = Number(process.env.BENCH_SEED_CHUNK ?? 20_000);

const sqlList = (words: string[]) => words.map((w, i) => `('${w}', ${i})`).join(", ");

/**
 * Book owners: bench-user-0 (the bench member, whose BOOKS/50 books the loans bench lends) owns every
 * 50th book, as it always has; the rest belong to `owners` - 50 more members (bench-user-50 on, one
 * per 50 books), so a place holds a realistic handful of shelves. bench-user-1..49 own none: they are
 * the loans' borrowers, never their own book's.
 */
export function benchOwnerCount(total: number): number {
  // Coprime with 50, so every owner's books are spread over i % 50 and none is left with nothing.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let owners = Math.max(100, Math.round(total / 50));
  while (gcd(owners - 50, 50) !== 1) owners++;
  return owners;
}
const ownerOf = (i: string, owners: number) => `(CASE WHEN ${i} % 50 = 0 THEN 'bench-user-0' ELSE 'bench-user-' || (50 + ${i} % ${owners - 50}) END)`;

/** The member the "near me" rows read as: an ordinary owner (about 50 books at 1M) at the centre of London. */
export const BENCH_NEAR_MEMBER = "bench-user-50";

/** Real cities (centre, and a weight for their share of owners), where bench owners live. */
const CITIES: [name: string, lat: number, lon: number, weight: number][] = [
  ["London", 51.5074, -0.1278, 4],
  ["Paris", 48.8566, 2.3522, 3],
  ["New York", 40.7128, -74.006, 4],
  ["Tokyo", 35.6762, 139.6503, 4],
  ["São Paulo", -23.5505, -46.6333, 3],
  ["Mumbai", 19.076, 72.8777, 3],
  ["Delhi", 28.6139, 77.209, 3],
  ["Shanghai", 31.2304, 121.4737, 3],
  ["Mexico City", 19.4326, -99.1332, 3],
  ["Cairo", 30.0444, 31.2357, 2],
  ["Lagos", 6.5244, 3.3792, 2],
  ["Istanbul", 41.0082, 28.9784, 2],
  ["Los Angeles", 34.0522, -118.2437, 3],
  ["Chicago", 41.8781, -87.6298, 2],
  ["Toronto", 43.6532, -79.3832, 2],
  ["Seoul", 37.5665, 126.978, 3],
  ["Beijing", 39.9042, 116.4074, 3],
  ["Osaka", 34.6937, 135.5023, 2],
  ["Bangkok", 13.7563, 100.5018, 2],
  ["Singapore", 1.3521, 103.8198, 2],
  ["Sydney", -33.8688, 151.2093, 2],
  ["Melbourne", -37.8136, 144.9631, 2],
  ["Buenos Aires", -34.6037, -58.3816, 2],
  ["Madrid", 40.4168, -3.7038, 2],
  ["Berlin", 52.52, 13.405, 2],
  ["Rome", 41.9028, 12.4964, 2],
  ["Bangalore", 12.9716, 77.5946, 2],
  ["Nairobi", -1.2921, 36.8219, 1],
  ["Cape Town", -33.9249, 18.4241, 1],
  ["Dubai", 25.2048, 55.2708, 1],
  ["Barcelona", 41.3874, 2.1686, 1],
  ["Lisbon", 38.7223, -9.1393, 1],
  ["Porto", 41.1579, -8.6291, 1],
  ["Amsterdam", 52.3676, 4.9041, 1],
  ["Munich", 48.1351, 11.582, 1],
  ["Kraków", 50.0647, 19.945, 1],
  ["Stockholm", 59.3293, 18.0686, 1],
  ["Bergen", 60.3913, 5.3221, 1],
  ["Leeds", 53.8008, -1.5491, 1],
  ["Montréal", 45.5017, -73.5673, 1],
  ["San Francisco", 37.7749, -122.4194, 1],
  ["Austin, TX", 30.2672, -97.7431, 1],
  ["Tucson, AZ", 32.2226, -110.9747, 1],
  ["Auckland", -36.8485, 174.7633, 1],
];
/** How far owners live from their city's centre: normal, this many km each way. */
const CITY_SIGMA_KM = 4;

/**
 * Each geo owner's area: a city picked by weight, then a point normally spread around its centre;
 * every tenth owner has none (not near anyone). The near member sits at London's centre, and the
 * bench member (whose 2% of the library is the loans bench's stress case, not a place) has none.
 */
function ownerAreas(owners: number): string[] {
  const next = rng(36);
  const weights = CITIES.reduce((sum, city) => sum + city[3], 0);
  const sql = (s: string) => s.replaceAll("'", "''");
  const rows: string[] = [];
  for (let k = 50; k < owners; k++) {
    let pick = next() * weights;
    let city = CITIES[0]!;
    for (const c of CITIES) {
      city = c;
      pick -= c[3];
      if (pick < 0) break;
    }
    // Box-Muller: two normal offsets, in km, from two uniform draws.
    const r = Math.sqrt(-2 * Math.log(1 - next())) * CITY_SIGMA_KM;
    const angle = 2 * Math.PI * next();
    if (k % 10 === 9) continue;
    const centre = `bench-user-${k}` === BENCH_NEAR_MEMBER;
    if (centre) city = CITIES[0]!;
    const lat = city[1] + (centre ? 0 : (r * Math.cos(angle)) / 111.19);
    const lon = city[2] + (centre ? 0 : (r * Math.sin(angle)) / (111.19 * Math.cos((city[1] * Math.PI) / 180)));
    rows.push(`('bench-user-${k}', ${Math.round(lat * 100)}, ${Math.round(lon * 100)}, '${sql(city[0])}')`);
  }
  return rows;
}

export async function seedBenchBooks(db: D1Database, total: number, owners = benchOwnerCount(total)): Promise<void> {
  const now = Date.now();
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${owners - 1})
       INSERT OR IGNORE INTO users (id, email, name, is_demo, created_at)
       SELECT 'bench-user-' || i, 'bench' || i || '@example.com', 'Bench Reader ' || i, 0, ${now} FROM n`,
    )
    .run();
  // Areas before books, so each book is listed with its owner's cell and book_cells_after_insert counts it.
  const areas = ownerAreas(owners);
  for (let start = 0; start < areas.length; start += 1000) {
    await db
      .prepare(
        `INSERT INTO member_areas (user_id, cell_lat, cell_lon, place, updated_at)
         SELECT column1, column2, column3, column4, ${now} FROM (VALUES ${areas.slice(start, start + 1000).join(", ")})`,
      )
      .run();
  }
  // The insert below copies the owner's cell itself; books_cell_after_insert would rewrite each new
  // row with the same cell (a second write per book), so it is set aside meanwhile, then restored as migrated.
  const [copyTrigger] = (await db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'books_cell_after_insert'").raw()) as [string][];
  if (!copyTrigger) throw new Error("books_cell_after_insert is missing: are the migrations applied?");
  await db.prepare("DROP TRIGGER books_cell_after_insert").run();
  // Chunks keep each statement well under D1's per-query time limit (BENCH_SEED_CHUNK: smaller on a busy machine,
  // where a 20,000-book statement at 400k books and up outlasted it and local D1 closed the connection).
  const chunk = SEED_CHUNK;
  try {
    for (let start = 1; start <= total; start += chunk) {
      const end = Math.min(total, start + chunk - 1);
      await db
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end}),
         o(i, owner) AS (SELECT i, ${ownerOf("i", owners)} FROM n),
         a(w, k) AS (VALUES ${sqlList(WORDS_A)}),
         b(w, k) AS (VALUES ${sqlList(WORDS_B)}),
         au(w, k) AS (VALUES ${sqlList(AUTHORS)})
         INSERT INTO books (id, user_id, title, author, description, status, age_group_fine, analysis_state, created_at, cell_lat, cell_lon)
         SELECT printf('bench-%07d', o.i),
                o.owner,
                'The ' || upper(substr(a.w, 1, 1)) || substr(a.w, 2) || ' ' || upper(substr(b.w, 1, 1)) || substr(b.w, 2) || ' ' || o.i,
                au.w,
                'A novel about the ' || a.w || ' ' || b.w || ', number ' || o.i || ' in the bench library.',
                CASE o.i % 4 WHEN 0 THEN 'available' WHEN 1 THEN 'reading' WHEN 2 THEN 'borrowed' ELSE 'giving_away' END,
                CASE o.i % 4 WHEN 0 THEN 'early_reader' WHEN 1 THEN 'middle_grade' WHEN 2 THEN 'young_adult' ELSE 'adult' END,
                'none',
                ${now} + o.i,
                area.cell_lat,
                area.cell_lon
         FROM o
         JOIN a ON a.k = o.i % ${WORDS_A.length}
         JOIN b ON b.k = (o.i / ${WORDS_A.length}) % ${WORDS_B.length}
         JOIN au ON au.k = o.i % ${AUTHORS.length}
         LEFT JOIN member_areas AS area ON area.user_id = o.owner`,
        )
        .run();
    }
  } finally {
    await db.prepare(copyTrigger[0]).run();
  }
  // Issue 37: 1 in 50 Japanese and 1 in 50 Arabic titles (the search text column, migration 0023, only where it exists).
  await retitleInScripts(db);
}

/**
 * Throws unless the places are consistent: every book carries its owner's cell (none without an area),
 * and book_cells counts each listed book with a cell once at every level.
 */
export async function checkBenchBookCells(db: D1Database): Promise<{ located: number; areas: number; cells: number }> {
  const [row] = (await db
    .prepare(
      `SELECT (SELECT count(*) FROM books WHERE cell_lat IS NOT NULL AND hidden IS NULL),
              (SELECT sum(n) FROM book_cells WHERE level = 0),
              (SELECT sum(n) FROM book_cells WHERE level = 3),
              (SELECT count(*) FROM book_cells WHERE level = 0),
              (SELECT count(*) FROM books LEFT JOIN member_areas AS area ON area.user_id = books.user_id
                 WHERE books.cell_lat IS NOT area.cell_lat OR books.cell_lon IS NOT area.cell_lon),
              (SELECT count(*) FROM member_areas)`,
    )
    .raw()) as [number, number, number, number, number, number][];
  const [located, cellSum, topSum, cells, misplaced, areas] = row!;
  if (located !== cellSum || located !== topSum || misplaced !== 0)
    throw new Error(
      `book_cells is not consistent: ${located} located books, level 0 sums ${cellSum}, level 3 ${topSum}; ${misplaced} books off their owner's cell`,
    );
  return { located, areas, cells };
}

const PLACES = ["Lisbon", "Austin, TX", "Leeds", "Osaka", "Nairobi", "Montréal", "Porto", "Kraków", "Tucson, AZ", "Bergen"];

/**
 * N synthetic clubs (every fifth private) created by bench members; `memberId` belongs to every
 * 50th club, so "my clubs" has a realistic couple of hundred rows. FTS and counters follow by trigger.
 */
export async function seedBenchClubs(db: D1Database, total: number, memberId: string, members = 50): Promise<void> {
  const now = Date.now();
  const chunk = 5_000;
  for (let start = 1; start <= total; start += chunk) {
    const end = Math.min(total, start + chunk - 1);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end}),
         a(w, k) AS (VALUES ${sqlList(WORDS_A)}),
         b(w, k) AS (VALUES ${sqlList(WORDS_B)}),
         p(w, k) AS (VALUES ${sqlList(PLACES)})
         INSERT INTO clubs (id, name, description, location, is_private, member_limit, member_count, created_by, created_at)
         SELECT printf('bench-club-%06d', i),
                'The ' || upper(substr(a.w, 1, 1)) || substr(a.w, 2) || ' ' || upper(substr(b.w, 1, 1)) || substr(b.w, 2) || ' Circle ' || i,
                'Readers of ' || a.w || ' ' || b.w || ' stories, meeting monthly.',
                p.w,
                i % 5 = 0,
                NULL,
                0,
                'bench-user-' || (i % ${members}),
                ${now} + i
         FROM n
         JOIN a ON a.k = i % ${WORDS_A.length}
         JOIN b ON b.k = (i / ${WORDS_A.length}) % ${WORDS_B.length}
         JOIN p ON p.k = i % ${PLACES.length}`,
      )
      .run();
  }
  await db
    .prepare(
      `INSERT OR IGNORE INTO memberships (club_id, user_id, role, status, joined_via, created_at)
       SELECT id, created_by, 'admin', 'active', 'created', created_at FROM clubs WHERE id LIKE 'bench-club-%'`,
    )
    .run();
  await db
    .prepare(
      `INSERT OR IGNORE INTO memberships (club_id, user_id, role, status, created_at)
       SELECT id, ?, 'member', 'active', created_at FROM clubs WHERE id LIKE 'bench-club-%' AND seq % 50 = 0`,
    )
    .bind(memberId)
    .run();
}

/** A session for `userId` whose token the bench sends as a Bearer token (only its SHA-256 is stored). */
export async function seedBenchSession(db: D1Database, userId: string, sessionId: string): Promise<void> {
  await db
    .prepare("INSERT OR REPLACE INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)")
    .bind(sessionId, userId, Date.now() + 7 * 24 * 60 * 60 * 1000, Date.now())
    .run();
}

/**
 * `total` conversations between `memberId` and as many other members, with snippets, times and unread
 * counts, half with the member on each side of the ordered pair (as real rows are).
 */
export async function seedBenchConversations(db: D1Database, memberId: string, total: number): Promise<void> {
  const now = Date.now();
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${total})
       INSERT OR IGNORE INTO users (id, email, name, is_demo, created_at)
       SELECT printf('bench-peer-%05d', i), printf('peer%05d@example.com', i), 'Bench Peer ' || i, 0, ${now} FROM n`,
    )
    .run();
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${total})
       INSERT OR IGNORE INTO conversations (id, user_a_id, user_b_id, last_message_snippet, last_message_at, unread_a, unread_b, created_at)
       SELECT printf('bench-conv-%05d', i),
              min(?1, printf('bench-peer-%05d', i)), max(?1, printf('bench-peer-%05d', i)),
              'See you at the swap on ' || (i % 28 + 1) || ' March?', ${now} - i * 60000, i % 3, i % 2, ${now} - i * 60000
       FROM n`,
    )
    .bind(memberId)
    .run();
}

/** The conversation the live-delivery bench uses, between two bench members (pair stored ordered). */
export async function seedBenchPair(db: D1Database, id: string, first: string, second: string): Promise<void> {
  const [a, b] = first < second ? [first, second] : [second, first];
  await db.prepare("INSERT OR IGNORE INTO conversations (id, user_a_id, user_b_id, created_at) VALUES (?, ?, ?, ?)").bind(id, a, b, Date.now()).run();
}

/** The club whose room the club room delivery bench uses, with both bench members active in it (an open club). */
export async function seedBenchRoomClub(db: D1Database, clubId: string, admin: string, member: string): Promise<void> {
  const now = Date.now();
  await db.batch([
    db
      .prepare(
        "INSERT OR IGNORE INTO clubs (id, name, description, location, is_private, created_by, created_at) VALUES (?, 'Bench Room Club', '', 'Bench', 0, ?, ?)",
      )
      .bind(clubId, admin, now),
    db
      .prepare("INSERT OR IGNORE INTO memberships (club_id, user_id, role, status, joined_via, created_at) VALUES (?, ?, 'admin', 'active', 'created', ?)")
      .bind(clubId, admin, now),
    db
      .prepare("INSERT OR IGNORE INTO memberships (club_id, user_id, role, status, joined_via, created_at) VALUES (?, ?, 'member', 'active', 'open', ?)")
      .bind(clubId, member, now),
  ]);
}

/**
 * A ledger over the bench books: every 'borrowed' book is lent (owner = its owner, the borrower one
 * of the first `members` bench members, due dates from 10 days overdue to 30 days ahead, so the
 * library's due labels are real), every eighth book has a returned loan in the history, every
 * fortieth an open request. The bench member (who owns every 50th book) and each borrower then have
 * hundreds of loans on the tabs of /loans.
 */
export async function seedBenchLoans(db: D1Database, total: number, members = 50, owners = benchOwnerCount(total)): Promise<void> {
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const borrower = `'bench-user-' || ((i % ${members} + 1 + (i / 100) % ${members - 1}) % ${members})`;
  const chunk = SEED_CHUNK;
  for (let start = 1; start <= total; start += chunk) {
    const end = Math.min(total, start + chunk - 1);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end})
         INSERT INTO loans (id, book_id, owner_id, borrower_id, state, due_date, updated_at, created_at)
         SELECT printf('bench-loan-%07d', i), printf('bench-%07d', i), ${ownerOf("i", owners)}, ${borrower},
                CASE WHEN i % 4 = 2 THEN 'lent' WHEN i % 8 = 0 THEN 'returned' ELSE 'requested' END,
                CASE WHEN i % 4 = 2 THEN date('${today}', ((i % 40) - 10) || ' days') END,
                ${now} - i * 1000, ${now} - i * 1000
         FROM n WHERE i % 4 = 2 OR i % 8 = 0 OR i % 40 = 1`,
      )
      .run();
  }
  await db
    .prepare(
      `UPDATE books SET lent_to_user_id = loans.borrower_id, lent_to_user_name = users.name
       FROM loans JOIN users ON users.id = loans.borrower_id
       WHERE loans.book_id = books.id AND loans.state = 'lent' AND books.id LIKE 'bench-%'`,
    )
    .run();
}

/** The member with a long ledger (issue 38's bench rows): 1,000 loans as a borrower, asking the bench member for a book now. */
export const BENCH_HEAVY_BORROWER = "bench-heavy";
/** The bench member's book the heavy borrower asks for (a book with no other loan: i % 8 = 4, i % 50 = 0). */
export const BENCH_HEAVY_ASKED = "bench-0000100";
/** A book of the bench member the heavy borrower has not asked for: its page shows the owner's record. */
export const BENCH_RECORD_BOOK = "bench-0000500";

/**
 * BENCH_HEAVY_BORROWER's ledger, set-based: `total` loans of which 95% returned to the bench member (their books, each
 * accepted within the hour and returned through a loan event, so migration 0024's triggers count both records; one in
 * ten late), 40 lent now from books nobody else has (i % 8 = 4; half past due), the rest declined, and one request for
 * BENCH_HEAVY_ASKED, the newest on the bench member's Requests tab. They share three clubs, and the borrower follows them.
 * Run after seedBenchLoans and seedBenchClubs.
 */
export async function seedBenchHeavyBorrower(db: D1Database, memberId: string, books: number, total = 1000, owners = benchOwnerCount(books)): Promise<void> {
  const now = Date.now();
  const day = 86_400_000;
  const heavy = BENCH_HEAVY_BORROWER;
  const returned = Math.round(total * 0.95);
  const lent = 40;
  const declined = total - returned - lent - 1;
  const ownBooks = Math.floor(books / 50);
  if (ownBooks < 20 || books < 1000) throw new Error("seedBenchHeavyBorrower needs at least 1,000 bench books");
  // The bench member's books cycled (every 50th book), and the k-th book with i % 8 = 4 not theirs.
  const ownBook = (k: string) => `printf('bench-%07d', 50 * (1 + (${k}) % ${ownBooks - 1}))`;
  await db.batch([
    db
      .prepare("INSERT OR IGNORE INTO users (id, email, name, is_demo, created_at) VALUES (?, ?, 'Bench Heavy Borrower', 0, ?)")
      .bind(heavy, `${heavy}@example.com`, now - 3 * 365 * day),
    // Returned and declined loans, from 3 years ago on; the returned due 21 days after they were asked for.
    db
      .prepare(
        `WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < ${returned + declined - 1})
       INSERT INTO loans (id, book_id, owner_id, borrower_id, state, due_date, created_at, updated_at)
       SELECT printf('bench-heavy-%04d', k), ${ownBook("k")}, ?1, ?2, CASE WHEN k < ${returned} THEN 'returned' ELSE 'declined' END,
              CASE WHEN k < ${returned} THEN date((?3 - (k + 30) * ${day}) / 1000, 'unixepoch', '+21 days') END,
              ?3 - (k + 30) * ${day}, ?3 - (k + 30) * ${day} + 22 * ${day}
       FROM n`,
      )
      .bind(memberId, heavy, now),
    // Answered within the hour (the owner's record), then returned a day early, or three days late for one in ten.
    db
      .prepare(
        `INSERT INTO loan_events (loan_id, action, actor_id, created_at)
       SELECT id, CASE state WHEN 'returned' THEN 'accepted' ELSE 'declined' END, owner_id, created_at + 1800000 FROM loans WHERE borrower_id = ?1`,
      )
      .bind(heavy),
    db
      .prepare(
        `INSERT INTO loan_events (loan_id, action, actor_id, created_at)
       SELECT id, 'returned', owner_id, (unixepoch(due_date) * 1000) + CASE WHEN cast(substr(id, -1) AS integer) = 0 THEN 3 ELSE -1 END * ${day}
       FROM loans WHERE borrower_id = ?1 AND state = 'returned'`,
      )
      .bind(heavy),
  ]);
  // Lent now: books with no loan of their own (i % 8 = 4) and not the bench member's; due from 20 days ago to 19 ahead.
  await db
    .prepare(
      `WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < ${lent * 2 - 1}),
       b(k, i) AS (SELECT k, 8 * k + 12 FROM n WHERE (8 * k + 12) % 50 <> 0 AND 8 * k + 12 <= ${books} LIMIT ${lent})
       INSERT INTO loans (id, book_id, owner_id, borrower_id, state, due_date, created_at, updated_at)
       SELECT printf('bench-heavy-lent-%02d', k), printf('bench-%07d', i), ${ownerOf("i", owners)}, ?1, 'lent',
              date(?2 / 1000, 'unixepoch', ((k % ${lent}) - 20) || ' days'), ?2 - 30 * ${day}, ?2 - 30 * ${day}
       FROM b`,
    )
    .bind(heavy, now)
    .run();
  await db.batch([
    db
      .prepare(
        `INSERT INTO loans (id, book_id, owner_id, borrower_id, state, due_date, created_at, updated_at) VALUES ('bench-heavy-ask', ?1, ?2, ?3, 'requested', NULL, ?4, ?4)`,
      )
      .bind(BENCH_HEAVY_ASKED, memberId, heavy, now),
    db
      .prepare(
        `INSERT INTO memberships (club_id, user_id, role, status, created_at)
       SELECT club_id, ?2, 'member', 'active', ?3 FROM memberships WHERE user_id = ?1 AND status = 'active' ORDER BY club_id LIMIT 3`,
      )
      .bind(memberId, heavy, now),
    db.prepare("INSERT INTO follows (follower_id, followee_id) VALUES (?, ?)").bind(heavy, memberId),
  ]);
  const [[count]] = (await db.prepare("SELECT count(*) FROM loans WHERE borrower_id = ?").bind(heavy).raw()) as [[number]];
  if (count !== total) throw new Error(`seedBenchHeavyBorrower wrote ${count} loans, not ${total}`);
}

/** `total` notifications for `memberId` (one in five unread), the bell's worst realistic case. */
export async function seedBenchNotifications(db: D1Database, memberId: string, total: number): Promise<void> {
  const now = Date.now();
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${total})
       INSERT INTO notifications (id, user_id, type, title, body, link, dedupe_key, read_at, created_at, updated_at)
       SELECT printf('bench-note-%06d', i), ?1, 'loan_requested', 'Bench Peer ' || i || ' asked to borrow "The River House"', '',
              '/loans?tab=requests', printf('bench:%06d', i), CASE WHEN i % 5 = 0 THEN NULL ELSE ${now} END,
              ${now} - i * 60000, ${now} - i * 60000
       FROM n`,
    )
    .bind(memberId)
    .run();
}

/** The club whose reading the bench measures: one the bench member created (seedBenchClubs). */
export const BENCH_READING_CLUB = "bench-club-000050";
/** Copies of its current book in the library: half matched by ISBN-13, half by title and author. */
export const BENCH_CLUB_COPIES = 50;
/** Upcoming meetings of that club (the club page shows the next few; the meetings list pages them). */
export const BENCH_CLUB_MEETINGS = 20;

/**
 * The club's current book with six milestones and some members' marks, ten more active members,
 * and BENCH_CLUB_COPIES copies owned across the bench's members (half of them the club's). Run after
 * seedBenchBooks and seedBenchClubs; the copies add to the library's book total.
 */
export async function seedBenchClubReading(db: D1Database, members = 50): Promise<void> {
  const now = Date.now();
  const club = BENCH_READING_CLUB;
  const statements = [
    db
      .prepare(
        `INSERT INTO club_books (id, club_id, title, author, isbn13, match_key, state, finish_by, started_at, set_by)
         VALUES ('bench-club-book', ?, 'The Salt Observatory', 'Hana Mori', '9780306406157', 'salt observatory|hana mori', 'current', '2027-03-01', ?, 'bench-user-0')`,
      )
      .bind(club, now),
    ...Array.from({ length: 6 }, (_, i) =>
      db
        .prepare("INSERT INTO club_milestones (id, club_book_id, position, label, due_on) VALUES (?, 'bench-club-book', ?, ?, NULL)")
        .bind(`bench-milestone-${i}`, i + 1, `Chapters ${i * 5 + 1}–${i * 5 + 5}`),
    ),
    ...Array.from({ length: 10 }, (_, i) =>
      db
        .prepare("INSERT OR IGNORE INTO memberships (club_id, user_id, role, status, created_at) VALUES (?, ?, 'member', 'active', ?)")
        .bind(club, `bench-user-${i + 1}`, now),
    ),
    ...Array.from({ length: BENCH_CLUB_COPIES }, (_, i) =>
      db
        .prepare("INSERT INTO books (id, user_id, title, author, isbn13, status, analysis_state, created_at) VALUES (?, ?, ?, ?, ?, 'available', 'none', ?)")
        .bind(
          `bench-copy-${String(i).padStart(3, "0")}`,
          `bench-user-${i % members}`,
          i % 2 === 0 ? "The Salt Observatory" : "salt observatory",
          i % 2 === 0 ? "Hana Mori" : "hana  mori",
          i % 2 === 0 ? "9780306406157" : null,
          now,
        ),
    ),
  ];
  await db.batch(statements);
  await db
    .prepare(
      `INSERT OR IGNORE INTO milestone_progress (milestone_id, user_id, shared, done_at)
       SELECT m.id, ms.user_id, ms.user_id LIKE '%1', ${now} FROM club_milestones m JOIN memberships ms ON ms.club_id = ? WHERE m.club_book_id = 'bench-club-book' AND m.position <= 3`,
    )
    .bind(club)
    .run();
  await seedBenchClubMeetings(db, now);
}

/**
 * BENCH_CLUB_MEETINGS upcoming meetings of the reading club, a day apart, the first five answered by
 * its first ten members (going, maybe, not going in turn); and one upcoming meeting in every other
 * club, so the (club_id, starts_at) index is read among 10,000 clubs' meetings, not one club's.
 */
async function seedBenchClubMeetings(db: D1Database, now: number): Promise<void> {
  const club = BENCH_READING_CLUB;
  const day = 86_400_000;
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BENCH_CLUB_MEETINGS})
         INSERT INTO club_meetings (id, club_id, starts_at, duration_minutes, place, note, created_by, created_at)
         SELECT printf('bench-meeting-%02d', i), ?1, ${now} + i * ${day}, 90, 'Town Library, room ' || i, 'Bring your notes.', 'bench-user-0', ${now}
         FROM n`,
      )
      .bind(club),
    db
      .prepare(
        `INSERT INTO club_meetings (id, club_id, starts_at, place, created_by, created_at)
       SELECT 'bench-meeting-' || c.id, c.id, ${now} + 3 * ${day}, 'Somewhere', c.created_by, ${now} FROM clubs c WHERE c.id <> ?1`,
      )
      .bind(club),
    db
      .prepare(
        `INSERT INTO meeting_rsvps (meeting_id, user_id, answer, updated_at)
       SELECT m.id, ms.user_id, CASE abs(unicode(substr(ms.user_id, -1))) % 3 WHEN 0 THEN 'going' WHEN 1 THEN 'maybe' ELSE 'not_going' END, ${now}
       FROM club_meetings m JOIN memberships ms ON ms.club_id = m.club_id AND ms.status = 'active'
       WHERE m.club_id = ?1 AND m.id <= 'bench-meeting-05'
       LIMIT 50`,
      )
      .bind(club),
  ]);
}

/** The club whose announcements reach 1,000 members (the notice queue's path), and the two-member club beside it. */
export const BENCH_CROWD_CLUB = "bench-crowd-club";
export const BENCH_PAIR_CLUB = "bench-pair-club";

/**
 * A club of `admin` and `crowd` more members, each with a session and a push subscription on it (so
 * an announcement writes their bell, e-mail and push rows), in a spread of the six languages; and a
 * club of `admin` and one member. The subscriptions' endpoint is the bench's local push service stub
 * (`pushEndpoint`): with fcm.googleapis.com, unreachable here, every send was a failing DNS lookup in workerd.
 */
export async function seedBenchCrowdClub(db: D1Database, admin: string, pairMember: string, crowd: number, pushEndpoint: string): Promise<void> {
  const now = Date.now();
  const n = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${crowd})`;
  const member = "printf('bench-crowd-%04d', i)";
  await db.batch([
    db.prepare(
      `${n} INSERT OR IGNORE INTO users (id, email, name, language, created_at, updated_at)
       SELECT ${member}, ${member} || '@example.com', 'Crowd Reader ' || i,
              CASE i % 6 WHEN 0 THEN NULL WHEN 1 THEN 'de' WHEN 2 THEN 'ja' WHEN 3 THEN 'fr' WHEN 4 THEN 'es' ELSE 'ar' END, ${now}, ${now} FROM n`,
    ),
    db.prepare(
      `${n} INSERT OR IGNORE INTO sessions (id, user_id, expires_at, created_at) SELECT 'crowd-session-' || i, ${member}, ${now + 7 * 86_400_000}, ${now} FROM n`,
    ),
    db.prepare(
      `${n} INSERT OR IGNORE INTO push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, browser, system, created_at)
       SELECT 'crowd-push-' || i, ${member}, 'crowd-session-' || i, '${pushEndpoint}/bench-crowd-' || i,
              'BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo', 'xKhlWcDk5ml2lYu-BM2rxA', 'Chrome', 'Android', ${now} FROM n`,
    ),
    db
      .prepare(
        "INSERT OR IGNORE INTO clubs (id, name, description, location, is_private, created_by, created_at) VALUES (?, 'Bench Crowd Club', '', 'Bench', 0, ?, ?), (?, 'Bench Pair Club', '', 'Bench', 0, ?, ?)",
      )
      .bind(BENCH_CROWD_CLUB, admin, now, BENCH_PAIR_CLUB, admin, now),
    db
      .prepare(
        "INSERT OR IGNORE INTO memberships (club_id, user_id, role, status, joined_via, created_at) VALUES (?, ?, 'admin', 'active', 'created', ?), (?, ?, 'admin', 'active', 'created', ?), (?, ?, 'member', 'active', 'open', ?)",
      )
      .bind(BENCH_CROWD_CLUB, admin, now, BENCH_PAIR_CLUB, admin, now, BENCH_PAIR_CLUB, pairMember, now),
    db.prepare(
      `${n} INSERT OR IGNORE INTO memberships (club_id, user_id, role, status, joined_via, created_at) SELECT '${BENCH_CROWD_CLUB}', ${member}, 'member', 'active', 'open', ${now} FROM n`,
    ),
  ]);
}

/** The title 1,000 members near London want, and which BENCH_POPULAR_COPIES members across the cities own (half with its ISBN). */
export const BENCH_WANTED_TITLE = { title: "The Long Way Round", author: "Mira Castellanos", isbn13: "9780000002013", key: "long way round|mira castellanos" };
export const BENCH_POPULAR_COPIES = 300;
/**
 * One of those copies, owned by a member in London (a book page's "other copies" reads from it). The first four
 * are that member's: 000 and 001 free to borrow, 002 and 003 being read; 001 and 003 with the ISBN.
 */
export const BENCH_POPULAR_COPY = "bench-popular-000";
export const BENCH_WANTERS = 1_000;
/** The near member's own wanted list ("Wanted, near you"), of which this many have a copy near them already. */
export const BENCH_NEAR_WANTS = 300;
const BENCH_NEAR_MATCHED = 60;

/**
 * Wanted books (issue 36, item 5): `total` wants in all. BENCH_WANTERS new members around London want
 * BENCH_WANTED_TITLE (a quarter with its ISBN); the near member wants BENCH_NEAR_WANTS books of the
 * library, BENCH_NEAR_MATCHED of them owned in London with their match recorded; the rest are spread
 * over the geo owners, each a title of the seeded library, one in five with an ISBN-13. Run after
 * seedBenchBooks; the popular copies add to the library's book total.
 */
export async function seedBenchWanted(db: D1Database, total: number, books: number, owners = benchOwnerCount(books)): Promise<void> {
  const now = Date.now();
  const next = rng(3636);
  const wanter = "printf('bench-wanter-%04d', i)";
  const n = (count: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  // Around London's centre, normal with σ 6 km: all within the default 25 km radius of one another's copies, mostly.
  const areas = Array.from({ length: BENCH_WANTERS }, (_, k) => {
    const r = Math.sqrt(-2 * Math.log(1 - next())) * 6;
    const angle = 2 * Math.PI * next();
    const lat = 51.5074 + (r * Math.cos(angle)) / 111.19;
    const lon = -0.1278 + (r * Math.sin(angle)) / (111.19 * Math.cos((51.5074 * Math.PI) / 180));
    return `('${`bench-wanter-${String(k + 1).padStart(4, "0")}`}', ${Math.round(lat * 100)}, ${Math.round(lon * 100)})`;
  });
  const { title, author, isbn13, key } = BENCH_WANTED_TITLE;
  await db.batch([
    db.prepare(
      `${n(BENCH_WANTERS)} INSERT OR IGNORE INTO users (id, email, name, is_demo, created_at) SELECT ${wanter}, ${wanter} || '@example.com', 'Bench Wanter ' || i, 0, ${now} FROM n`,
    ),
    db.prepare(
      `INSERT INTO member_areas (user_id, cell_lat, cell_lon, place, updated_at) SELECT column1, column2, column3, 'London', ${now} FROM (VALUES ${areas.join(", ")})`,
    ),
    db
      .prepare(
        `${n(BENCH_WANTERS)} INSERT INTO wanted_books (user_id, title, author, isbn13, match_key, source, created_at)
         SELECT ${wanter}, ?1, ?2, CASE WHEN i % 4 = 0 THEN ?3 END, ?4, 'title', ${now} - i FROM n`,
      )
      .bind(title, author, isbn13, key),
    // Copies of it across the cities (its owners' cells by trigger), the first owned in London by a geo owner.
    db
      .prepare(
        `${n(BENCH_POPULAR_COPIES)} INSERT INTO books (id, user_id, title, author, isbn13, status, analysis_state, created_at)
         SELECT printf('bench-popular-%03d', i - 1),
                CASE WHEN i <= 4 THEN (SELECT user_id FROM member_areas WHERE place = 'London' AND user_id LIKE 'bench-user-%' AND user_id <> '${BENCH_NEAR_MEMBER}' LIMIT 1)
                     ELSE 'bench-user-' || (50 + (i * 37) % ${owners - 50}) END,
                ?1, ?2, CASE WHEN i % 2 = 0 THEN ?3 END, CASE WHEN i IN (3, 4) OR i % 3 = 0 THEN 'reading' ELSE 'available' END, 'none', ${now} + i FROM n`,
      )
      .bind(title, author, isbn13),
  ]);
  // The near member's list: books owned in London first (their matches recorded, as adding them would), then others.
  const [near] = (await db.prepare("SELECT cell_lat, cell_lon FROM member_areas WHERE user_id = ?").bind(BENCH_NEAR_MEMBER).raw()) as [number, number][];
  if (!near) throw new Error(`${BENCH_NEAR_MEMBER} has no area`);
  const wantOf = (book: string) => `${book}.title, ${book}.author, NULL, lower(substr(${book}.title, 5)) || '|' || lower(${book}.author)`;
  await db.batch([
    db
      .prepare(
        `INSERT INTO wanted_books (user_id, title, author, isbn13, match_key, source, from_book_id, created_at)
         SELECT ?1, ${wantOf("b")}, 'book', b.id, ${now} FROM books b
         WHERE b.cell_lat BETWEEN ${near[0] - 10} AND ${near[0] + 10} AND b.cell_lon BETWEEN ${near[1] - 15} AND ${near[1] + 15} AND b.hidden IS NULL
           AND b.status = 'available' AND b.user_id <> ?1 AND b.id LIKE 'bench-0%'
         ORDER BY b.seq DESC LIMIT ${BENCH_NEAR_MATCHED}`,
      )
      .bind(BENCH_NEAR_MEMBER),
    db
      .prepare(
        `INSERT INTO wanted_matches (wanted_id, book_seq, user_id, created_at)
         SELECT w.id, b.seq, w.user_id, ${now} FROM wanted_books w JOIN books b ON b.id = w.from_book_id
         WHERE w.user_id = ?1 AND w.from_book_id IS NOT NULL`,
      )
      .bind(BENCH_NEAR_MEMBER),
    db
      .prepare(
        `${n(BENCH_NEAR_WANTS - BENCH_NEAR_MATCHED)} INSERT OR IGNORE INTO wanted_books (user_id, title, author, isbn13, match_key, source, created_at)
         SELECT ?1, ${wantOf("b")}, 'import', ${now} - i FROM n JOIN books b ON b.id = printf('bench-%07d', (i * 104729) % ${books} + 1)`,
      )
      .bind(BENCH_NEAR_MEMBER),
  ]);
  // The rest, spread over the geo owners, in chunks.
  const [[count]] = (await db.prepare("SELECT count(*) FROM wanted_books").raw()) as [[number]];
  const rest = total - count;
  const chunk = SEED_CHUNK;
  for (let start = 1; start <= rest; start += chunk) {
    const end = Math.min(rest, start + chunk - 1);
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end})
         INSERT OR IGNORE INTO wanted_books (user_id, title, author, isbn13, match_key, source, created_at)
         SELECT 'bench-user-' || (51 + i % ${owners - 51}), b.title, b.author, CASE WHEN i % 5 = 0 THEN printf('979%010d', i) END,
                lower(substr(b.title, 5)) || '|' || lower(b.author), CASE i % 3 WHEN 0 THEN 'import' WHEN 1 THEN 'book' ELSE 'title' END, ${now} - i
         FROM n JOIN books b ON b.id = printf('bench-%07d', (i * 7919) % ${books} + 1)`,
      )
      .run();
  }
}
