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

/** How the API reference describes a zone field a member writes (resolveTimeZone reads it). */
export const TIME_ZONE_DOC = {
  description:
    "An IANA time zone name the runtime knows (`Europe/Paris`, `UTC`), or its city (`Lisbon`, `new york`, `Sao Paulo`: case, accents and spaces for underscores do not matter); saved as the zone's name.",
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

/** Case, accents and underscores set aside: "São_Paulo" and "sao paulo" read alike. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, " ");

let byName: Map<string, string> | undefined;

/** Each zone under its own name, its label and its exemplar city (the last part: Lisbon for Europe/Lisbon); the first zone listed keeps a shared city. */
function zonesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (const zone of timeZones()) {
    for (const name of [zone, timeZoneLabel(zone), zone.slice(zone.lastIndexOf("/") + 1)]) {
      const key = fold(name);
      if (!byName.has(key)) byName.set(key, zone);
    }
  }
  return byName;
}

/**
 * The zone a member means: a zone's own name, or its city as the hint invites ("Lisbon" →
 * Europe/Lisbon, "new york" → America/New_York, "Sao Paulo" → America/Sao_Paulo); null when none.
 */
export function resolveTimeZone(text: string): string | null {
  const typed = text.trim();
  if (timeZones().includes(typed)) return typed;
  const named = zonesByName().get(fold(typed));
  if (named) return named;
  return isTimeZone(typed) ? typed : null;
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
