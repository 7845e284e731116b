import type { GoogleMetadata } from "@worker/db/schema";
import { z } from "zod";
import { fetchJson, httpsUrl } from "./fetch-json";
import type { MetadataQuery, MetadataRequestOptions } from "./types";

const ENDPOINT = "https://www.googleapis.com/books/v1/volumes";

const price = z.object({ amount: z.number(), currencyCode: z.string().optional() });
const volumeSchema = z.object({
  id: z.string().optional(),
  volumeInfo: z.object({
    title: z.string().optional(),
    subtitle: z.string().optional(),
    authors: z.array(z.string()).optional(),
    publisher: z.string().optional(),
    publishedDate: z.string().optional(),
    description: z.string().optional(),
    industryIdentifiers: z.array(z.object({ type: z.string(), identifier: z.string() })).optional(),
    pageCount: z.number().int().nonnegative().optional(),
    categories: z.array(z.string()).optional(),
    averageRating: z.number().optional(),
    ratingsCount: z.number().optional(),
    language: z.string().optional(),
    imageLinks: z.object({ smallThumbnail: z.string().optional(), thumbnail: z.string().optional() }).optional(),
  }),
  saleInfo: z.object({ isEbook: z.boolean().optional(), listPrice: price.optional(), retailPrice: price.optional() }).optional(),
});
/** Entries that do not look like volumes are skipped rather than failing the whole answer. */
const searchSchema = z.object({
  totalItems: z.number().optional(),
  items: z
    .array(z.unknown())
    .optional()
    .transform((items) =>
      (items ?? []).flatMap((item) => {
        const parsed = volumeSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
type Volume = z.infer<typeof volumeSchema>;

function quoted(text: string): string {
  const clean = text.replace(/"/g, " ").trim();
  return /\s/.test(clean) ? `"${clean}"` : clean;
}

/** Google's query syntax: `isbn:`, `intitle:`, `inauthor:`, each only when given. */
export function googleBooksQuery(query: MetadataQuery): string {
  const parts: string[] = [];
  if (query.isbn) parts.push(`isbn:${query.isbn}`);
  if (query.title) parts.push(`intitle:${quoted(query.title)}`);
  if (query.author) parts.push(`inauthor:${quoted(query.author)}`);
  return parts.join(" ");
}

function toMetadata(volume: Volume, endpoint: URL): GoogleMetadata {
  const info = volume.volumeInfo;
  const listPrice = volume.saleInfo?.listPrice ?? volume.saleInfo?.retailPrice;
  return {
    volumeInfo: {
      title: info.title,
      subtitle: info.subtitle,
      authors: info.authors,
      publisher: info.publisher,
      publishedDate: info.publishedDate,
      categories: info.categories,
      pageCount: info.pageCount || undefined,
      language: info.language,
      description: info.description,
      industryIdentifiers: info.industryIdentifiers,
      averageRating: info.averageRating,
      ratingsCount: info.ratingsCount,
      imageLinks: info.imageLinks
        ? { thumbnail: httpsUrl(info.imageLinks.thumbnail, endpoint), smallThumbnail: httpsUrl(info.imageLinks.smallThumbnail, endpoint) }
        : undefined,
    },
    price: listPrice ? { amount: listPrice.amount, currencyCode: listPrice.currencyCode } : undefined,
    isEbook: volume.saleInfo?.isEbook,
    source: "google-books",
    raw: volume.id ? { id: volume.id } : undefined,
  };
}

/** Volumes matching the query, best first as Google ranks them. */
export async function searchGoogleBooks(query: MetadataQuery, options: MetadataRequestOptions): Promise<GoogleMetadata[]> {
  const url = new URL(options.endpoints?.googleBooks ?? ENDPOINT);
  url.searchParams.set("q", googleBooksQuery(query));
  url.searchParams.set("maxResults", String(options.maxResults));
  url.searchParams.set("printType", "books");
  if (options.googleBooksApiKey) url.searchParams.set("key", options.googleBooksApiKey);
  const parsed = searchSchema.safeParse(await fetchJson(url, "Google Books", options.signal));
  return parsed.success ? parsed.data.items.map((volume) => toMetadata(volume, url)) : [];
}
