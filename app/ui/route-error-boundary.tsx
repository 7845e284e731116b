import { msg, type Translate } from "@worker/core/shared/translate";
import { isRouteErrorResponse, Link } from "react-router";
import { useI18n } from "~/core/i18n";

/** Headings for the statuses loaders throw on purpose; anything else is "something went wrong". */
const HEADINGS: Partial<Record<number, string>> = { 403: msg("Not allowed"), 404: msg("Page not found") };

export interface RouteErrorProps {
  error: unknown;
  /**
   * The heading when the route failed for a reason other than those in `byStatus`. Like `byStatus`
   * and `back.label`, a catalogue text (written here in the page's language) or an already written one.
   */
  heading?: string;
  /** Headings (and messages, when the thrown response has none) for particular statuses. */
  byStatus?: Partial<Record<number, string>>;
  back?: { to: string; label: string };
  /** h1 for a page of its own; a paragraph alert when a parent route already has the page's heading. */
  level?: "page" | "section";
}

function explain(error: unknown, heading: string | undefined, byStatus: RouteErrorProps["byStatus"], t: Translate, english: boolean) {
  if (isRouteErrorResponse(error)) {
    const wanted = byStatus?.[error.status] ?? heading ?? HEADINGS[error.status] ?? "Something went wrong";
    const written = t(wanted);
    // The thrown message was written by the server in the reader's language already.
    const server = typeof error.data === "string" && error.data ? error.data : null;
    // A feature's heading is in the feature's catalogue, which a refused page never received (its
    // loader threw): there the server's words, in the reader's language, head the page instead.
    const title = !english && written === wanted && server ? server : written;
    return { title, detail: server && server !== title ? server : null };
  }
  // Unexpected errors never show their message (it may hold internals), except while developing.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : t("Please try again in a moment.");
  return { title: t(heading ?? "Something went wrong"), detail };
}

/** The one error view every route shares: a proper heading, what happened, and a way back. */
export function RouteErrorBoundary({ error, heading, byStatus, back, level = "page" }: RouteErrorProps) {
  const { t, language } = useI18n();
  const { title, detail } = explain(error, heading, byStatus, t, language === "en");
  const way = back ?? { to: "/library", label: msg("Back to Library") };
  return (
    <div className={level === "page" ? "mx-auto max-w-xl space-y-4 py-12 text-center" : "m-auto space-y-3 p-6 text-center"}>
      <title>{t("{title} — BookClub", { title })}</title>
      {level === "page" ? (
        // A heading, not an alert: role="alert" would hide it from the page's outline.
        <h1 className="font-serif text-3xl font-bold">{title}</h1>
      ) : (
        <p role="alert" className="font-serif text-xl font-bold">
          {title}
        </p>
      )}
      {detail && <p className="text-stone-700">{detail}</p>}
      <Link to={way.to} className="btn btn-primary">
        {t(way.label)}
      </Link>
    </div>
  );
}
