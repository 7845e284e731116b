import { msg } from "@worker/core/shared/translate";
import type { CoverAnalysis, GoogleMetadata } from "@worker/db/schema";
import { useI18n } from "~/core/i18n";
import { languageName } from "./language-name";

const AGE_GROUP_NAMES: Record<string, string> = {
  children: msg("Children"),
  middle_grade: msg("Middle grade"),
  young_adult: msg("Young adult"),
  adult: msg("Adult"),
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === "") return null;
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="font-medium text-stone-700">{label}</dt>
      <dd className="min-w-0 break-words text-stone-900">{children}</dd>
    </div>
  );
}

const list = (values: string[] | undefined) => (values && values.length > 0 ? values.join(", ") : null);

// Sources worth naming to a reader; a Google Books record needs no note under "Google Metadata".
const SOURCE_LABELS: Record<string, string> = { seed: msg("Demo data"), "open-library": "Open Library" };

/** Price with USD when the currency is missing, formatted for the reader's locale. */
function formatPrice(price: NonNullable<GoogleMetadata["price"]>, locale: string) {
  const currency = price.currencyCode || "USD";
  try {
    return `≈ ${new Intl.NumberFormat(locale, { style: "currency", currency }).format(price.amount)}`;
  } catch {
    return `≈ ${price.amount} ${currency}`;
  }
}

export function GoogleMetadataSection({ metadata }: { metadata: GoogleMetadata | null }) {
  const { t, locale } = useI18n();
  const info = metadata?.volumeInfo;
  return (
    <section aria-labelledby="google-metadata" className="card p-5">
      <h2 id="google-metadata" className="font-serif text-xl font-semibold">
        {t("Google Metadata")}
      </h2>
      {!metadata || !info ? (
        <p className="mt-2 text-sm text-stone-700">{t("No Google metadata available.")}</p>
      ) : (
        <dl className="mt-3 divide-y divide-stone-100">
          <Row label={t("Title")}>{info.title}</Row>
          <Row label={t("Authors")}>{list(info.authors)}</Row>
          <Row label={t("Publisher")}>{info.publisher}</Row>
          <Row label={t("Published")}>{info.publishedDate}</Row>
          <Row label={t("Categories")}>{list(info.categories)}</Row>
          <Row label={t("Pages")}>{info.pageCount}</Row>
          <Row label={t("Language")}>{info.language && languageName(info.language, locale)}</Row>
          <Row label={t("Identifiers")}>
            {info.industryIdentifiers?.length ? info.industryIdentifiers.map((id) => `${id.type.replace("_", "-")}: ${id.identifier}`).join(", ") : null}
          </Row>
          <Row label={t("Rating")}>{typeof info.averageRating === "number" ? `${info.averageRating.toFixed(1)} / 5 (${info.ratingsCount ?? 0})` : null}</Row>
          <Row label={t("Price")}>{metadata.price ? formatPrice(metadata.price, locale) : null}</Row>
          <Row label={t("Format")}>{typeof metadata.isEbook === "boolean" ? (metadata.isEbook ? t("eBook") : t("Print")) : null}</Row>
          <Row label={t("Description")}>{info.description}</Row>
          <Row label={t("Source")}>{metadata.source && SOURCE_LABELS[metadata.source] ? t(SOURCE_LABELS[metadata.source]!) : null}</Row>
        </dl>
      )}
      {metadata && !info && metadata.raw !== undefined && (
        <pre className="mt-3 max-h-64 overflow-auto rounded bg-stone-100 p-3 text-xs">{JSON.stringify(metadata.raw, null, 2)}</pre>
      )}
    </section>
  );
}

const pct = (confidence: number) => `${Math.round(Math.max(0, Math.min(1, confidence)) * 100)}%`;

export function CoverAnalysisSection({
  analysis,
  state,
  message,
  forOwner,
}: {
  analysis: CoverAnalysis | null;
  state: string;
  message: string | null;
  /** The request to add details and which of this server's readers read the cover are the owner's business, not a borrower's. */
  forOwner: boolean;
}) {
  const { t, locale } = useI18n();
  const source = SOURCE_LABELS[analysis?.source ?? ""];
  return (
    <section aria-labelledby="cover-analysis" className="card p-5">
      <h2 id="cover-analysis" className="font-serif text-xl font-semibold">
        {t("Cover analysis")}
      </h2>
      {state === "pending" && (
        <p role="status" className="mt-2 text-sm text-stone-700">
          {t("Reading the cover… details appear here in a few seconds.")}
        </p>
      )}
      {/* The message is a catalogue text kept on the book in English (the covers' and books' catalogues). */}
      {forOwner && state === "needs_details" && (
        <p className="mt-2 text-sm text-amber-900">{t("Needs details: {message}", { message: message ? t(message) : t("the cover could not be read.") })}</p>
      )}
      {!analysis ? (
        state !== "pending" && <p className="mt-2 text-sm text-stone-700">{t("No cover analysis available.")}</p>
      ) : (
        <dl className="mt-3 divide-y divide-stone-100">
          {/* Which reader of this server read the cover ("local-barcode", a model) is the owner's business; a named source is everyone's. */}
          {(forOwner || source) && <Row label={t("Source")}>{source ? t(source) : analysis.source || "workers-ai"}</Row>}
          <Row label={t("Language")}>{languageName(analysis.language_guess || "en", locale)}</Row>
          <Row label={t("Title candidates")}>
            {analysis.title_candidates.length ? analysis.title_candidates.map((c) => `${c.value} (${pct(c.confidence)})`).join(", ") : null}
          </Row>
          <Row label={t("Author candidates")}>
            {analysis.author_candidates.length ? analysis.author_candidates.map((c) => `${c.value} (${pct(c.confidence)})`).join(", ") : null}
          </Row>
          <Row label={t("Categories")}>{list(analysis.categories)}</Row>
          <Row label={t("Age group")}>{analysis.age_group && AGE_GROUP_NAMES[analysis.age_group] ? t(AGE_GROUP_NAMES[analysis.age_group]!) : null}</Row>
          <Row label={t("Audience")}>{list(analysis.audience)}</Row>
          <Row label={t("Themes")}>{list(analysis.themes)}</Row>
          <Row label={t("Content warnings")}>{list(analysis.content_warnings)}</Row>
          <Row label={t("Note")}>{analysis.message && t(analysis.message)}</Row>
        </dl>
      )}
    </section>
  );
}
