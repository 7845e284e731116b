import { data, isRouteErrorResponse, Link } from "react-router";
import { requestContext } from "../../worker/context";
import { ServiceError } from "../../worker/services/errors";
import { findPublicUser } from "../../worker/services/users";
import { requireMember } from "../route-context.server";
import { Avatar } from "../components/avatar";
import type { Route } from "./+types/user-profile";

const NOT_FOUND = "User not found";
const LOAD_FAILED = "Failed to load user";

export async function loader({ params, context }: Route.LoaderArgs) {
  const member = requireMember(context);
  const { db, env } = context.get(requestContext);
  try {
    const user = await findPublicUser({ db, env, user: member }, params.userId);
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
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <title>{`${missing ? NOT_FOUND : LOAD_FAILED} — BookClub`}</title>
      <h1 role="alert" className="font-serif text-2xl font-bold">
        {missing ? NOT_FOUND : LOAD_FAILED}
      </h1>
      <Link to="/library" className="btn btn-primary mt-6">
        Back to Library
      </Link>
    </div>
  );
}
