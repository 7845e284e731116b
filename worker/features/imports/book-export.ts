import { requireUser } from "@worker/core/errors";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { mediaUrl } from "@worker/core/shared/media-url";
import { books } from "@worker/db/schema";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { type CsvCellValue, spreadsheetText, toCsv } from "./csv-cells";
import { GOODREADS_HEADER } from "./import-csv";

export const exportFormatSchema = z.object({ format: z.enum(["csv", "json"]).optional().default("csv") });
export type ExportFormat = z.output<typeof exportFormatSchema>["format"];

/** Goodreads' spelling of an ISBN cell, so spreadsheets keep the leading zero and Goodreads reads it back. */
const spreadsheetIsbn = (isbn: string | null) => spreadsheetText(isbn ?? "");
const goodreadsDate = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, "/");

async function ownBooks(ctx: MemberContext) {
  return ctx.db
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      description: books.description,
      status: books.status,
      isbn10: books.isbn10,
      isbn13: books.isbn13,
      publisher: books.publisher,
      publishedDate: books.publishedDate,
      pageCount: books.pageCount,
      language: books.language,
      coverKey: books.coverKey,
      createdAt: books.createdAt,
    })
    .from(books)
    .where(eq(books.userId, ctx.user.id))
    .orderBy(asc(books.seq));
}

/**
 * The member's books as a file: Goodreads' columns (every book on the "owned" shelf, which is what a
 * BookClub shelf is), or JSON with every field we keep. Both import back here.
 */
export async function exportMyBooks(ctx: ServiceContext, format: ExportFormat): Promise<{ body: string; contentType: string; fileName: string }> {
  requireUser(ctx);
  const list = await ownBooks(ctx);
  const day = new Date().toISOString().slice(0, 10);
  if (format === "json") {
    const data = list.map(({ id, coverKey, ...book }) => ({ bookId: id, ...book, coverImage: mediaUrl(coverKey) }));
    return { body: `${JSON.stringify({ books: data }, null, 2)}\n`, contentType: "application/json; charset=utf-8", fileName: `bookclub-books-${day}.json` };
  }
  const rows = list.map((book) => {
    const cells: Record<(typeof GOODREADS_HEADER)[number], CsvCellValue> = {
      "Book Id": book.id,
      Title: book.title,
      Author: book.author,
      "Author l-f": "",
      "Additional Authors": "",
      ISBN: spreadsheetIsbn(book.isbn10),
      ISBN13: spreadsheetIsbn(book.isbn13),
      "My Rating": 0,
      "Average Rating": "",
      Publisher: book.publisher,
      Binding: "",
      "Number of Pages": book.pageCount,
      "Year Published": book.publishedDate?.slice(0, 4) ?? "",
      "Original Publication Year": "",
      "Date Read": "",
      "Date Added": goodreadsDate(book.createdAt),
      Bookshelves: "owned",
      "Bookshelves with positions": "",
      "Exclusive Shelf": "read",
      "My Review": "",
      Spoiler: "",
      "Private Notes": "",
      "Read Count": 0,
      "Owned Copies": 1,
    };
    return GOODREADS_HEADER.map((name) => cells[name]);
  });
  return { body: toCsv(GOODREADS_HEADER, rows), contentType: "text/csv; charset=utf-8", fileName: `bookclub-books-${day}.csv` };
}
