// The scanner's two calls: what the metadata services know about an ISBN, and adding the book by it.

import { msg } from "@worker/core/shared/translate";
import type { GoogleMetadata } from "@worker/db/schema";
import type { Book } from "@worker/features/books/book-columns";
import { apiFetch } from "~/core/api-client";
import { raiseSessionExpired } from "~/core/session-events";

/** The failure the scanner shows when the server gives none (a catalogue text: the dialog translates it). */
const ADD_FAILED = msg("Failed to add book");

/** The record to show for a scanned ISBN, or null when none is known or the lookup is unavailable. */
export async function lookUpIsbn(isbn: string): Promise<GoogleMetadata | null> {
  try {
    const { items } = await apiFetch("/books/metadata", { query: { isbn } });
    const carriesIsbn = (item: GoogleMetadata) => item.volumeInfo.industryIdentifiers?.some((id) => id.identifier.replace(/-/g, "") === isbn);
    const record = items.find(carriesIsbn) ?? items[0];
    return record?.volumeInfo.title ? record : null;
  } catch {
    // Down (503), or not reachable at all (offline, local dev without network): add it by hand.
    return null;
  }
}

export type AddByIsbnResult =
  | { kind: "added"; book: Book }
  | { kind: "owned"; bookId: string }
  | { kind: "unknown" }
  /** `message`: the server's refusal, or the catalogue text ADD_FAILED. */
  | { kind: "failed"; message: string };

/** POST /api/books {isbn}: the server looks the book up again itself; the client sends no metadata. */
export async function addBookByIsbn(isbn: string): Promise<AddByIsbnResult> {
  let response: Response;
  try {
    response = await fetch("/api/books", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ isbn }),
    });
  } catch {
    return { kind: "failed", message: ADD_FAILED };
  }
  const body = (await response.json().catch(() => null)) as { data?: unknown; error?: string } | null;
  if (response.status === 201) return { kind: "added", book: body?.data as Book };
  if (response.status === 409 && body?.data && typeof body.data === "object" && "bookId" in body.data) {
    return { kind: "owned", bookId: String(body.data.bookId) };
  }
  if (response.status === 404) return { kind: "unknown" };
  if (response.status === 401) raiseSessionExpired(401);
  // The server's refusal is already in the page's language.
  return { kind: "failed", message: body?.error || ADD_FAILED };
}

/** An https cover link from the record; anything else is not shown (our pages load https images only). */
export function recordCover(record: GoogleMetadata): string | null {
  const link = record.volumeInfo.imageLinks?.thumbnail ?? record.volumeInfo.imageLinks?.smallThumbnail;
  return link?.startsWith("https://") ? link : null;
}
