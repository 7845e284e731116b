import { Link } from "react-router";
import { ServiceError } from "@worker/core/errors";
import { loadRoomPage } from "@worker/features/club-room/room";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ClubRoomView } from "../room-view";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { BackArrow } from "~/ui/icons";
import type { Route } from "./+types/club-room";

const CLUB_NOT_FOUND = msg("Club not found");

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  try {
    // The composer is messages' and the report dialog moderation's.
    const [room, catalogue] = await Promise.all([loadRoomPage(ctx, params.clubId), pageMessages(context, "club-room", "messages", "moderation")]);
    return { ...room, title: translate("Club room — {club}", { club: room.club.name }), catalogue };
  } catch (error) {
    // Not an active member: a private club is not found, an open one says the room is for its members.
    if (error instanceof ServiceError && (error.status === 404 || error.status === 403)) throw refusal(error.message, error.status);
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? CLUB_NOT_FOUND} — BookClub` }, { name: "robots", content: "noindex" }];
}

export default function ClubRoomPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { club, canManage, viewerId, items, nextToken, pinned, milestones } = loaderData;
  return (
    <div className="space-y-4">
      <Link to={`/clubs/${club.clubId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to {club}", { club: club.name })}
      </Link>
      <h1 className="font-serif text-3xl font-bold">{t("Club room")}</h1>
      <div className="card overflow-hidden">
        <ClubRoomView
          key={club.clubId}
          clubId={club.clubId}
          clubName={club.name}
          viewerId={viewerId}
          canManage={canManage}
          milestones={milestones}
          initialMessages={items}
          initialNextToken={nextToken}
          initialPinned={pinned}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return <RouteErrorBoundary error={error} byStatus={{ 404: t(CLUB_NOT_FOUND) }} back={{ to: "/clubs", label: t("Back to Clubs") }} />;
}
