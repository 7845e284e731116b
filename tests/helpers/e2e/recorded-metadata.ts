import { readFileSync } from "node:fs";
import path from "node:path";
import { GOOGLE_THUMBNAIL, googleBooksNoItems, googleBooksScannedIsbn, openLibraryNoDocs, SCANNED_ISBN } from "../../books/fixtures/google-books-isbn";
import { jsonReply, recordedPort, startRecordedServer } from "./recorded-server";

/**
 * The e2e Worker's Google Books and Open Library (port E2E_PORT + 22000, or E2E_METADATA_PORT). It
 * answers Google's recorded volumes answer for SCANNED_ISBN (its thumbnail link pointing here,
 * serving a real JPEG), and "no match" for any other query.
 */
export const metadataPort = (env: NodeJS.ProcessEnv = process.env) => recordedPort(22_000, "E2E_METADATA_PORT", env);

const origin = (env: NodeJS.ProcessEnv) => `http://127.0.0.1:${metadataPort(env)}`;
export const googleBooksUrl = (env: NodeJS.ProcessEnv = process.env) => `${origin(env)}/books/v1/volumes`;
export const openLibraryUrl = (env: NodeJS.ProcessEnv = process.env) => `${origin(env)}/search.json`;

/** A real 400×600 JPEG front cover (tests/covers/fixtures), served as the volume's thumbnail. */
const THUMBNAIL = readFileSync(path.join(import.meta.dirname, "../../covers/fixtures/front-cover-no-barcode.jpg"));

/** Serves the recorded answers and keeps the URLs asked, until `close()`. */
export function startRecordedMetadata(port = metadataPort()) {
  const here = `http://127.0.0.1:${port}`;
  const answer = structuredClone(googleBooksScannedIsbn);
  for (const item of answer.items) {
    const links = item.volumeInfo.imageLinks;
    links.thumbnail = links.thumbnail.replace("http://books.google.com", here);
    links.smallThumbnail = links.smallThumbnail.replace("http://books.google.com", here);
  }
  return startRecordedServer<URL>({
    port,
    record: ({ url }) => url,
    routes: {
      "/books/v1/volumes": ({ url }) => jsonReply(url.searchParams.get("q") === `isbn:${SCANNED_ISBN}` ? answer : googleBooksNoItems),
      "/search.json": () => jsonReply(openLibraryNoDocs),
      [new URL(GOOGLE_THUMBNAIL).pathname]: () => ({ headers: { "Content-Type": "image/jpeg", "Content-Length": String(THUMBNAIL.length) }, body: THUMBNAIL }),
    },
  });
}
