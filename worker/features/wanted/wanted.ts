import { conflict, notFound, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { type Cell, cellCentre, greatCircleKm, shownDistanceKm } from "@worker/core/shared/area-cells";
import { matchKey } from "@worker/core/shared/copy-match";
import { normalizeIsbn } from "@worker/core/shared/isbn";
import { sanitizeText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { books, memberAreas, type WANTED_SOURCES, wantedBooks, wantedMatches } from "@worker/db/schema";
import { type BookCard, copyCardsBySeq, titleForIsbn } from "@worker/features/books";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { matchNewWant } from "./wanted-matching";

/** How far a member may ask to hear of copies of the books they want, in km. */
export const WANTED_RADII_KM = [5, 10, 25, 50, 100] as const;
export const WANTED_PAGE_SIZE = 50;
/** A member's list is bounded, as an import's to-read shelf is (339 in a real export). */
export const WANTED_MAX = 2000;
/** "Wanted, near you" on /library shows this many copies, nearest first. */
export const WANTED_NEAR_SHOWN = 6;

export const WANTED_NOT_FOUND = msg("That wanted book is not on your list.");
export const WANTED_BOOK_NOT_FOUND = msg("Book not found");
export const WANTED_OWN_BOOK = msg("This is your own book.");
export const WANTED_FULL = msg("Your wanted list is full ({max} books). Remove some to add more.");
export const WANTED_ISBN_UNKNOWN = msg("We couldn't find a book for ISBN {isbn}. Add it by title and author instead.");
export const WANTED_NEEDS_AREA = msg("Set your area on your profile to hear of copies near you.");
const ONE_WAY = msg("Send a bookId, an isbn, or a title (and author).");

const title = z
  .string({ error: () => translate("title must be text") })
  .transform((value) => sanitizeText(value).trim())
  .pipe(
    z
      .string()
      .min(1, { error: () => translate("Please enter a title.") })
      .max(300, { error: () => translate("A title is at most {max} characters.", { max: 300 }) }),
  );
const author = z
  .string({ error: () => translate("author must be text") })
  .transform((value) => sanitizeText(value).trim())
  .pipe(z.string().max(200, { error: () => translate("An author is at most {max} characters.", { max: 200 }) }));

/** One of three ways, whole: a book's page, an ISBN, or a title (and author). */
export const addWantedSchema = z
  .strictObject({
    bookId: z.string().min(1).max(64).optional(),
    isbn: z
      .string()
      .max(32)
      .transform((value, issue) => {
        const isbns = normalizeIsbn(value);
        if (!isbns?.isbn13) {
          issue.addIssue({ code: "custom", message: translate("Give a valid ISBN-10 or ISBN-13") });
          return z.NEVER;
        }
        return isbns.isbn13;
      })
      .optional(),
    title: title.optional(),
    author: author.optional(),
  })
  .refine((input) => [input.bookId, input.isbn, input.title].filter((value) => value !== undefined).length === 1, { error: () => translate(ONE_WAY) })
  .refine((input) => input.author === undefined || input.title !== undefined, { error: () => translate(ONE_WAY), path: ["author"] });
export type AddWanted = z.output<typeof addWantedSchema>;

export const wantedRadiusSchema = z.strictObject({
  radiusKm: z
    .number({ error: () => translate("radiusKm must be one of {radii}", { radii: WANTED_RADII_KM.join(", ") }) })
    .refine((value) => (WANTED_RADII_KM as readonly number[]).includes(value), {
      error: () => translate("radiusKm must be one of {radii}", { radii: WANTED_RADII_KM.join(", ") }),
    }),
});

export const wantedListQuery = z.strictObject({
  nextToken: z
    .string()
    .regex(/^w[0-9a-z]{1,11}$/, { error: () => translate("nextToken is not valid") })
    .transform((token) => Number.parseInt(token.slice(1), 36))
    .optional(),
});

export const wantedParams = z.strictObject({
  id: z.coerce
    .number({ error: () => translate("id must be a number") })
    .int()
    .positive(),
});

/** A wanted book as its member sees it. */
export interface WantedView {
  id: number;
  title: string;
  author: string;
  isbn13: string | null;
  source: (typeof WANTED_SOURCES)[number];
  /** The book page it was wanted from, while that book is listed. */
  bookId: string | null;
  /** Copies found within the member's radius (as last found). */
  copiesNear: number;
  createdAt: number;
}

const wantedColumns = {
  id: wantedBooks.id,
  title: wantedBooks.title,
  author: wantedBooks.author,
  isbn13: wantedBooks.isbn13,
  source: wantedBooks.source,
  bookId: wantedBooks.fromBookId,
  createdAt: wantedBooks.createdAt,
};

/** The member's area and how far they would go for a wanted book; null without an area. */
async function wantedArea(ctx: ServiceContext & { user: { id: string } }): Promise<{ cell: Cell; radiusKm: number } | null> {
  const [area] = await ctx.db
    .select({ cellLat: memberAreas.cellLat, cellLon: memberAreas.cellLon, radiusKm: memberAreas.wantedRadiusKm })
    .from(memberAreas)
    .where(eq(memberAreas.userId, ctx.user.id))
    .limit(1);
  return area ? { cell: { cellLat: area.cellLat, cellLon: area.cellLon }, radiusKm: area.radiusKm } : null;
}

/** My wanted books, newest first, a page at a time, with how many copies were found near me for each. */
export async function listWanted(ctx: ServiceContext, query: z.output<typeof wantedListQuery>) {
  requireUser(ctx);
  const rows = await ctx.db
    .select(wantedColumns)
    .from(wantedBooks)
    .where(and(eq(wantedBooks.userId, ctx.user.id), query.nextToken ? lt(wantedBooks.id, query.nextToken) : undefined))
    .orderBy(desc(wantedBooks.id))
    .limit(WANTED_PAGE_SIZE + 1);
  const page = rows.slice(0, WANTED_PAGE_SIZE);
  const [counts, area] = await Promise.all([
    page.length
      ? ctx.db
          .select({ wantedId: wantedMatches.wantedId, n: sql<number>`count(*)` })
          .from(wantedMatches)
          .where(
            inArray(
              wantedMatches.wantedId,
              page.map((row) => row.id),
            ),
          )
          .groupBy(wantedMatches.wantedId)
      : [],
    wantedArea(ctx),
  ]);
  const byWant = new Map(counts.map((row) => [row.wantedId, row.n]));
  return {
    items: page.map((row): WantedView => ({ ...row, copiesNear: area ? (byWant.get(row.id) ?? 0) : 0 })),
    nextToken: rows.length > WANTED_PAGE_SIZE ? `w${page.at(-1)!.id.toString(36)}` : null,
    hasArea: area !== null,
    radiusKm: area?.radiusKm ?? 25,
  };
}

/** What a want is made of, from whichever of the three ways it came. */
async function wantFrom(ctx: ServiceContext & { user: { id: string } }, input: AddWanted) {
  if (input.bookId) {
    const [book] = await ctx.db
      .select({ id: books.id, userId: books.userId, title: books.title, author: books.author, isbn13: books.isbn13, hidden: books.hidden })
      .from(books)
      .where(eq(books.id, input.bookId))
      .limit(1);
    if (!book || book.hidden) throw notFound(WANTED_BOOK_NOT_FOUND);
    if (book.userId === ctx.user.id) throw conflict(WANTED_OWN_BOOK);
    if (!book.title.trim() && !book.isbn13) throw notFound(WANTED_BOOK_NOT_FOUND);
    return { title: book.title, author: book.author, isbn13: book.isbn13, source: "book" as const, fromBookId: book.id };
  }
  if (input.isbn) {
    const found = await titleForIsbn(ctx.env, { isbn13: input.isbn, isbn10: null });
    if (!found) throw notFound(WANTED_ISBN_UNKNOWN, { isbn: input.isbn });
    return { ...found, isbn13: input.isbn, source: "isbn" as const, fromBookId: null };
  }
  return { title: input.title!, author: input.author ?? "", isbn13: null, source: "title" as const, fromBookId: null };
}

/** The key a want is unique by for its member: its title and author, or its ISBN when it has no title. */
export const wantKey = (want: { title: string; author: string; isbn13: string | null }) =>
  want.title.trim() ? matchKey(want.title, want.author) : `isbn:${want.isbn13}`;

/**
 * Adds a book to my wanted list (adding it again changes nothing: `created` false), and records the
 * copies already listed within my radius, so "Wanted, near you" shows them at once.
 */
export async function addWanted(ctx: ServiceContext, input: AddWanted): Promise<{ item: WantedView; created: boolean }> {
  requireUser(ctx);
  const want = await wantFrom(ctx, input);
  const key = wantKey(want);
  const [[existing], [count]] = await ctx.db.batch([
    ctx.db
      .select(wantedColumns)
      .from(wantedBooks)
      .where(and(eq(wantedBooks.userId, ctx.user.id), eq(wantedBooks.matchKey, key)))
      .limit(1),
    ctx.db.select({ n: sql<number>`count(*)` }).from(wantedBooks).where(eq(wantedBooks.userId, ctx.user.id)),
  ]);
  if (existing) return { item: { ...existing, copiesNear: await copiesNearCount(ctx, existing.id) }, created: false };
  if ((count?.n ?? 0) >= WANTED_MAX) throw conflict(WANTED_FULL, { max: WANTED_MAX });
  const [row] = await ctx.db
    .insert(wantedBooks)
    .values({
      userId: ctx.user.id,
      title: want.title,
      author: want.author,
      isbn13: want.isbn13,
      matchKey: key,
      source: want.source,
      fromBookId: want.fromBookId,
    })
    .onConflictDoNothing()
    .returning(wantedColumns);
  // Two adds at once: the other one stored it.
  if (!row) return addWanted(ctx, input);
  const area = await wantedArea(ctx);
  const copiesNear = area ? await matchNewWant(ctx, { id: row.id, userId: ctx.user.id, ...want }, area) : 0;
  return { item: { ...row, copiesNear }, created: true };
}

async function copiesNearCount(ctx: ServiceContext, wantedId: number): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)` }).from(wantedMatches).where(eq(wantedMatches.wantedId, wantedId));
  return row?.n ?? 0;
}

/** Takes a book off my wanted list (its matches go with it). */
export async function removeWanted(ctx: ServiceContext, id: number): Promise<{ removed: true }> {
  requireUser(ctx);
  const [removed] = await ctx.db
    .delete(wantedBooks)
    .where(and(eq(wantedBooks.id, id), eq(wantedBooks.userId, ctx.user.id)))
    .returning({ id: wantedBooks.id });
  if (!removed) throw notFound(WANTED_NOT_FOUND);
  return { removed: true };
}

/** How far I would go for a wanted book; it rides on my area, so it needs one. */
export async function setWantedRadius(ctx: ServiceContext, input: z.output<typeof wantedRadiusSchema>): Promise<{ radiusKm: number }> {
  requireUser(ctx);
  const [row] = await ctx.db
    .update(memberAreas)
    .set({ wantedRadiusKm: input.radiusKm })
    .where(eq(memberAreas.userId, ctx.user.id))
    .returning({ radiusKm: memberAreas.wantedRadiusKm });
  if (!row) throw conflict(WANTED_NEEDS_AREA);
  return { radiusKm: row.radiusKm };
}

/** Whether I want this book (the book page's button): my want's id, or null. */
export async function myWantOfBook(ctx: ServiceContext, book: { title: string; author: string; isbn13: string | null }): Promise<number | null> {
  if (!ctx.user) return null;
  const [row] = await ctx.db
    .select({ id: wantedBooks.id })
    .from(wantedBooks)
    .where(and(eq(wantedBooks.userId, ctx.user.id), eq(wantedBooks.matchKey, wantKey(book))))
    .limit(1);
  return row?.id ?? null;
}

export type WantedNearCard = BookCard & { distanceKm: number; wantedTitle: string };

/**
 * "Wanted, near you": copies of my wanted books, free to borrow now and within my radius, nearest
 * first. Read from my matches (indexed by member, newest first, at most 100), never from the books by place.
 */
export async function wantedNearMe(ctx: ServiceContext, limit = WANTED_NEAR_SHOWN): Promise<WantedNearCard[]> {
  if (!ctx.user) return [];
  const member = ctx as ServiceContext & { user: { id: string } };
  const area = await wantedArea(member);
  if (!area) return [];
  const matches = await ctx.db
    .select({ bookSeq: wantedMatches.bookSeq, title: wantedBooks.title })
    .from(wantedMatches)
    .innerJoin(wantedBooks, eq(wantedBooks.id, wantedMatches.wantedId))
    .where(eq(wantedMatches.userId, member.user.id))
    .orderBy(desc(wantedMatches.createdAt))
    .limit(100);
  const titles = new Map(matches.map((row) => [row.bookSeq, row.title]));
  const copies = await copyCardsBySeq(ctx, [...titles.keys()]);
  const at = cellCentre(area.cell);
  return copies
    .filter(({ card, cell, free }) => cell && free && card.userId !== member.user.id && !card.membersOnly)
    .map(({ seq, card, cell }) => ({ card, seq, km: greatCircleKm(at, cellCentre(cell!)), cell: cell! }))
    .filter(({ km }) => km <= area.radiusKm)
    .sort((a, b) => a.km - b.km || b.seq - a.seq)
    .slice(0, limit)
    .map(({ card, seq, cell }) => ({ ...card, distanceKm: shownDistanceKm(area.cell, cell), wantedTitle: titles.get(seq) ?? card.title }));
}

/**
 * How many members near each of my books want it (My Books): matches are written only within each
 * wanter's radius, so a count is one grouped read by book.
 */
export async function wantersNearby(ctx: ServiceContext, bookSeqs: readonly number[]): Promise<Map<number, number>> {
  if (bookSeqs.length === 0) return new Map();
  const rows = await ctx.db
    .select({ bookSeq: wantedMatches.bookSeq, n: sql<number>`count(*)` })
    .from(wantedMatches)
    .where(inArray(wantedMatches.bookSeq, [...bookSeqs]))
    .groupBy(wantedMatches.bookSeq);
  return new Map(rows.map((row) => [row.bookSeq, row.n]));
}
