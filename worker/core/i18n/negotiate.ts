import {
  DEFAULT_REGION_LOCALE,
  isLanguage,
  isUiLanguage,
  LANGUAGE_COOKIE,
  type Language,
  PSEUDO_LANGUAGE,
  SOURCE_LANGUAGE,
  type UiLanguage,
} from "../shared/languages";

/** The tags of an Accept-Language header, most wanted first (q=0 dropped; at most 12 looked at). */
export function acceptedTags(header: string | null): string[] {
  const tags: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of (header ?? "").split(",").slice(0, 12).entries()) {
    const [tag, ...params] = part.trim().split(";");
    if (!tag || !/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const q = Number(
      params
        .find((p) => p.trim().startsWith("q="))
        ?.trim()
        .slice(2) ?? 1,
    );
    if (!(q > 0)) continue;
    tags.push({ tag, q, at });
  }
  return tags.sort((a, b) => b.q - a.q || a.at - b.at).map((t) => t.tag);
}

/** The first of our languages the browser asks for ("es-MX" → es), or null. */
export function languageFromAcceptLanguage(header: string | null): Language | null {
  for (const tag of acceptedTags(header)) {
    const primary = tag.split("-")[0]!.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return null;
}

export interface LanguageChoice {
  /** `?lang=` on a public page: a crawlable address per language. */
  query?: string | null;
  /** The member's choice on /profile (null: follow the browser). */
  member?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
  /** The pseudo-locale is for development only (where local sign-in is on). */
  pseudoAllowed?: boolean;
}

/** Which language a page or an answer is written in: the address, then the member, then the footer's cookie, then the browser. */
export function chooseLanguage(choice: LanguageChoice): UiLanguage {
  const allowed = (value: string | null | undefined): value is UiLanguage =>
    isUiLanguage(value) && (value !== PSEUDO_LANGUAGE || choice.pseudoAllowed === true);
  // The pseudo-locale is a developer's switch: it outranks the member's stored language.
  if (choice.cookie === PSEUDO_LANGUAGE && allowed(choice.cookie)) return PSEUDO_LANGUAGE;
  for (const candidate of [choice.query, choice.member, choice.cookie]) if (allowed(candidate)) return candidate;
  return languageFromAcceptLanguage(choice.acceptLanguage ?? null) ?? SOURCE_LANGUAGE;
}

/**
 * The Intl locale dates and numbers are written in: the browser's own regional tag when it is of the
 * page's language ("es-MX" writes Mexican dates on a Spanish page), else the language's default.
 */
export function intlLocale(language: UiLanguage, acceptLanguage: string | null): string {
  if (language === PSEUDO_LANGUAGE) return DEFAULT_REGION_LOCALE[language];
  for (const tag of acceptedTags(acceptLanguage)) {
    if (tag.split("-")[0]!.toLowerCase() !== language || !tag.includes("-")) continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // Not a tag Intl accepts: the default below.
    }
  }
  return DEFAULT_REGION_LOCALE[language];
}

/**
 * The footer switch's cookie: a year, the whole site, readable by pages only on this site; null
 * clears it ("Same as my browser" on /profile), so the browser decides again.
 */
export function languageCookieHeader(language: UiLanguage | null, url: URL): string {
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${language ?? ""}; Path=/; Max-Age=${language ? 31536000 : 0}; SameSite=Lax; HttpOnly${secure}`;
}
