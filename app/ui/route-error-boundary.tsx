import { isRouteErrorResponse, Link } from "react-router";
import { useT } from "~/core/i18n";
import { msg, type Translate } from "@worker/core/shared/translate";

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

function explain(error: unknown, heading: string | undefined, byStatus: RouteErrorProps["byStatus"], t: Translate) {
  if (isRouteErrorResponse(error)) {
    const title = t(byStatus?.[error.status] ?? heading ?? HEADINGS[error.status] ?? "Something went wrong");
    // The thrown message was written by the server in the reader's language already.
    const detail = typeof error.data === "string" && error.data && error.data !== title ? error.data : null;
    return { title, detail };
  }
  // Unexpected errors never show their message (it may hold internals), except while developing.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : t("Please try again in a moment.");
  return { title: t(heading ?? "Something went wrong"), detail };
}

/** The one error view every route shares: a proper heading, what happened, and a way back. */
export function RouteErrorBoundary({ error, heading, byStatus, back, level = "page" }: RouteErrorProps) {
  const t = useT();
  const { title, detail } = explain(error, heading, byStatus, t);
  const way = back ?? { to: "/library", label: msg("Back to Library") };
  return (
    <div className={level === "page" ? "mx-auto max-w-xl space-y-4 py-12 text-center" : "m-auto space-y-3 p-6 text-center"}>
      <title>{t("{title} — BookClub", { title })}</title>
      {level === "page" ? (
        // A heading, not an alert: role="alert" would hide it from the page's outline.
        <h1 className="font-serif text-3xl font-bold">
          {title}
        </h1>
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
