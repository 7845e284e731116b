import { jsonReply, recordedPort, startRecordedServer } from "./recorded-server";

/** The e2e Worker's reverse geocoder: a recorded Nominatim jsonv2 answer (port E2E_PORT + 20000, or E2E_GEOCODER_PORT). */
export const geocoderPort = (env: NodeJS.ProcessEnv = process.env) => recordedPort(20_000, "E2E_GEOCODER_PORT", env);

export const geocoderUrl = (env: NodeJS.ProcessEnv = process.env) => `http://127.0.0.1:${geocoderPort(env)}/reverse`;

export interface GeocoderRequest {
  path: string;
  params: Record<string, string>;
  userAgent: string | undefined;
}

/** Serves `answer` (as JSON) to every request and keeps what was asked, until `close()`. */
export function startRecordedGeocoder(answer: unknown, port = geocoderPort()) {
  return startRecordedServer<GeocoderRequest>({
    port,
    record: ({ url, headers }) => ({ path: url.pathname, params: Object.fromEntries(url.searchParams), userAgent: headers["user-agent"] }),
    routes: { "*": () => jsonReply(answer) },
  });
}
