/**
 * Where to come back to after sign-in: a path on this site only, never another origin. The URL
 * parser has the last word, so tricks such as "/\t/evil.example" (browsers drop tabs) or
 * "/.//evil.example" (the dot segment goes, leaving "//evil.example") cannot leave the site.
 */
export function safeRedirectTarget(target: FormDataEntryValue | string | null | undefined, fallback = "/library"): string {
  if (typeof target !== "string" || !target.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  const base = "http://bookclub.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  // A result starting with "//" or "/\" would be read as another host when used as a Location.
  if (url.origin !== base || /^\/[/\\]/.test(path)) return fallback;
  return path;
}

/** Where to go after signing in: never back into the sign-in pages themselves (that would loop). */
export function afterSignInPath(target: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirectTarget(target);
  return /^\/(login|logout|register|auth)(\/|\?|#|$)/i.test(path) ? "/library" : path;
}

/**
 * Sign-in, then back to this page. A client-side navigation asks for the page's data at
 * "{path}.data?…&_routes=…": the way back is the page itself, not its data.
 */
export function loginUrlFor(url: URL): string {
  const path = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return `/login?redirectTo=${encodeURIComponent(query ? `${path}?${query}` : path)}`;
}
