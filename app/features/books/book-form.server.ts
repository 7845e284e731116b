import { updateBookSchema } from "@worker/features/books/book-writes";
import { textField } from "~/core/form-data.server";

/**
 * The Edit Book form's fields as the update service takes them (empty borrower means none; an
 * empty club is "No club"; a form without the Club select leaves the club as it is).
 */
export function parseBookForm(form: FormData) {
  const borrower = textField(form, "lentToUserId")?.trim();
  const club = textField(form, "clubId")?.trim();
  const language = textField(form, "language");
  const age = textField(form, "ageGroupFine");
  const lendTo = textField(form, "lendTo");
  const km = textField(form, "lendWithinKm");
  return updateBookSchema.safeParse({
    title: textField(form, "title"),
    author: textField(form, "author"),
    description: textField(form, "description") ?? "",
    // Only Edit Book has it; the My Books dialog leaves it as it is.
    coverAlt: textField(form, "coverAlt"),
    // Only Edit Book has the field; the My Books dialog leaves the ISBN as it is.
    isbn: textField(form, "isbn"),
    status: textField(form, "status"),
    lentToUserId: borrower ? borrower : null,
    lentToUserName: textField(form, "lentToUserName")?.trim() || null,
    clubId: club === undefined ? undefined : club || null,
    // Only Edit Book has these; "Not set" (empty) takes them off the book.
    language: language === undefined ? undefined : language || null,
    ageGroupFine: age === undefined ? undefined : age || null,
    // Only Edit Book has the lending rule: "Use my default" (empty) is null; its km counts for "near" alone.
    lendTo: lendTo === undefined ? undefined : lendTo || null,
    lendWithinKm: lendTo === "near" ? kmOf(km) : lendTo === "" ? null : undefined,
  });
}

/** The posted km as a number for the schema to check (which names the allowed steps when it is not one). */
const kmOf = (text: string | undefined) => (text === undefined || text.trim() === "" || Number.isNaN(Number(text)) ? -1 : Number(text));
