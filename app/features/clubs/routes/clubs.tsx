import { translate } from "@worker/core/i18n/request-language";
import { unreadByClub } from "@worker/features/club-room";
import { listMyClubs } from "@worker/features/clubs/club-lists";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import { useUrlDialog } from "~/core/use-url-dialog";
import { ClubRoomUnread } from "~/features/club-room";
import { deferred } from "~/ui/deferred";
import { Dialog, OpenDialogButton } from "~/ui/dialog";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { MyClubCard } from "../club-card";
import { clubIntentAction } from "../club-intents.server";
import { ClubTabs } from "../club-tabs";
import { loadJoinRequests } from "../join-requests.server";
import type { Route } from "./+types/clubs";

// The dialogs' forms show only when a dialog is open (its address says which): their code is not in the page's first load.
const ClubForm = deferred(() => import("../club-form").then((module) => module.ClubForm));
const ClubJoinForm = deferred(() => import("../club-join-form").then((module) => module.ClubJoinForm));
const ClubRequests = deferred(() => import("../club-requests").then((module) => module.ClubRequests));

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "My Clubs"} — BookClub` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const params = new URL(request.url).searchParams;
  const managing = params.get("dialog") === "requests" ? params.get("club") : null;
  const [{ items }, requests, catalogue] = await Promise.all([
    listMyClubs(ctx),
    managing ? loadJoinRequests(ctx, managing) : null,
    // The club form shows the time zone field (account) and 'Use my location' (geo); the cards the room's unread line.
    pageMessages(context, "clubs", "club-room", "account", "geo"),
  ]);
  // Each active club's room unread count, in one indexed read of club_room_reads.
  const roomUnread = await unreadByClub(
    ctx.db,
    ctx.user.id,
    items.filter((club) => club.userStatus === "active").map((club) => club.clubId),
  );
  return { clubs: items, userId: ctx.user.id, requests, roomUnread, title: translate("My Clubs"), catalogue };
}

export async function action({ request, context }: Route.ActionArgs) {
  return clubIntentAction({ request, context, page: "list" });
}

/** The Join Club entry points elsewhere arrive with navigation state { openJoin: true }. */
function useOpenJoinFlag() {
  const location = useLocation();
  const navigate = useNavigate();
  const openJoin = (location.state as { openJoin?: unknown } | null)?.openJoin === true;
  useEffect(() => {
    if (openJoin) navigate(`${location.pathname}?dialog=join`, { replace: true, state: null, preventScrollReset: true });
  }, [openJoin, location.pathname, navigate]);
}

export default function MyClubs({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { clubs, userId, requests, roomUnread } = loaderData;
  const { dialog, clubId, closeHref, close } = useUrlDialog();
  useOpenJoinFlag();
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  // Only the creator may edit (docs/product.md#create-and-edit); anyone else asking for the dialog by address gets nothing.
  const editing = dialog === "edit" ? clubs.find((club) => club.clubId === clubId && club.createdBy === userId) : undefined;
  const managing = dialog === "requests" ? clubs.find((club) => club.clubId === clubId) : undefined;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">{t("Book Clubs")}</h1>
        <div className="flex flex-wrap gap-2">
          <OpenDialogButton dialog="join">{t("Join Club")}</OpenDialogButton>
          <OpenDialogButton dialog="create" className="btn btn-primary">
            {t("Create Club")}
          </OpenDialogButton>
        </div>
      </div>
      <ClubTabs current="mine" />
      {clubs.length === 0 ? (
        <div className="card flex flex-col items-center gap-4 p-8 text-center">
          <p className="text-stone-700">{t("You have no clubs yet")}</p>
          <Link to="/clubs/browse" className="btn btn-primary">
            {t("Browse Clubs")}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {clubs.map((club) => (
            <MyClubCard key={club.clubId} club={club} userId={userId}>
              {club.clubId in roomUnread && <ClubRoomUnread clubId={club.clubId} unread={roomUnread[club.clubId]!} />}
            </MyClubCard>
          ))}
        </ul>
      )}

      <Dialog open={dialog === "create"} onClose={close} title={t("Create Book Club")}>
        {dialog === "create" && <ClubForm intent="create" errors={errors} cancelHref={closeHref} />}
      </Dialog>
      <Dialog open={dialog === "join"} onClose={close} title={t("Join Book Club")}>
        {dialog === "join" && <ClubJoinForm error={errors?.inviteCode ?? errors?.form} cancelHref={closeHref} />}
      </Dialog>
      <Dialog open={Boolean(editing)} onClose={close} title={t("Edit Club")}>
        {editing && <ClubForm key={editing.clubId} intent="update" clubId={editing.clubId} initial={editing} errors={errors} cancelHref={closeHref} />}
      </Dialog>
      <Dialog open={Boolean(managing)} onClose={close} title={t("Manage Join Requests")} description={managing?.name}>
        {managing && (
          <ClubRequests
            clubId={managing.clubId}
            requests={requests?.clubId === managing.clubId ? requests.items : null}
            loadError={requests?.clubId === managing.clubId ? requests.error : null}
            closeHref={closeHref}
          />
        )}
      </Dialog>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return <RouteErrorBoundary error={error} heading={t("Failed to load clubs")} />;
}
