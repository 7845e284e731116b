import { readConfig } from "@worker/core/config";
import { publish } from "@worker/core/events/registry";
import type { Database } from "@worker/db/client";
import { books } from "@worker/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { type AppliedWrite, applyLookup, findBookForLookup } from "./analysis-writes";
import { type BookMetadataMatch, lookUpBookMetadata, lookupSettingsFrom } from "./metadata/lookup";
import { copyMetadataCover, metadataMirrorOrigins } from "./metadata-cover-copy";
import { type IsbnLookupMessage, lookupDelaySeconds, MAX_RETRIES } from "./queue-message";
import { ISBN_NOT_FOUND_MESSAGE, LOOKUP_GAVE_UP_MESSAGE, LOOKUP_UNAVAILABLE_MESSAGE, onlyBarcodeRead } from "./reading";

/** The title arrived: the book is listed now, and its owner's followers and the members who want it hear of it. */
export async function announceTitled(db: Database, env: Env, write: AppliedWrite, book: { id: string; userId: string; title: string }, now: number) {
  if (write.applied && write.titled && !book.title.trim())
    await publish({ db, env }, { type: "book.listed", ownerId: book.userId, bookIds: [book.id], at: now });
}

/**
 * The ISBN record's cover, copied into R2, to replace a photo that only gave a barcode. `settle`
 * deletes whichever image lost: the photo once the write applied, else the copy.
 */
export async function replaceBarcodePhoto(env: Env, ownerId: string, match: BookMetadataMatch | null) {
  const links = match?.matchedBy === "isbn" ? match.metadata.volumeInfo.imageLinks : undefined;
  const key = links ? await copyMetadataCover(env, ownerId, links.thumbnail ?? links.smallThumbnail, metadataMirrorOrigins(env)) : null;
  if (!key) return null;
  return {
    key,
    settle: async (applied: boolean, photoKey: string | null) => {
      const unused = applied ? photoKey : key;
      // The book is right either way; an image left over in R2 is not worth a redelivery.
      if (unused) await env.MEDIA.delete(unused).catch((error: unknown) => console.warn(`Could not delete the unused cover ${unused}`, error));
    },
  };
}

/** Says on the book why it still needs details, while it waits for its title under this ISBN. */
export async function noteLookupOutcome(db: Database, target: { bookId: string; isbn13: string }, message: string, now: number) {
  await db
    .update(books)
    .set({ analysisState: "needs_details", analysisMessage: message, updatedAt: now })
    .where(and(eq(books.id, target.bookId), eq(books.isbn13, target.isbn13), sql`trim(${books.title}) = ''`));
}

/**
 * A later lookup of an ISBN read from a cover (or asked for again by the owner). While no service can
 * be reached the queue delivers it again after lookupDelaySeconds, up to its retry bound; then the
 * book keeps "Look up again". A book that got its title or another ISBN meanwhile is left alone.
 */
export async function processIsbnLookup(db: Database, env: Env, message: Message<unknown>, target: IsbnLookupMessage, now: number, budgetMs: number) {
  try {
    const book = await findBookForLookup(db, target.bookId);
    if (!book || book.title.trim() || book.isbn13 !== target.isbn13) {
      message.ack();
      return;
    }
    const lookup = await lookUpBookMetadata({ isbn13: target.isbn13 }, { ...lookupSettingsFrom(readConfig(env)), signal: AbortSignal.timeout(budgetMs) });
    if (lookup.unreachable) {
      const last = message.attempts > MAX_RETRIES;
      await noteLookupOutcome(db, target, last ? LOOKUP_GAVE_UP_MESSAGE : LOOKUP_UNAVAILABLE_MESSAGE, now);
      if (last) message.ack();
      else message.retry({ delaySeconds: lookupDelaySeconds(message.attempts + 1) });
      return;
    }
    const cover = !book.coverKey || onlyBarcodeRead(book.coverAnalysis) ? await replaceBarcodePhoto(env, book.userId, lookup.match) : null;
    const write = await applyLookup(db, { ...target, now }, lookup.match, ISBN_NOT_FOUND_MESSAGE, cover?.key);
    await cover?.settle(write.applied, book.coverKey);
    await announceTitled(db, env, write, book, now);
    message.ack();
  } catch (error) {
    // D1 or R2 failed: the queue delivers it again (and gives it to the dead-letter queue in the end).
    console.warn(`ISBN lookup of book ${target.bookId} failed`, error);
    message.retry({ delaySeconds: lookupDelaySeconds(message.attempts + 1) });
  }
}
