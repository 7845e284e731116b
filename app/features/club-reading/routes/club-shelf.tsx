import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { formatDay } from "@worker/core/shared/date-format";
import { mediaUrl } from "@worker/core/shared/media-url";
import { msg } from "@worker/core/shared/translate";
import { listShelf } from "@worker/features/club-reading/club-book";
import { readableClub } from "@worker/features/club-reading/reading-access";
import { shelfQuerySchema } from "@worker/features/club-reading/reading-rules";
import { isRouteErrorResponse, Link } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { useReader } from "~/core/use-reader";
import { BookCover, coverAlt } from "~/features/books";
import { BackArrow } from "~/ui/icons";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/club-shelf";

const CLUB_NOT_FOUND = msg("Club not found");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const url = new URL(request.url);
  const query = shelfQuerySchema.safeParse({ nextToken: url.searchParams.get("nextToken") ?? undefined });
  try {
    // A bad or tampered cursor shows the first page.
    const [access, shelf] = await Promise.all([
      readableClub(ctx, params.clubId),
      listShelf(ctx, params.clubId, query.success ? query.data : shelfQuerySchema.parse({})),
    ]);
    return {
      clubId: params.clubId,
      clubName: access.club.name,
      shelf,
      paged: Boolean(query.success && query.data.nextToken),
      title: translate("Shelf history — {club} — BookClub", { club: access.club.name }),
      // The covers are the books feature's.
      catalogue: await pageMessages(context, "club-reading", "books"),
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw refusal(translate(CLUB_NOT_FOUND), 404);
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? "BookClub" }, { name: "robots", content: "noindex" }];
}

/** /clubs/{clubId}/shelf: the books the club finished, most recent first, 20 a page. */
export default function ClubShelf({ loaderData }: Route.ComponentProps) {
  const { clubId, clubName, shelf, paged } = loaderData;
  const t = useT();
  const reader = useReader();
  return (
    <div className="space-y-6">
      <Link to={`/clubs/${clubId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to {name}", { name: clubName })}
      </Link>
      <h1 className="font-serif text-3xl font-bold">{t("Shelf history")}</h1>
      {shelf.items.length === 0 ? (
        <p className="card p-8 text-center text-stone-700">{paged ? t("No more books.") : t("The club has not finished a book yet.")}</p>
      ) : (
        <ul className="card divide-y divide-stone-200 px-5">
          {shelf.items.map((book) => (
            <li key={book.clubBookId} className="flex gap-4 py-3">
              <BookCover src={mediaUrl(book.cover)} title={book.title} alt={coverAlt(t, book.title, book.author)} className="w-12 shrink-0" />
              <div className="min-w-0">
                <p dir="auto" className="font-medium break-words">
                  {book.title}
                </p>
                {book.author && (
                  <p dir="auto" className="text-sm text-stone-800">
                    {book.author}
                  </p>
                )}
                <p className="text-sm text-stone-700">{t("Finished {date}", { date: formatDay(book.finishedAt, reader) })}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="flex gap-4 text-sm font-medium">
        {paged && (
          <Link to="?" className="text-brand-700 hover:underline">
            {t("Most recent")}
          </Link>
        )}
        {shelf.nextToken && (
          <Link to={`?nextToken=${shelf.nextToken}`} className="text-brand-700 hover:underline">
            {t("Older books")}
          </Link>
        )}
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The loader's refusal is written in the reader's language already (this page's messages never loaded).
  const refused = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : CLUB_NOT_FOUND;
  return <RouteErrorBoundary error={error} byStatus={{ 404: refused }} back={{ to: "/clubs", label: msg("Back to Clubs") }} />;
}
