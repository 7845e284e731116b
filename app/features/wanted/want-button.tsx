import { Form, Link } from "react-router";
import { useT } from "~/core/i18n";

/**
 * The book page's "Want this book": a plain form to /books/{id}/want (it works before any script), or,
 * once wanted, "On your wanted list" with Remove. A visitor is sent to sign in and back to the book.
 */
export function WantButton({ bookId, signedIn, wantedId }: { bookId: string; signedIn: boolean; wantedId: number | null }) {
  const t = useT();
  const action = `/books/${bookId}/want`;
  if (!signedIn) {
    return (
      <Link to={`/login?redirectTo=${encodeURIComponent(`/books/${bookId}`)}`} className="btn btn-secondary">
        {t("Want this book")}
      </Link>
    );
  }
  if (wantedId === null) {
    return (
      <Form method="post" action={action} preventScrollReset>
        <button type="submit" className="btn btn-secondary">
          {t("Want this book")}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" action={action} preventScrollReset className="flex flex-wrap items-center gap-2">
      <span data-wanted="true" className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
        {t("On your wanted list")}
      </span>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="wantedId" value={wantedId} />
      <button type="submit" className="btn btn-secondary" aria-label={t("Remove from your wanted list")}>
        {t("Remove")}
      </button>
    </Form>
  );
}
