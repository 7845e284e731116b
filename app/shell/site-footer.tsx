import { LANGUAGE_NAMES, LANGUAGES, PSEUDO_LANGUAGE, type UiLanguage } from "@worker/core/shared/languages";
import { Form, useLocation } from "react-router";
import { useI18n } from "~/core/i18n";

/**
 * The footer's language switch: each language in its own name (and marked as that language, so a
 * screen reader says it right). A plain form, so it works before the page's script has loaded;
 * with script it sends itself on change.
 */
export function SiteFooter({ pseudo }: { pseudo: boolean }) {
  const { t, language } = useI18n();
  const location = useLocation();
  const choices: UiLanguage[] = pseudo ? [...LANGUAGES, PSEUDO_LANGUAGE] : [...LANGUAGES];
  return (
    <footer className="site-footer">
      <Form method="post" action="/language" reloadDocument className="flex flex-wrap items-center justify-center gap-2">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <label htmlFor="footer-language" className="text-sm text-stone-600">
          {t("Language")}
        </label>
        <select
          id="footer-language"
          name="language"
          defaultValue={language}
          className="rounded border border-stone-300 bg-white px-2 py-1 text-sm"
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice} lang={choice}>
              {LANGUAGE_NAMES[choice]}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded border border-stone-300 px-2 py-1 text-sm">
            {t("Change language")}
          </button>
        </noscript>
      </Form>
    </footer>
  );
}
