import { useLocation, useMatches } from "react-router";
import type { LanguageLinks } from "./language-links.server";

/**
 * A public page's canonical address and one `hreflang` alternate per language (and x-default), as
 * the root loader wrote them for the address the page was loaded at. After a client-side
 * navigation they would name the previous page, so they are shown only for the page first loaded
 * (what crawlers read).
 */
export function LanguageAlternates() {
  const matches = useMatches();
  const location = useLocation();
  const links = (matches[0]?.loaderData as { languageLinks?: LanguageLinks } | undefined)?.languageLinks;
  const isPublic = matches.some((match) => (match.handle as { languageAlternates?: boolean } | undefined)?.languageAlternates);
  if (!links || !isPublic || location.key !== "default") return null;
  return (
    <>
      <link rel="canonical" href={links.canonical} />
      {links.alternates.map(([language, href]) => (
        <link key={language} rel="alternate" hrefLang={language} href={href} />
      ))}
    </>
  );
}
