import { data, Link } from "react-router";
import { conversationIdParams, findConversationForMember } from "../../worker/services/conversations";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { memberContext } from "../route-context.server";
import { Avatar } from "../components/avatar";
import type { Route } from "./+types/messages-conversation";

const NOT_FOUND = "Conversation not found";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const parsed = conversationIdParams.safeParse({ id: params.conversationId });
  // Someone else's conversation answers exactly like a missing one, so ids reveal nothing.
  const conversation = parsed.success ? await findConversationForMember(ctx, parsed.data.id) : null;
  if (!conversation) throw data(NOT_FOUND, { status: 404 });
  return { conversation };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaderData?.conversation.otherUser.name;
  return [{ title: name ? `${name} — Messages — BookClub` : `${NOT_FOUND} — BookClub` }];
}

export default function Conversation({ loaderData }: Route.ComponentProps) {
  const { otherUser } = loaderData.conversation;
  return (
    <>
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3">
        <Link to="/messages" className="btn btn-secondary md:hidden" aria-label="Back to conversations">
          ←
        </Link>
        <Avatar src={otherUser.profilePicture} name={otherUser.name} size="sm" />
        <h2 className="font-serif text-lg font-semibold">
          <Link to={`/users/${otherUser.userId}`} className="hover:underline">
            {otherUser.name}
          </Link>
        </h2>
      </header>
      <div className="flex flex-1 items-center justify-center p-6">
        <p className="text-stone-700">No messages yet.</p>
      </div>
      {/* Sending arrives with the conversation's Durable Object; until then the composer says so. */}
      <form className="space-y-2 border-t border-stone-200 p-4" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="message" className="sr-only">
          Message
        </label>
        <div className="flex items-end gap-2">
          <textarea id="message" name="content" rows={2} className="field flex-1 resize-none" disabled aria-describedby="messaging-coming-soon" />
          <button type="submit" className="btn btn-primary" disabled aria-describedby="messaging-coming-soon">
            Send
          </button>
        </div>
        <p id="messaging-coming-soon" className="text-sm text-stone-700">
          Messaging is coming soon.
        </p>
      </form>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary
      error={error}
      heading="Failed to load messages"
      byStatus={{ 404: NOT_FOUND }}
      back={{ to: "/messages", label: "Back to Messages" }}
      level="section"
    />
  );
}
