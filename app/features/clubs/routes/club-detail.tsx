import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { upcomingMeetingsSummary } from "@worker/features/club-meetings";
import { roomUnreadFor } from "@worker/features/club-room";
import { findClubForMember } from "@worker/features/clubs/club-lists";
import { findClubPage } from "@worker/features/clubs/club-page";
import { currentInviteCode } from "@worker/features/clubs/invite-codes";
import { Link, useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext, readerFor } from "~/core/route-context.server";
import { useUrlDialog } from "~/core/use-url-dialog";
import { BookCard } from "~/features/books";
import { withCoverAltText } from "~/features/books/index.server";
import { UpcomingMeetings } from "~/features/club-meetings";
import { ClubPollsSummary } from "~/features/club-polls";
import { loadPollsSummary } from "~/features/club-polls/index.server";
import { ReadingNow } from "~/features/club-reading";
import { loadReadingNow } from "~/features/club-reading/index.server";
import { ClubRoomLink } from "~/features/club-room";
import { todayFor, withDueLabel } from "~/features/loans/index.server";
import { Dialog, OpenDialogButton } from "~/ui/dialog";
import { FieldError } from "~/ui/field-error";
import { BackArrow } from "~/ui/icons";
import { PrevNext } from "~/ui/prev-next";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ClubBadge, RoleBadge } from "../club-badge";
import { ClubFacts, DeleteClubForm, headcount, RequestToJoinForm } from "../club-card";
import { ClubForm } from "../club-form";
import { clubIntentAction } from "../club-intents.server";
import { ClubInvitePanel } from "../club-invite-panel";
import { ClubMembers } from "../club-members";
import { ClubRequests } from "../club-requests";
import { loadJoinRequests } from "../join-requests.server";
import type { Route } from "./+types/club-detail";

// Shown by the component and the error boundary, so it is not imported from the (server-only) service.
const CLUB_NOT_FOUND = msg("Club not found");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const url = new URL(request.url);
  let page: Awaited<ReturnType<typeof findClubPage>>;
  try {
    // A bad or tampered cursor shows the first page of books.
    page = await findClubPage(ctx, params.clubId, { nextToken: url.searchParams.get("nextToken"), prevToken: url.searchParams.get("prevToken") });
  } catch (error) {
    if (!(error instanceof ServiceError && error.status === 404)) throw error;
    // A private club's page is for its members: anyone else sees what Browse Clubs shows of it (GET
    // /api/clubs/{id}'s summary) and the request button; never its members, book, meetings or room.
    const summary = await findClubForMember(ctx, params.clubId);
    if (!summary || summary.detailsVisible) throw refusal(translate(CLUB_NOT_FOUND), 404);
    const { clubId, name, description, location, memberCount, memberLimit, userStatus } = summary;
    return {
      outsider: true as const,
      club: { clubId, name, description, location, memberCount, memberLimit },
      requested: userStatus === "pending",
      catalogue: await pageMessages(context, "clubs"),
    };
  }
  const { clubId } = page.club;
  const manages = page.viewer.canManage;
  const [invite, requests, readingNow, roomUnread, meetings, polls, catalogue] = await Promise.all([
    manages ? currentInviteCode(ctx, clubId) : null,
    manages && url.searchParams.get("dialog") === "requests" ? loadJoinRequests(ctx, clubId) : null,
    loadReadingNow(ctx, clubId, url),
    roomUnreadFor(ctx, clubId),
    upcomingMeetingsSummary(ctx, clubId),
    loadPollsSummary(ctx, clubId),
    // Every feature the page shows: its shelf (books, with loans' due notes and Borrow), the book the club
    // is reading, its meetings and polls, the room link, and the Edit Club form (account's time zone, geo).
    pageMessages(context, "clubs", "books", "loans", "club-reading", "club-meetings", "club-polls", "club-room", "account", "geo"),
  ]);
  const reader = readerFor(request, context);
  const today = todayFor(reader);
  const books = page.books.map((book) => withCoverAltText(withDueLabel(book, today, reader)));
  return { outsider: false as const, ...page, books, invite, requests, readingNow, roomUnread, meetings, polls, userId: ctx.user.id, catalogue };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return clubIntentAction({ request, context, clubId: params.clubId, page: "club" });
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.club.name ?? CLUB_NOT_FOUND} — BookClub` }, { name: "robots", content: "noindex" }];
}

/** Leave: the last admin is refused while members remain, and the refusal says what to do. */
function LeaveClubForm() {
  const t = useT();
  const fetcher = useFetcher<{ ok: false; errors: Partial<Record<string, string>> }>();
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.errors.form : null;
  return (
    <>
      <fetcher.Form method="post" className="contents">
        <input type="hidden" name="intent" value="leave" />
        <button type="submit" className="btn btn-secondary" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("Leaving…") : t("Leave Club")}
        </button>
      </fetcher.Form>
      <FieldError message={refused} inline />
    </>
  );
}

function booksHref(token: Record<string, string>) {
  return `?${new URLSearchParams(token)}`;
}

type OutsiderData = Extract<Route.ComponentProps["loaderData"], { outsider: true }>;

/** A private club to someone outside it: what Browse Clubs shows (name, description, area, headcount) and Request to Join. */
function OutsiderClub({ club, requested }: OutsiderData) {
  const t = useT();
  return (
    <div className="space-y-6">
      <Link to="/clubs" className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to Clubs")}
      </Link>
      <header className="card space-y-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="font-serif text-3xl font-bold break-words">{club.name}</h1>
          <ClubBadge tone="private">{t("Private")}</ClubBadge>
          {requested && <ClubBadge tone="pending">{t("Pending")}</ClubBadge>}
        </div>
        <ClubFacts club={club} />
        <p className="text-sm text-stone-700">{headcount(t, club)}</p>
        <p className="text-stone-700">{t("This club is private: its members, book, meetings and room are for members only.")}</p>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <RequestToJoinForm clubId={club.clubId} requested={requested} />
        </div>
      </header>
    </div>
  );
}

export default function ClubDetail(props: Route.ComponentProps) {
  if (props.loaderData.outsider) return <OutsiderClub {...props.loaderData} />;
  return <MemberClubPage {...props} loaderData={props.loaderData} />;
}

function MemberClubPage({
  loaderData,
  actionData,
}: Omit<Route.ComponentProps, "loaderData"> & { loaderData: Extract<Route.ComponentProps["loaderData"], { outsider: false }> }) {
  const t = useT();
  const { club, viewer, members, books, booksNextToken, booksPrevToken, invite, requests, readingNow, roomUnread, meetings, polls, userId } = loaderData;
  const { dialog, closeHref, close } = useUrlDialog();
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const active = viewer.status === "active";
  const count = club.memberCount;
  const headcount = club.memberLimit
    ? t("{count, plural, one {# member} other {# members}} · limit {limit, number}", { count, limit: club.memberLimit })
    : t("{count, plural, one {# member} other {# members}}", { count });
  const pager =
    booksPrevToken || booksNextToken ? (
      <PrevNext
        prevHref={booksPrevToken ? booksHref({ prevToken: booksPrevToken }) : null}
        nextHref={booksNextToken ? booksHref({ nextToken: booksNextToken }) : null}
      />
    ) : null;

  return (
    <div className="space-y-6">
      <Link to="/clubs" className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to Clubs")}
      </Link>
      <header className="card space-y-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h1 dir="auto" className="font-serif text-3xl font-bold">
            {club.name}
          </h1>
          {club.isPrivate && <ClubBadge tone="private">{t("Private")}</ClubBadge>}
          {active && viewer.role && <RoleBadge role={viewer.role} isCreator={viewer.isCreator} />}
          {viewer.status === "pending" && <ClubBadge tone="pending">{t("Pending")}</ClubBadge>}
        </div>
        {club.description && (
          <p dir="auto" className="whitespace-pre-line text-stone-800">
            {club.description}
          </p>
        )}
        <p className="text-stone-700">
          <span className="font-medium">{t("Location:")}</span> <bdi>{club.location}</bdi>
        </p>
        <p className="text-sm text-stone-700">{headcount}</p>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          {viewer.isCreator && (
            <>
              <OpenDialogButton dialog="edit">{t("Edit")}</OpenDialogButton>
              <DeleteClubForm clubId={club.clubId} name={club.name} />
            </>
          )}
          <ClubRoomLink clubId={club.clubId} unread={roomUnread} />
          {viewer.canManage && (
            <OpenDialogButton dialog="requests" loadsData>
              {t("Manage Requests")}
            </OpenDialogButton>
          )}
          {/* The creator cannot leave (the club would lose the one member who may edit or delete it). */}
          {active && !viewer.isCreator && <LeaveClubForm />}
          {/* A public club's page is open to every member; joining it is one request that admits at once. */}
          {!active && <RequestToJoinForm clubId={club.clubId} requested={viewer.status === "pending"} />}
        </div>
      </header>

      {readingNow && <ReadingNow {...readingNow} />}

      {invite && <ClubInvitePanel clubId={club.clubId} invite={invite} />}

      <UpcomingMeetings summary={meetings} />
      <ClubPollsSummary polls={polls} />

      <ClubMembers members={members} memberCount={club.memberCount} clubName={club.name} viewerIsCreator={viewer.isCreator} viewerId={userId} />

      <section aria-labelledby="club-books-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="club-books-heading" className="font-serif text-2xl font-semibold">
            {t("Shared into this club")}
          </h2>
          {pager}
        </div>
        {books.length === 0 ? (
          <p className="card p-8 text-center text-stone-700">{t("No books have been shared into this club yet.")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {books.map((book, index) => (
              <BookCard key={book.bookId} book={book} isClubMember={active || !club.isPrivate} layout="grid" eager={index < 5} />
            ))}
          </ul>
        )}
        {pager && <div className="flex justify-end">{pager}</div>}
      </section>

      <Dialog open={dialog === "edit" && viewer.isCreator} onClose={close} title={t("Edit Club")}>
        {dialog === "edit" && viewer.isCreator && <ClubForm intent="update" clubId={club.clubId} initial={club} errors={errors} cancelHref={closeHref} />}
      </Dialog>
      <Dialog open={dialog === "requests" && viewer.canManage} onClose={close} title={t("Manage Join Requests")} description={club.name}>
        {dialog === "requests" && viewer.canManage && (
          <ClubRequests clubId={club.clubId} requests={requests?.items ?? null} loadError={requests?.error ?? null} closeHref={closeHref} />
        )}
      </Dialog>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return <RouteErrorBoundary error={error} byStatus={{ 404: t(CLUB_NOT_FOUND) }} back={{ to: "/clubs", label: t("Back to Clubs") }} />;
}
