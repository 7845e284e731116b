import { safeRedirectTarget } from "./auth.server";

const BASE = "http://return.invalid";

/**
 * A same-site path to send the browser to, or the fallback. On top of safeRedirectTarget it lets the
 * URL parser have the last word, so tricks such as "/\t/evil.example" (browsers drop tabs and read
 * "//evil.example") cannot leave the site.
 */
export function returnPath(target: FormDataEntryValue | string | null | undefined, fallback = "/library"): string {
  const checked = safeRedirectTarget(typeof target === "string" ? target : null, fallback);
  if (checked === fallback) return fallback;
  try {
    const url = new URL(checked, BASE);
    if (url.origin !== BASE || /[\u0000-\u001f\\]/.test(checked)) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Where to go after signing in: never back into the sign-in pages themselves (that would loop). */
export function afterSignInPath(target: FormDataEntryValue | string | null | undefined): string {
  const path = returnPath(target);
  return /^\/(login|logout|register|auth)(\/|\?|#|$)/.test(path) ? "/library" : path;
}
