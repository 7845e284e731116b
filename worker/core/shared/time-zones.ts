/**
 * Every IANA zone the runtime knows, for the timezone picker and for checking a member's choice.
 * Intl lists canonical names without "UTC"; a zone Intl accepts by another name (an alias such as
 * "Asia/Calcutta", kept by an older device) is valid too, so nobody's saved zone is refused.
 */
let listed: readonly string[] | undefined;

export function timeZones(): readonly string[] {
  listed ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  return listed;
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** How the API reference describes a zone field: the shape isTimeZone starts from, and what it then checks. */
export const TIME_ZONE_DOC = {
  description: "An IANA time zone name the runtime knows (`Europe/Paris`, `UTC`).",
  pattern: ZONE_NAME.source,
  maxLength: 64,
  examples: ["Europe/Paris"],
};

export function isTimeZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  if (timeZones().includes(zone)) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A zone as people search for it: "America/Argentina/Buenos_Aires" reads "Buenos Aires, America/Argentina". */
export function timeZoneLabel(zone: string): string {
  const at = zone.lastIndexOf("/");
  if (at < 0) return zone;
  return `${zone.slice(at + 1).replaceAll("_", " ")}, ${zone.slice(0, at).replaceAll("_", " ")}`;
}

/**
 * A cookie the sign-in page sets to the browser's zone (Intl's resolvedOptions), so a new member
 * starts in their own zone and a visitor's due dates count their own days. Not secret, not trusted:
 * the Worker checks it like any input.
 */
export const TIME_ZONE_COOKIE = "bookclub_tz";

/** The browser's zone as a cookie for a year (run in the browser only). */
export function rememberBrowserTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || !isTimeZone(zone)) return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain, non-secret cookie; the Cookie Store API is not in every browser.
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
