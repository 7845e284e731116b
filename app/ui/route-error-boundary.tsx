import { isRouteErrorResponse, Link } from "react-router";

/** Headings for the statuses loaders throw on purpose; anything else is "something went wrong". */
const HEADINGS: Partial<Record<number, string>> = { 403: "Not allowed", 404: "Page not found" };

export interface RouteErrorProps {
  error: unknown;
  /** The heading when the route failed for a reason other than those in `byStatus`. */
  heading?: string;
  /** Headings (and messages, when the thrown response has none) for particular statuses. */
  byStatus?: Partial<Record<number, string>>;
  back?: { to: string; label: string };
  /** h1 for a page of its own; a paragraph alert when a parent route already has the page's heading. */
  level?: "page" | "section";
}

function explain(error: unknown, heading: string | undefined, byStatus: RouteErrorProps["byStatus"]) {
  if (isRouteErrorResponse(error)) {
    const title = byStatus?.[error.status] ?? heading ?? HEADINGS[error.status] ?? "Something went wrong";
    const detail = typeof error.data === "string" && error.data && error.data !== title ? error.data : null;
    return { title, detail };
  }
  // Unexpected errors never show their message (it may hold internals), except while developing.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : "Please try again in a moment.";
  return { title: heading ?? "Something went wrong", detail };
}

/** The one error view every route shares: a proper heading, what happened, and a way back. */
export function RouteErrorBoundary({
  error,
  heading,
  byStatus,
  back = { to: "/library", label: "Back to Library" },
  level = "page",
}: RouteErrorProps) {
  const { title, detail } = explain(error, heading, byStatus);
  return (
    <div className={level === "page" ? "mx-auto max-w-xl space-y-4 py-12 text-center" : "m-auto space-y-3 p-6 text-center"}>
      <title>{`${title} — BookClub`}</title>
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
      <Link to={back.to} className="btn btn-primary">
        {back.label}
      </Link>
    </div>
  );
}
