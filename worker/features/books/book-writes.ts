import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { publish } from "@worker/core/events/registry";
import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { hiddenUntilTitled } from "@worker/core/shared/book-listing";
import { COVER_ALT_MAX } from "@worker/core/shared/cover-analysis";
import { idField } from "@worker/core/shared/id";
import { normalizeIsbn } from "@worker/core/shared/isbn";
import { withBookSearchText } from "@worker/core/shared/search-text";
import { cleanText } from "@worker/core/shared/text";
import { msg } from "@worker/core/shared/translate";
import { AGE_GROUPS, BOOK_STATUSES, books, clubs, LEND_RULES, LEND_WITHIN_KM, type LendRule, memberships, users } from "@worker/db/schema";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { languageCodeField } from "./book-fields";
import { bookValuesFromIsbn, INVALID_ISBN, parseIsbn } from "./isbn-books";
import { findBookById } from "./library";
import { assertOwnCoverKey } from "./uploads";

// cleanText writes these in the request's language when a value is refused, with {max} filled in.
const title = cleanText({ max: 300, tooLong: msg("Title must be at most {max} characters"), required: msg("Title is required") });
const author = cleanText({ max: 200, tooLong: msg("Author must be at most {max} characters"), required: msg("Author is required") });
const description = cleanText({ max: 5000, tooLong: msg("Description must be at most {max} characters"), multiline: true });
/** The club the book is shared into, or null for none. */
const clubIdField = idField("clubId must not be empty").nullable();

/** The three ways to add a book: from an uploaded cover image, typed in by hand, or by ISBN. */
export const imageBookSchema = z.object({
  s3Key: z.string().min(1).max(300),
  s3Bucket: z.string().max(100).optional(),
  coverImage: z.string().max(2048).optional(),
  extractFromImage: z.boolean().default(true),
  status: z.enum(BOOK_STATUSES).default("available"),
  clubId: clubIdField.optional(),
});
/** Written when an ISBN is refused, so it is in the request's language. */
const invalidIsbn = () => translate(INVALID_ISBN);
/** ISBN-10 or -13, with or without hyphens; a misread digit fails the check digit. */
const isbnField = z
  .string()
  .trim()
  .max(32, { error: invalidIsbn })
  .refine((value) => normalizeIsbn(value) !== null, { error: invalidIsbn });
/** Optional on a book typed in by hand (an unknown scanned ISBN comes prefilled). */
const optionalIsbn = z
  .string()
  .trim()
  .max(32, { error: invalidIsbn })
  .transform((value) => value || undefined)
  .pipe(isbnField.optional())
  .optional();
export const manualBookSchema = z.object({
  title,
  author,
  description: description.default(""),
  isbn: optionalIsbn,
  /** What the library's filters narrow by: the language as books store it, and the age group. */
  language: languageCodeField.optional(),
  ageGroupFine: z.enum(AGE_GROUPS).optional(),
  status: z.enum(BOOK_STATUSES).default("available"),
  clubId: clubIdField.optional(),
});
/** A scanned (or typed) ISBN: the server looks the book up itself and fills everything it finds. */
export const isbnBookSchema = z.object({
  isbn: isbnField,
  status: z.enum(BOOK_STATUSES).default("available"),
  clubId: clubIdField.optional(),
});
export type CreateBookInput = z.output<typeof imageBookSchema> | z.output<typeof manualBookSchema> | z.output<typeof isbnBookSchema>;

/** Every shape a new book's payload may take, for the API reference. */
export const createBookSchemas = z.union([imageBookSchema, isbnBookSchema, manualBookSchema]);

/** Picks the payload's schema by its shape, so errors name the field that is wrong. */
export function createBookSchemaFor(value: unknown) {
  if (value && typeof value === "object" && "s3Key" in value) return imageBookSchema;
  return value && typeof value === "object" && "isbn" in value && !("title" in value) ? isbnBookSchema : manualBookSchema;
}

export const updateBookSchema = z
  .object({
    title,
    author,
    description,
    /** ISBN-10 or -13 as on "Add a book"; empty (or null) takes it off the book. */
    isbn: z
      .string()
      .trim()
      .max(32, { error: invalidIsbn })
      .refine((value) => value === "" || normalizeIsbn(value) !== null, { error: invalidIsbn })
      .nullable(),
    /** What the cover shows, for those who can't see it (its alt text after "Cover of {title} by {author}"); empty or null: none. */
    coverAlt: cleanText({ max: COVER_ALT_MAX, tooLong: msg("Cover description must be at most {max} characters") }).nullable(),
    /** A new cover: the `fileKey` of a signed upload (POST /api/upload-url), as when adding a book. */
    s3Key: z.string().min(1).max(300),
    status: z.enum(BOOK_STATUSES),
    lentToUserId: z.string().max(64).nullable(),
    lentToUserName: cleanText({ max: 200, tooLong: msg("Borrower name must be at most {max} characters") }).nullable(),
    clubId: clubIdField,
    /** null takes it off the book. */
    language: languageCodeField.nullable(),
    ageGroupFine: z.enum(AGE_GROUPS).nullable(),
    /** Who may ask for it (null: the owner's default on /profile). */
    lendTo: z.enum(LEND_RULES, { error: () => translate("lendTo must be one of {rules}", { rules: LEND_RULES.join(", ") }) }).nullable(),
    /** For lendTo "near": within this many km. */
    lendWithinKm: z
      .number()
      .refine((km) => (LEND_WITHIN_KM as readonly number[]).includes(km), {
        error: () => translate("lendWithinKm must be one of {values}", { values: LEND_WITHIN_KM.join(", ") }),
      })
      .nullable(),
  })
  .partial()
  .strict();
export type UpdateBookInput = z.output<typeof updateBookSchema>;

export const LENT_TO_REQUIRED = msg("Please select who you lent the book to.");
export const UPLOAD_COVER_FIRST = msg("Upload the image before adding the book.");
export const UPLOAD_NEW_COVER_FIRST = msg("Upload the image before making it the cover.");
export const COVER_IN_USE = msg("This image is already the cover of another book. Please upload it again for this book.");

export const LEND_BLOCKED = msg("You can't lend a book to this member.");

export const DELETE_LENT_BOOK = msg("You can't delete a book that is lent out. Mark it returned first.");

/** Kept on the book in English (the catalogue's key) and written in the owner's language where shown. */
export const COVER_READING_UNAVAILABLE = msg("Cover reading is unavailable right now. Please add the details.");

export const CLUB_SHARE_FORBIDDEN = msg("You can only share a book with a club you are an active member of.");

/**
 * A book goes only into a club its owner is an active member of. A club that does not exist gets
 * the same answer, so a club id reveals nothing. (One primary-key lookup.)
 */
async function assertCanShareIntoClub(ctx: MemberContext, clubId: string) {
  const [row] = await ctx.db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.clubId, clubId), eq(memberships.userId, ctx.user.id), eq(memberships.status, "active")))
    .limit(1);
  if (!row) throw forbidden(CLUB_SHARE_FORBIDDEN);
}

/** A member belongs to few clubs; the cap only bounds the Club select for a pathological account. */
const CLUB_CHOICES_LIMIT = 200;
export interface ClubChoice {
  clubId: string;
  name: string;
}

/** The clubs a member may share a book into (their active ones), by name, for the Edit Book form. */
export async function listClubChoices(ctx: ServiceContext): Promise<ClubChoice[]> {
  requireUser(ctx);
  return ctx.db
    .select({ clubId: clubs.id, name: clubs.name })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.clubId))
    .where(and(eq(memberships.userId, ctx.user.id), eq(memberships.status, "active")))
    .orderBy(asc(clubs.name), asc(clubs.seq))
    .limit(CLUB_CHOICES_LIMIT);
}

/** A book's own lending rule for its Edit Book form (null: it follows the owner's default); null for anyone's book but the member's. */
export async function findOwnLendRule(ctx: ServiceContext, bookId: string): Promise<{ lendTo: LendRule | null; lendWithinKm: number | null } | null> {
  requireUser(ctx);
  const [row] = await ctx.db
    .select({ lendTo: books.lendTo, lendWithinKm: books.lendWithinKm })
    .from(books)
    .where(and(eq(books.id, bookId), eq(books.userId, ctx.user.id)))
    .limit(1);
  return row ?? null;
}

/**
 * Which of these books of the member lend to nobody for now (their own rule, else the member's default):
 * My Books marks them. One read by primary key.
 */
export async function notLendingAmong(ctx: ServiceContext, bookIds: readonly string[]): Promise<Set<string>> {
  requireUser(ctx);
  if (bookIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: books.id })
    .from(books)
    .where(and(inArray(books.id, [...bookIds]), eq(books.userId, ctx.user.id), sql`coalesce(${books.lendTo}, ${ctx.user.lendTo ?? "anyone"}) = 'nobody'`));
  return new Set(rows.map((row) => row.id));
}

/** Whether any book shows this cover (one lookup on books_cover_key_idx). */
async function coverKeyInUse(ctx: ServiceContext, key: string) {
  const [row] = await ctx.db.select({ id: books.id }).from(books).where(eq(books.coverKey, key)).limit(1);
  return Boolean(row);
}

/** Creates the book; an image-flow book is queued for cover analysis and fills in within seconds. */
export async function createBook(ctx: ServiceContext, input: CreateBookInput) {
  requireUser(ctx);
  const id = crypto.randomUUID();
  if (input.clubId) await assertCanShareIntoClub(ctx, input.clubId);
  const clubIdValue = input.clubId ?? null;
  if ("s3Key" in input) {
    assertOwnCoverKey(ctx, input.s3Key);
    if (input.s3Bucket && input.s3Bucket !== "MEDIA") throw badRequest("s3Bucket must be MEDIA");
    if (!(await ctx.env.MEDIA.head(input.s3Key))) throw badRequest(UPLOAD_COVER_FIRST);
    // One cover per book: deleting a book deletes its cover, which must never be another book's.
    if (await coverKeyInUse(ctx, input.s3Key)) throw conflict(COVER_IN_USE);
    const analyse = input.extractFromImage;
    await ctx.db.insert(books).values({
      id,
      userId: ctx.user.id,
      status: input.status,
      coverKey: input.s3Key,
      clubId: clubIdValue,
      analysisState: analyse ? "pending" : "none",
      // Listed once it has a title: from the cover reading, the lookup, or the owner.
      hidden: hiddenUntilTitled(""),
    });
    if (analyse) {
      try {
        await ctx.env.COVER_QUEUE.send({ bookId: id, key: input.s3Key });
      } catch {
        // The book is still the member's; it just has to be completed by hand.
        await ctx.db.update(books).set({ analysisState: "needs_details", analysisMessage: COVER_READING_UNAVAILABLE }).where(eq(books.id, id));
      }
    }
  } else if ("title" in input) {
    const isbns = input.isbn ? parseIsbn(input.isbn) : null;
    await ctx.db.insert(books).values(
      withBookSearchText({
        id,
        userId: ctx.user.id,
        title: input.title,
        author: input.author,
        description: input.description,
        isbn10: isbns?.isbn10,
        isbn13: isbns?.isbn13,
        language: input.language ?? null,
        ageGroupFine: input.ageGroupFine ?? null,
        status: input.status,
        clubId: clubIdValue,
      }),
    );
  } else {
    const values = await bookValuesFromIsbn(ctx, parseIsbn(input.isbn));
    // Nothing is left to read from a cover: the record came with the book.
    await ctx.db
      .insert(books)
      .values(withBookSearchText({ id, userId: ctx.user.id, status: input.status, clubId: clubIdValue, analysisState: "none" as const, ...values }));
  }
  // Followers hear of it in the window's one notice (follows subscribes), a few minutes on; a cover's
  // book is heard of when it gets its title (the cover reading, the lookup or the owner's edit).
  if (!("s3Key" in input)) await publish(ctx, { type: "book.listed", ownerId: ctx.user.id, bookIds: [id], at: Date.now() });
  return (await findBookById(ctx, id))!;
}

async function loadOwnBook(ctx: MemberContext, bookId: string) {
  const [book] = await ctx.db
    .select({
      id: books.id,
      userId: books.userId,
      coverKey: books.coverKey,
      coverAlt: books.coverAlt,
      status: books.status,
      lentToUserId: books.lentToUserId,
      clubId: books.clubId,
      title: books.title,
      author: books.author,
      analysisState: books.analysisState,
      hidden: books.hidden,
    })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  if (!book) throw notFound("Book not found");
  if (book.userId !== ctx.user.id) throw forbidden("Only the owner can change this book.");
  return book;
}

/** An owner's edit, checked: the book's one update statement, and what the edit means for lending. */
export interface BookEdit {
  /** The book as it was, with the title it is getting. */
  book: { id: string; title: string; status: string; lentToUserId: string | null };
  /** The member it is lent to after the edit (a real member, not the owner), or null. */
  borrower: { id: string; name: string } | null;
  update: BatchItem<"sqlite">;
  now: number;
}
/**
 * Writes the edit's update, with whatever must be stored in the same batch. Loans passes its own
 * through the edit's API route and page (the ledger follows a manual 'Lent'), so books never
 * imports loans.
 */
export type WriteBookEdit = (ctx: MemberContext, edit: BookEdit) => Promise<void>;

/**
 * Owner-only update. Lent needs a borrower (a real member); any other status clears the borrower.
 * clubId shares the book into one of the owner's active clubs, or (null) takes it out of its club.
 */
export async function updateBook(ctx: ServiceContext, bookId: string, input: UpdateBookInput, write: WriteBookEdit) {
  requireUser(ctx);
  const current = await loadOwnBook(ctx, bookId);
  const status = input.status ?? current.status;
  const now = Date.now();
  const changes: Partial<typeof books.$inferInsert> = { updatedAt: now };
  if (input.title !== undefined) changes.title = input.title;
  if (input.author !== undefined) changes.author = input.author;
  if (input.description !== undefined) changes.description = input.description;
  if (input.coverAlt !== undefined) changes.coverAlt = input.coverAlt || null;
  if (input.status !== undefined) changes.status = input.status;
  if (input.language !== undefined) changes.language = input.language;
  if (input.ageGroupFine !== undefined) changes.ageGroupFine = input.ageGroupFine;
  // A new rule applies to requests from now on: nothing already asked for or agreed is cancelled.
  if (input.lendTo !== undefined) changes.lendTo = input.lendTo;
  if (input.lendWithinKm !== undefined) changes.lendWithinKm = input.lendWithinKm;
  if (input.isbn !== undefined) {
    const isbns = input.isbn ? parseIsbn(input.isbn) : null;
    changes.isbn10 = isbns?.isbn10 ?? null;
    changes.isbn13 = isbns?.isbn13 ?? null;
  }
  // A new cover replaces the old one, whose R2 object goes once the book no longer shows it.
  const replacedCover = input.s3Key !== undefined && input.s3Key !== current.coverKey ? current.coverKey : null;
  if (input.s3Key !== undefined && input.s3Key !== current.coverKey) {
    await checkNewCover(ctx, input.s3Key);
    changes.coverKey = input.s3Key;
    // The old cover's description does not describe the new one (a form posts it back unchanged).
    if (input.coverAlt === undefined || (input.coverAlt || null) === current.coverAlt) changes.coverAlt = null;
  }
  // The owner has now given what the cover reading could not: the book stops asking for details.
  if (current.analysisState === "needs_details" && (changes.title ?? current.title).trim() && (changes.author ?? current.author).trim()) {
    changes.analysisState = "done";
    changes.analysisMessage = null;
  }
  // Keeping the club it already has needs no check (the owner may have left it since); a new one does.
  if (input.clubId !== undefined && input.clubId !== current.clubId) {
    if (input.clubId !== null) await assertCanShareIntoClub(ctx, input.clubId);
    changes.clubId = input.clubId;
  }

  let borrower: { id: string; name: string } | null = null;
  if (status === "borrowed") {
    const borrowerId = input.lentToUserId !== undefined ? input.lentToUserId : current.lentToUserId;
    if (!borrowerId) throw badRequest(LENT_TO_REQUIRED);
    if (borrowerId === ctx.user.id) throw badRequest("You cannot lend a book to yourself.");
    [borrower = null] = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, borrowerId)).limit(1);
    if (!borrower) throw badRequest(LENT_TO_REQUIRED);
    // The stored name comes from the member record, not from what the client sent.
    changes.lentToUserId = borrower.id;
    changes.lentToUserName = borrower.name;
  } else {
    changes.lentToUserId = null;
    changes.lentToUserName = null;
  }
  const update = ctx.db.update(books).set(withBookSearchText(changes)).where(eq(books.id, bookId));
  await write(ctx, { book: { ...current, title: changes.title ?? current.title }, borrower, update, now });
  if (replacedCover) await deleteCoverIfUnused(ctx, replacedCover);
  // The title makes it listed (books_listed_once_titled): now followers and wanters hear of it.
  if (current.hidden === "untitled" && changes.title?.trim()) await publish(ctx, { type: "book.listed", ownerId: ctx.user.id, bookIds: [bookId], at: now });
  return (await findBookById(ctx, bookId))!;
}

/** A cover the member uploaded (its key names them), stored, and not already another book's. */
async function checkNewCover(ctx: MemberContext, key: string) {
  assertOwnCoverKey(ctx, key);
  if (!(await ctx.env.MEDIA.head(key))) throw badRequest(UPLOAD_NEW_COVER_FIRST);
  // One cover per book: deleting a book deletes its cover, which must never be another book's.
  if (await coverKeyInUse(ctx, key)) throw conflict(COVER_IN_USE);
}

/** Deletes a cover from R2 unless it is an outside URL or another book still shows it (rows from before covers were one per book). */
async function deleteCoverIfUnused(ctx: ServiceContext, key: string) {
  if (!/^https:/.test(key) && !(await coverKeyInUse(ctx, key))) await ctx.env.MEDIA.delete(key);
}

/**
 * Owner-only delete: the row (search entry and counters follow by trigger) and its cover in R2,
 * unless another book still shows that cover (rows from before covers were one per book).
 * `isLentOut` is loans' check, passed in by the delete's route and page: a book out on a loan stays.
 */
export async function deleteBook(ctx: ServiceContext, bookId: string, isLentOut: (ctx: MemberContext, bookId: string) => Promise<boolean>) {
  requireUser(ctx);
  const book = await loadOwnBook(ctx, bookId);
  if (book.status === "borrowed" || (await isLentOut(ctx, bookId))) throw conflict(DELETE_LENT_BOOK);
  await ctx.db.delete(books).where(eq(books.id, bookId));
  if (book.coverKey) await deleteCoverIfUnused(ctx, book.coverKey);
  return { bookId, deleted: true as const };
}
