import { Link } from "react-router";
import { listMyClubs, type MemberClub } from "../../worker/services/clubs";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { memberContext } from "../route-context.server";
import { ClubBadge } from "../components/club-badge";
import { ClubTabs } from "../components/club-tabs";
import { ComingSoonActions } from "../components/coming-soon";
import type { Route } from "./+types/clubs";

export function meta(): Route.MetaDescriptors {
  return [{ title: "My Clubs — BookClub" }];
}

// The navigation state flag `openJoin` (spec §2) is ignored for now: the join modal it opens
// comes with club management, and this page must not pretend to offer joining before then.
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const { items } = await listMyClubs(ctx);
  return { clubs: items, userId: ctx.user.id };
}

function MyClubCard({ club, userId }: { club: MemberClub; userId: string }) {
  const isCreator = club.createdBy === userId;
  const pending = club.userStatus === "pending";
  // Spec §6: the creator or an admin sees Edit, Delete and Manage Requests unless pending.
  const manages = (isCreator || club.userRole === "admin") && !pending;
  return (
    <li className="card flex flex-col gap-2 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-serif text-lg font-semibold">{club.name}</h2>
        {isCreator && <ClubBadge tone="creator">Creator</ClubBadge>}
        {club.isPrivate && <ClubBadge tone="private">Private</ClubBadge>}
        {pending && <ClubBadge tone="pending">Pending</ClubBadge>}
      </div>
      {club.description && <p className="text-stone-800">{club.description}</p>}
      <p className="text-sm text-stone-700">
        <span className="font-medium">Location:</span> {club.location}
      </p>
      {manages && (
        <ComingSoonActions
          id={`club-${club.clubId}-soon`}
          className="mt-auto pt-2"
          actions={[{ label: "Edit" }, { label: "Delete", variant: "danger" }, { label: "Manage Requests" }]}
        />
      )}
    </li>
  );
}

export default function MyClubs({ loaderData }: Route.ComponentProps) {
  const { clubs, userId } = loaderData;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Book Clubs</h1>
        <ComingSoonActions id="club-actions-soon" actions={[{ label: "Join Club" }, { label: "Create Club", variant: "primary" }]} />
      </div>
      <ClubTabs current="mine" />
      {clubs.length === 0 ? (
        <div className="card flex flex-col items-center gap-4 p-8 text-center">
          <p className="text-stone-700">You have no clubs yet</p>
          <Link to="/clubs/browse" className="btn btn-primary">
            Browse Clubs
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {clubs.map((club) => (
            <MyClubCard key={club.clubId} club={club} userId={userId} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} heading="Failed to load clubs" />;
}
