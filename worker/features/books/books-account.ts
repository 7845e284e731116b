import { type AccountDataPart, type AccountDeletionPart, mediaExtension } from "@worker/core/member-data-parts";
import { books } from "@worker/db/schema";
import { and, eq, isNotNull } from "drizzle-orm";

const isExternal = (key: string) => /^https?:/.test(key);

/** books.json, and each uploaded cover under covers/ (read from R2 one at a time, streamed into the zip). */
export const booksDataPart: AccountDataPart = {
  name: "books",
  covers: [{ table: books, how: "books.json, with their uploaded covers under covers/" }],
  files: ["books.json", "covers/"],
  async write({ db, env }, userId, zip) {
    const ownBooks = await db.select().from(books).where(eq(books.userId, userId)).orderBy(books.seq);
    const bookFiles: Record<string, unknown>[] = [];
    for (const book of ownBooks) {
      let coverFile: string | null = null;
      if (book.coverKey && !isExternal(book.coverKey)) {
        const object = await env.MEDIA.get(book.coverKey);
        if (object) {
          coverFile = `covers/${book.id}.${mediaExtension(book.coverKey, object.httpMetadata?.contentType)}`;
          await zip.file(coverFile, object.body);
        }
      }
      // The area cell stays out: the member's own data shows only their area's place name.
      const { seq: _seq, userId: _owner, coverKey, analysisAttempts: _attempts, cellLat: _cellLat, cellLon: _cellLon, ...fields } = book;
      bookFiles.push({ ...fields, cover: coverFile ?? (coverKey && isExternal(coverKey) ? coverKey : null) });
    }
    await zip.json("books.json", bookFiles);
  },
};

/**
 * The member's books go, and with them loans of those books, their waitlists and search entries (by
 * cascade and trigger); then their covers leave R2, also any stored outside covers/{id}/ by older rows.
 */
export const booksDeletionPart: AccountDeletionPart = {
  name: "books",
  covers: [{ table: books, how: "deleted (loans of them, their waitlists and search rows follow)" }],
  async plan({ db, user }) {
    const ownCovers = await db
      .select({ key: books.coverKey })
      .from(books)
      .where(and(eq(books.userId, user.id), isNotNull(books.coverKey)));
    return {
      statements: [db.delete(books).where(eq(books.userId, user.id))],
      mediaPrefixes: [`covers/${user.id}/`],
      mediaKeys: ownCovers.map((row) => row.key),
    };
  },
};
