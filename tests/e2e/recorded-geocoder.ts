import { createServer } from "node:http";

/**
 * The e2e Worker's reverse geocoder: a tiny HTTP server on 127.0.0.1 that a spec starts itself and
 * that answers with a recorded Nominatim jsonv2 answer, so no run ever asks the public maps service.
 * Its port follows the app's (E2E_PORT + 20000, or E2E_GEOCODER_PORT), so runs kept apart by E2E_PORT
 * keep their geocoders apart too; scripts/e2e-state.mjs gives the Worker the matching GEOCODER_URL.
 */
export function geocoderPort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.E2E_GEOCODER_PORT ?? Number(env.E2E_PORT ?? 4173) + 20_000);
}

export function geocoderUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${geocoderPort(env)}/reverse`;
}

export interface GeocoderRequest {
  path: string;
  params: Record<string, string>;
  userAgent: string | undefined;
}

/** Serves `answer` (as JSON) to every request and keeps what was asked, until `close()`. */
export async function startRecordedGeocoder(answer: unknown, port = geocoderPort()) {
  const requests: GeocoderRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
    requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), userAgent: request.headers["user-agent"] });
    response.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(answer));
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
