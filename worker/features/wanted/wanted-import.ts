import type { Deps } from "@worker/core/service-context";
import { type Cell, cellCentre, greatCircleKm } from "@worker/core/shared/area-cells";
import { memberAreas, wantedBooks } from "@worker/db/schema";
import { eq, sql } from "drizzle-orm";
import { WANTED_MAX, wantKey } from "./wanted";
import { matchNewWant, recordMatches } from "./wanted-matching";

/** A to-read row of an import, as the import read it (title and author cleaned, ISBN-13 only when valid). */
export interface ImportedWant {
  title: string;
  author: string;
  isbn13: string | null;
}

/** Rows per insert: one JSON parameter each (D1 allows 100 bound parameters), as the import stores its rows. */
const WANTS_PER_INSERT = 500;
/** Wants without an ISBN matched at once through the search index, one query each; the rest wait for a copy to be listed. */
export const IMPORT_TITLE_MATCHES = 20;
/** Copies read for the ISBN wants of one import, at most (a popular ISBN is many copies). */
const IMPORT_ISBN_CANDIDATES = 5000;
/** The widest wanted radius (WANTED_RADII_KM), as a band of latitude in cells, so the ISBN read skips far copies early. */
const BAND_CELLS = Math.ceil((100 / 111) * 100) + 1;

/** The member's keys already wanted (the import's preview marks those rows): one read of wanted_books_member_key_idx. */
export async function wantedKeysOf(deps: Deps, userId: string): Promise<Set<string>> {
  const rows = await deps.db.select({ key: wantedBooks.matchKey }).from(wantedBooks).where(eq(wantedBooks.userId, userId));
  return new Set(rows.map((row) => row.key));
}

/**
 * Adds an import's to-read rows to the member's wanted list, set-based: a few inserts of one JSON
 * parameter each, skipping books already wanted (unique by member and key) and stopping at
 * WANTED_MAX. Idempotent: confirming the same file again adds nothing. Then finds the copies
 * already listed near the member, bounded: the ISBN wants in one indexed read (books_isbn13_idx),
 * and the first IMPORT_TITLE_MATCHES title-only wants through the search index as adding one does;
 * the others (and an ISBN want's copies listed without an ISBN) are found by the wanted-copy job
 * when a copy is next listed or freed. Returns how many were added.
 */
export async function addImportedWants(deps: Deps, userId: string, wants: readonly ImportedWant[]): Promise<number> {
  const unique = [...new Map(wants.filter((want) => want.title.trim()).map((want) => [wantKey(want), want])).entries()].map(([key, want]) => ({
    title: want.title,
    author: want.author,
    isbn13: want.isbn13 && /^\d{13}$/.test(want.isbn13) ? want.isbn13 : null,
    key,
  }));
  const added: { id: number; title: string; author: string; isbn13: string | null }[] = [];
  const now = Date.now();
  for (let i = 0; i < unique.length; i += WANTS_PER_INSERT) {
    const chunk = JSON.stringify(unique.slice(i, i + WANTS_PER_INSERT));
    // New keys only, and no more than the list has room for (counted by the statement itself, so chunks add up).
    const rows = await deps.db.all<{ id: number; title: string; author: string; isbn13: string | null }>(sql`
      insert into wanted_books (user_id, title, author, isbn13, match_key, source, created_at)
      select ${userId}, json_extract(value, '$.title'), json_extract(value, '$.author'), json_extract(value, '$.isbn13'), json_extract(value, '$.key'), 'import', ${now}
      from json_each(${chunk})
      where not exists (select 1 from wanted_books w where w.user_id = ${userId} and w.match_key = json_extract(value, '$.key'))
      order by key
      limit max(0, ${WANTED_MAX} - (select count(*) from wanted_books w where w.user_id = ${userId}))
      on conflict do nothing
      returning id, title, author, isbn13`);
    added.push(...rows);
  }
  if (added.length > 0) await matchImportedWants(deps, userId, added);
  return added.length;
}

async function matchImportedWants(deps: Deps, userId: string, added: { id: number; title: string; author: string; isbn13: string | null }[]) {
  const [area] = await deps.db
    .select({ cellLat: memberAreas.cellLat, cellLon: memberAreas.cellLon, radiusKm: memberAreas.wantedRadiusKm })
    .from(memberAreas)
    .where(eq(memberAreas.userId, userId))
    .limit(1);
  if (!area) return;
  const cell: Cell = { cellLat: area.cellLat, cellLon: area.cellLon };
  const withIsbn = added.filter((want) => want.isbn13);
  if (withIsbn.length > 0) {
    const copies = await deps.db.all<{ wantedId: number; seq: number; cellLat: number; cellLon: number }>(sql`
      select json_extract(w.value, '$[0]') as wantedId, b.seq as seq, b.cell_lat as cellLat, b.cell_lon as cellLon
      from json_each(${JSON.stringify(withIsbn.map((want) => [want.id, want.isbn13]))}) w
      join books b on b.isbn13 = json_extract(w.value, '$[1]')
      where b.hidden is null and b.user_id <> ${userId} and b.cell_lat between ${cell.cellLat - BAND_CELLS} and ${cell.cellLat + BAND_CELLS}
      limit ${IMPORT_ISBN_CANDIDATES}`);
    const at = cellCentre(cell);
    const near = copies.filter((copy) => greatCircleKm(at, cellCentre({ cellLat: copy.cellLat, cellLon: copy.cellLon })) <= area.radiusKm);
    await recordMatches(
      deps,
      near.map((copy) => [Number(copy.wantedId), copy.seq, userId]),
      Date.now(),
    );
  }
  const titleOnly = added.filter((want) => !want.isbn13).slice(0, IMPORT_TITLE_MATCHES);
  for (const want of titleOnly) await matchNewWant(deps, { ...want, userId }, { cell, radiusKm: area.radiusKm });
}
