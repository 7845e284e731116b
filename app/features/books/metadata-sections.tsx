import type { CoverAnalysis, GoogleMetadata } from "@worker/db/schema";

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/** "fr" reads "French": the codes the metadata and the cover reading give are for machines. */
function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    // Not a well-formed language tag: show what was given rather than nothing.
    return code;
  }
}

const AGE_GROUP_NAMES: Record<string, string> = { children: "Children", middle_grade: "Middle grade", young_adult: "Young adult", adult: "Adult" };

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
const SOURCE_LABELS: Record<string, string> = { seed: "Demo data", "open-library": "Open Library" };

/** Price with USD when the currency is missing, formatted for the reader's locale. */
function formatPrice(price: NonNullable<GoogleMetadata["price"]>) {
  const currency = price.currencyCode || "USD";
  try {
    return `≈ ${new Intl.NumberFormat("en-US", { style: "currency", currency }).format(price.amount)}`;
  } catch {
    return `≈ ${price.amount} ${currency}`;
  }
}

export function GoogleMetadataSection({ metadata }: { metadata: GoogleMetadata | null }) {
  const info = metadata?.volumeInfo;
  return (
    <section aria-labelledby="google-metadata" className="card p-5">
      <h2 id="google-metadata" className="font-serif text-xl font-semibold">
        Google Metadata
      </h2>
      {!metadata || !info ? (
        <p className="mt-2 text-sm text-stone-700">No Google metadata available.</p>
      ) : (
        <dl className="mt-3 divide-y divide-stone-100">
          <Row label="Title">{info.title}</Row>
          <Row label="Authors">{list(info.authors)}</Row>
          <Row label="Publisher">{info.publisher}</Row>
          <Row label="Published">{info.publishedDate}</Row>
          <Row label="Categories">{list(info.categories)}</Row>
          <Row label="Pages">{info.pageCount}</Row>
          <Row label="Language">{info.language && languageName(info.language)}</Row>
          <Row label="Identifiers">
            {info.industryIdentifiers?.length
              ? info.industryIdentifiers.map((id) => `${id.type.replace("_", "-")}: ${id.identifier}`).join(", ")
              : null}
          </Row>
          <Row label="Rating">
            {typeof info.averageRating === "number"
              ? `${info.averageRating.toFixed(1)} / 5 (${info.ratingsCount ?? 0})`
              : null}
          </Row>
          <Row label="Price">{metadata.price ? formatPrice(metadata.price) : null}</Row>
          <Row label="Format">{typeof metadata.isEbook === "boolean" ? (metadata.isEbook ? "eBook" : "Print") : null}</Row>
          <Row label="Description">{info.description}</Row>
          <Row label="Source">{metadata.source ? SOURCE_LABELS[metadata.source] : null}</Row>
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
  return (
    <section aria-labelledby="cover-analysis" className="card p-5">
      <h2 id="cover-analysis" className="font-serif text-xl font-semibold">
        Cover analysis
      </h2>
      {state === "pending" && (
        <p role="status" className="mt-2 text-sm text-stone-700">
          Reading the cover… details appear here in a few seconds.
        </p>
      )}
      {forOwner && state === "needs_details" && (
        <p className="mt-2 text-sm text-amber-900">Needs details: {message ?? "the cover could not be read."}</p>
      )}
      {!analysis ? (
        state !== "pending" && <p className="mt-2 text-sm text-stone-700">No cover analysis available.</p>
      ) : (
        <dl className="mt-3 divide-y divide-stone-100">
          {/* Which reader of this server read the cover ("local-barcode", a model) is the owner's business; a named source is everyone's. */}
          {(forOwner || SOURCE_LABELS[analysis.source]) && <Row label="Source">{SOURCE_LABELS[analysis.source] ?? (analysis.source || "workers-ai")}</Row>}
          <Row label="Language">{languageName(analysis.language_guess || "en")}</Row>
          <Row label="Title candidates">
            {analysis.title_candidates.length
              ? analysis.title_candidates.map((c) => `${c.value} (${pct(c.confidence)})`).join(", ")
              : null}
          </Row>
          <Row label="Author candidates">
            {analysis.author_candidates.length
              ? analysis.author_candidates.map((c) => `${c.value} (${pct(c.confidence)})`).join(", ")
              : null}
          </Row>
          <Row label="Categories">{list(analysis.categories)}</Row>
          <Row label="Age group">{analysis.age_group && AGE_GROUP_NAMES[analysis.age_group]}</Row>
          <Row label="Audience">{list(analysis.audience)}</Row>
          <Row label="Themes">{list(analysis.themes)}</Row>
          <Row label="Content warnings">{list(analysis.content_warnings)}</Row>
          <Row label="Note">{analysis.message}</Row>
        </dl>
      )}
    </section>
  );
}
