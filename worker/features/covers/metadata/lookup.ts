import type { GoogleMetadata } from "@worker/db/schema";
import { searchGoogleBooks } from "./google-books";
import { searchOpenLibrary } from "./open-library";
import type { MetadataEndpoints, MetadataQuery, MetadataRequestOptions } from "./types";

export type { MetadataQuery } from "./types";

/** Per request; a metadata site that is slower than this is treated as unavailable. */
export const METADATA_REQUEST_TIMEOUT_MS = 8_000;

type Provider = (query: MetadataQuery, options: MetadataRequestOptions) => Promise<GoogleMetadata[]>;
/** Google Books first; Open Library when Google has nothing or fails. */
const PROVIDERS: Provider[] = [searchGoogleBooks, searchOpenLibrary];

export interface LookupSettings {
  googleBooksApiKey?: string;
  endpoints?: MetadataEndpoints;
  /** Bounds the whole lookup; each request also has its own timeout. */
  signal?: AbortSignal;
}

function requestOptions(settings: LookupSettings, maxResults: number): MetadataRequestOptions {
  const timeout = AbortSignal.timeout(METADATA_REQUEST_TIMEOUT_MS);
  return {
    signal: settings.signal ? AbortSignal.any([settings.signal, timeout]) : timeout,
    googleBooksApiKey: settings.googleBooksApiKey,
    endpoints: settings.endpoints,
    maxResults,
  };
}

/** The lookup settings the Worker's configuration gives (API key, and mirrors of the services if any). */
export function lookupSettingsFrom(config: { GOOGLE_BOOKS_API_KEY?: string; GOOGLE_BOOKS_URL?: string; OPEN_LIBRARY_URL?: string }): LookupSettings {
  return {
    googleBooksApiKey: config.GOOGLE_BOOKS_API_KEY,
    endpoints: { googleBooks: config.GOOGLE_BOOKS_URL, openLibrary: config.OPEN_LIBRARY_URL },
  };
}

export class MetadataUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super("No book metadata service could be reached", options);
    this.name = "MetadataUnavailableError";
  }
}

/**
 * Candidate records for a search. An empty list means the services answered and know no match;
 * MetadataUnavailableError means none of them could be asked.
 */
export async function searchBookMetadata(query: MetadataQuery, settings: LookupSettings, maxResults = 10): Promise<GoogleMetadata[]> {
  const errors: unknown[] = [];
  for (const provider of PROVIDERS) {
    try {
      const items = await provider(query, requestOptions(settings, maxResults));
      if (items.length) return items;
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === PROVIDERS.length) throw new MetadataUnavailableError({ cause: errors });
  return [];
}

function hasIsbn(record: GoogleMetadata, isbn: string): boolean {
  return record.volumeInfo.industryIdentifiers?.some((id) => id.identifier.replace(/-/g, "") === isbn) ?? false;
}

export interface BookMetadataMatch {
  metadata: GoogleMetadata;
  /** An ISBN match is the same edition; a title match may be another edition or even another book. */
  matchedBy: "isbn" | "title";
}

/** A lookup's outcome: the match, or none; `unreachable` when no service could be asked (worth trying again later). */
export interface BookMetadataLookup {
  match: BookMetadataMatch | null;
  unreachable: boolean;
}

/**
 * The one record that best describes a book: by ISBN first (Google, then Open Library), else by
 * title and author. Never throws: a book without metadata is still a book.
 */
export async function findBookMetadata(
  book: { isbn13?: string | null; title?: string | null; author?: string | null },
  settings: LookupSettings,
): Promise<BookMetadataMatch | null> {
  return (await lookUpBookMetadata(book, settings)).match;
}

/** As findBookMetadata, and whether the services could be reached at all (the queue retries a lookup that could not). */
export async function lookUpBookMetadata(
  book: { isbn13?: string | null; title?: string | null; author?: string | null },
  settings: LookupSettings,
): Promise<BookMetadataLookup> {
  const attempts: { query: MetadataQuery; matchedBy: BookMetadataMatch["matchedBy"] }[] = [];
  if (book.isbn13) attempts.push({ query: { isbn: book.isbn13 }, matchedBy: "isbn" });
  if (book.title) attempts.push({ query: { title: book.title, author: book.author || undefined }, matchedBy: "title" });

  const unavailable = new Set<Provider>();
  let answered = false;
  for (const { query, matchedBy } of attempts) {
    for (const provider of PROVIDERS) {
      if (unavailable.has(provider) || settings.signal?.aborted) continue;
      try {
        const items = await provider(query, requestOptions(settings, 5));
        answered = true;
        const best = query.isbn ? (items.find((item) => hasIsbn(item, query.isbn!)) ?? items[0]) : items[0];
        if (best) return { match: { metadata: best, matchedBy }, unreachable: false };
      } catch {
        // Down or refusing us: do not ask it again for this book; the other provider may still answer.
        unavailable.add(provider);
      }
    }
  }
  return { match: null, unreachable: attempts.length > 0 && !answered };
}
