import { afterEach, describe, expect, it, vi } from "vitest";
import { googleBooksNoItems, googleBooksScannedIsbn, openLibraryNoDocs, SCANNED_ISBN } from "../books/fixtures/google-books-isbn";
import { createClub } from "../clubs/support";
import { jsonResponse, mockFetch } from "../covers/helpers";
import { signedInMember } from "../helpers/fixtures";
import { setBook } from "./support";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Setting the club's book by ISBN", () => {
  it("looks the ISBN up as Add Books does: title, author and an https cover", async () => {
    const admin = await signedInMember();
    const club = await createClub(admin.user.id);
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksScannedIsbn) });
    const { status, body } = await setBook(club.id, admin, { isbn: "978-0-14-143951-8" });
    expect(status).toBe(200);
    expect(body.data!.current).toMatchObject({ title: "Pride and Prejudice", author: "Jane Austen", isbn13: SCANNED_ISBN, bookId: null });
    expect(body.data!.current!.cover).toMatch(/^https:\/\/books\.google\.com\//);
  });

  it("asks for a title when nobody knows the ISBN, and refuses an invalid one", async () => {
    const admin = await signedInMember();
    const club = await createClub(admin.user.id);
    mockFetch({ "www.googleapis.com": () => jsonResponse(googleBooksNoItems), "openlibrary.org": () => jsonResponse(openLibraryNoDocs) });
    expect((await setBook(club.id, admin, { isbn: "9780306406157" })).body).toEqual({
      success: false,
      error: "title: No book found for that ISBN. Please enter its title and author.",
    });
    expect((await setBook(club.id, admin, { isbn: "12345" })).body).toEqual({ success: false, error: "isbn: Give a valid ISBN-10 or ISBN-13" });
    // With a title too, nothing is looked up.
    expect((await setBook(club.id, admin, { isbn: "9780306406157", title: "Typed" })).body.data!.current).toMatchObject({
      title: "Typed",
      isbn13: "9780306406157",
      cover: null,
    });
  });
});
