import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import {
  GOOGLE_THUMBNAIL,
  SCANNED_ISBN,
  googleBooksNoItems,
  googleBooksScannedIsbn,
  openLibraryNoDocs,
} from "../books/fixtures/google-books-isbn";

/**
 * The e2e Worker's Google Books and Open Library: a tiny HTTP server on 127.0.0.1 that a spec starts
 * itself. It answers Google's recorded volumes answer for SCANNED_ISBN (its thumbnail link pointing
 * here, serving a real JPEG), and "no match" for any other query, so no run asks the public services.
 * Its port follows the app's (E2E_PORT + 22000, or E2E_METADATA_PORT), like the recorded geocoder's;
 * scripts/e2e-state.mjs gives the Worker the matching GOOGLE_BOOKS_URL and OPEN_LIBRARY_URL.
 */
export function metadataPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.E2E_METADATA_PORT ?? Number(env.E2E_PORT ?? 4173) + 22_000);
}

const origin = (env: NodeJS.ProcessEnv) => `http://127.0.0.1:${metadataPort(env)}`;
export const googleBooksUrl = (env: NodeJS.ProcessEnv = process.env) => `${origin(env)}/books/v1/volumes`;
export const openLibraryUrl = (env: NodeJS.ProcessEnv = process.env) => `${origin(env)}/search.json`;

/** A real 400×600 JPEG front cover (tests/covers/fixtures), served as the volume's thumbnail. */
const THUMBNAIL = readFileSync(path.join(import.meta.dirname, "../covers/fixtures/front-cover-no-barcode.jpg"));

/** Serves the recorded answers and keeps the URLs asked, until `close()`. */
export async function startRecordedMetadata(port = metadataPort()) {
  const requests: URL[] = [];
  const here = `http://127.0.0.1:${port}`;
  const answer = structuredClone(googleBooksScannedIsbn);
  for (const item of answer.items) {
    const links = item.volumeInfo.imageLinks;
    links.thumbnail = links.thumbnail.replace("http://books.google.com", here);
    links.smallThumbnail = links.smallThumbnail.replace("http://books.google.com", here);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", here);
    requests.push(url);
    const json = (body: unknown) => {
      response.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/books/v1/volumes") return json(url.searchParams.get("q") === `isbn:${SCANNED_ISBN}` ? answer : googleBooksNoItems);
    if (url.pathname === "/search.json") return json(openLibraryNoDocs);
    if (url.pathname === new URL(GOOGLE_THUMBNAIL).pathname) {
      response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(THUMBNAIL.length) });
      return response.end(THUMBNAIL);
    }
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not recorded");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
