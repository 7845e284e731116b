import { normalizeIsbn } from "@worker/core/shared/isbn";
import type { GoogleMetadata } from "@worker/db/schema";
import { z } from "zod";
import { fetchJson } from "./fetch-json";
import type { MetadataQuery, MetadataRequestOptions } from "./types";

const ENDPOINT = "https://openlibrary.org/search.json";
const FIELDS = [
  "key",
  "title",
  "subtitle",
  "author_name",
  "first_publish_year",
  "publish_date",
  "publisher",
  "isbn",
  "language",
  "number_of_pages_median",
  "subject",
  "cover_i",
  "ratings_average",
  "ratings_count",
].join(",");
/** Open Library asks API users to identify themselves. */
const USER_AGENT = "BookClub/1.0 (cover metadata lookup)";

/** Open Library uses MARC language codes; the rest of the product uses ISO 639-1 like Google. */
const ISO_639_1: Record<string, string> = {
  eng: "en",
  fre: "fr",
  ger: "de",
  spa: "es",
  ita: "it",
  por: "pt",
  dut: "nl",
  rus: "ru",
  jpn: "ja",
  chi: "zh",
  ara: "ar",
  hin: "hi",
  kor: "ko",
  pol: "pl",
  swe: "sv",
  nor: "no",
  dan: "da",
  fin: "fi",
  tur: "tr",
  gre: "el",
  heb: "he",
  lat: "la",
  cze: "cs",
  hun: "hu",
  ukr: "uk",
};

const docSchema = z.object({
  key: z.string().optional(),
  title: z.string(),
  subtitle: z.string().optional(),
  author_name: z.array(z.string()).optional(),
  first_publish_year: z.number().optional(),
  publish_date: z.array(z.string()).optional(),
  publisher: z.array(z.string()).optional(),
  isbn: z.array(z.string()).optional(),
  language: z.array(z.string()).optional(),
  number_of_pages_median: z.number().optional(),
  subject: z.array(z.string()).optional(),
  cover_i: z.number().optional(),
  ratings_average: z.number().optional(),
  ratings_count: z.number().optional(),
});
const searchSchema = z.object({
  docs: z
    .array(z.unknown())
    .optional()
    .transform((docs) =>
      (docs ?? []).flatMap((doc) => {
        const parsed = docSchema.safeParse(doc);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
type Doc = z.infer<typeof docSchema>;

/** A work lists every edition's ISBN; keep the one asked for, else the first of each kind. */
function identifiers(doc: Doc, wanted: string | undefined) {
  const all = doc.isbn ?? [];
  const preferred = wanted && all.includes(wanted) ? [wanted] : [];
  const isbn13 = preferred.find((isbn) => isbn.length === 13) ?? all.find((isbn) => isbn.length === 13);
  const isbn10 = (isbn13 && normalizeIsbn(isbn13)?.isbn10) ?? preferred.find((isbn) => isbn.length === 10) ?? all.find((isbn) => isbn.length === 10);
  const list: { type: string; identifier: string }[] = [];
  if (isbn13) list.push({ type: "ISBN_13", identifier: isbn13 });
  if (isbn10) list.push({ type: "ISBN_10", identifier: isbn10 });
  return list.length ? list : undefined;
}

function toMetadata(doc: Doc, wantedIsbn: string | undefined): GoogleMetadata {
  const language = doc.language?.[0];
  return {
    volumeInfo: {
      title: doc.title,
      subtitle: doc.subtitle,
      authors: doc.author_name,
      publisher: doc.publisher?.[0],
      publishedDate: doc.first_publish_year ? String(doc.first_publish_year) : doc.publish_date?.[0],
      categories: doc.subject?.slice(0, 5),
      pageCount: doc.number_of_pages_median,
      language: language ? (ISO_639_1[language] ?? language) : undefined,
      industryIdentifiers: identifiers(doc, wantedIsbn),
      averageRating: doc.ratings_average,
      ratingsCount: doc.ratings_count,
      imageLinks: doc.cover_i
        ? {
            thumbnail: `https://covers.openlibrary.org/b/id/${doc.cover_i}-M.jpg`,
            smallThumbnail: `https://covers.openlibrary.org/b/id/${doc.cover_i}-S.jpg`,
          }
        : undefined,
    },
    source: "open-library",
    raw: doc.key ? { key: doc.key } : undefined,
  };
}

/** Works matching the query, as the fallback when Google Books has nothing or is unavailable. */
export async function searchOpenLibrary(query: MetadataQuery, options: MetadataRequestOptions): Promise<GoogleMetadata[]> {
  const url = new URL(options.endpoints?.openLibrary ?? ENDPOINT);
  if (query.isbn) url.searchParams.set("isbn", query.isbn);
  if (query.title) url.searchParams.set("title", query.title);
  if (query.author) url.searchParams.set("author", query.author);
  url.searchParams.set("fields", FIELDS);
  url.searchParams.set("limit", String(options.maxResults));
  const parsed = searchSchema.safeParse(await fetchJson(url, "Open Library", options.signal, { "User-Agent": USER_AGENT }));
  return parsed.success ? parsed.data.docs.map((doc) => toMetadata(doc, query.isbn)) : [];
}
