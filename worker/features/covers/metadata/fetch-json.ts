import { asClassified, isRetryableStatus, PermanentError, TransientError } from "../errors";

/** GET a JSON document, classifying failures the same way for every metadata provider. */
export async function fetchJson(url: URL, what: string, signal: AbortSignal, headers: Record<string, string> = {}): Promise<unknown> {
  try {
    const response = await fetch(url, { headers: { Accept: "application/json", ...headers }, signal });
    if (!response.ok) {
      await response.body?.cancel();
      const message = `${what} answered ${response.status}`;
      throw isRetryableStatus(response.status) ? new TransientError(message) : new PermanentError(message);
    }
    return await response.json();
  } catch (error) {
    if (error instanceof SyntaxError) throw new PermanentError(`${what} did not answer with JSON`);
    throw asClassified(error, what);
  }
}

/**
 * Covers are shown on our https pages; Google still hands out http thumbnail links. Links to the
 * endpoint's own origin are kept: a configured mirror or test double serves its images over http.
 */
export function httpsUrl(url: string | undefined, endpoint?: URL): string | undefined {
  if (url && endpoint?.protocol === "http:" && url.startsWith(`${endpoint.origin}/`)) return url;
  return url?.replace(/^http:\/\//, "https://");
}
