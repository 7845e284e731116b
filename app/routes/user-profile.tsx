import { data, Link } from "react-router";
import { ServiceError } from "../../worker/services/errors";
import { findPublicUser } from "../../worker/services/users";
import { Avatar } from "../components/avatar";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { memberContext } from "../route-context.server";
import type { Route } from "./+types/user-profile";

const NOT_FOUND = "User not found";
const LOAD_FAILED = "Failed to load user";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const member = ctx.user;
  try {
    const user = await findPublicUser(ctx, params.userId);
    const isSelf = user.userId === member.id;
    return { user, isSelf, emailPrivate: isSelf && !member.showEmail };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw data(NOT_FOUND, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.user.name ?? NOT_FOUND} — BookClub` }, { name: "robots", content: "noindex" }];
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { user, isSelf, emailPrivate } = loaderData;
  return (
    <article className="mx-auto max-w-xl">
      <div className="card flex flex-col items-center gap-4 p-6 text-center">
        <Avatar src={user.profilePicture} name={user.name} size="lg" />
        <div>
          <h1 className="font-serif text-2xl font-bold">{user.name}</h1>
          {/* Null when this viewer may not see it (see worker/services/email-visibility.ts). */}
          {user.email && (
            <a href={`mailto:${user.email}`} className="text-brand-700 underline">
              {user.email}
            </a>
          )}
        </div>
        {isSelf ? (
          <div className="space-y-2">
            <p className="text-stone-700">This is how other members see you.</p>
            {emailPrivate && (
              <p className="text-sm text-stone-700">
                Your e-mail is shown only to members who share a club or a conversation with you.
              </p>
            )}
            <Link to="/profile" className="btn btn-secondary">
              Edit profile
            </Link>
          </div>
        ) : (
          <div className="space-y-2">
            {/* Messaging is not built yet: say so rather than offer a button that does nothing. */}
            <button type="button" className="btn btn-primary" disabled aria-describedby="messaging-coming-soon" title="Messaging is coming soon">
              Start Conversation
            </button>
            <p id="messaging-coming-soon" className="text-sm text-stone-700">
              Messaging is coming soon.
            </p>
          </div>
        )}
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} heading={LOAD_FAILED} byStatus={{ 404: NOT_FOUND }} />;
}
