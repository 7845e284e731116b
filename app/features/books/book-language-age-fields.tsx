import { AUDIENCE_LABELS } from "@worker/core/shared/audience";
import { useI18n } from "~/core/i18n";
import { bookFieldStyle, SelectField } from "~/ui/field";

/** The languages a book's form offers: widely read ones; a book's own (from its metadata) joins them when it is not among them. */
const OFFERED_LANGUAGES = [
  "ar",
  "bn",
  "ca",
  "cs",
  "cy",
  "da",
  "de",
  "el",
  "en",
  "es",
  "eu",
  "fa",
  "fi",
  "fr",
  "ga",
  "he",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "nb",
  "nl",
  "pl",
  "pt",
  "ro",
  "ru",
  "sv",
  "sw",
  "th",
  "tr",
  "uk",
  "ur",
  "vi",
  "zh",
];

function languageChoices(current: string | null | undefined, locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "language", fallback: "code" });
  const collator = new Intl.Collator(locale);
  const codes = current && !OFFERED_LANGUAGES.includes(current) ? [...OFFERED_LANGUAGES, current] : OFFERED_LANGUAGES;
  const named = (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return codes.map((code) => ({ code, name: named(code) })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * A book's language and age group on "Add a book" and Edit Book: what the library's filters narrow
 * by. Plain selects, posted with the form; "Not set" leaves (or takes) them off the book.
 */
export function BookLanguageAgeFields({
  language,
  ageGroupFine,
  errors,
}: {
  language?: string | null;
  ageGroupFine?: string | null;
  errors?: Record<string, string>;
}) {
  const { t, locale } = useI18n();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField {...bookFieldStyle} label={t("Book language")} name="language" defaultValue={language ?? ""} error={errors?.language}>
        <option value="">{t("Not set")}</option>
        {languageChoices(language, locale).map((choice) => (
          // Named by Intl.DisplayNames in the reader's language, as dates are by Intl: not catalogue text.
          <option key={choice.code} value={choice.code} translate="no">
            {choice.name}
          </option>
        ))}
      </SelectField>
      <SelectField {...bookFieldStyle} label={t("Age group")} name="ageGroupFine" defaultValue={ageGroupFine ?? ""} error={errors?.ageGroupFine}>
        <option value="">{t("Not set")}</option>
        {Object.entries(AUDIENCE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {t(label)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
