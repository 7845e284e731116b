import { NavLink, Outlet, useParams } from "react-router";
import { listConversations, type ConversationSummary } from "../../worker/services/conversations";
import { CONVERSATION_LIST_LIMIT } from "../../worker/shared/rules";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { memberContext } from "../route-context.server";
import { Avatar } from "../components/avatar";
import { UnreadBadge } from "../components/top-bar";
import type { Route } from "./+types/messages";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Messages — BookClub" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { items } = await listConversations(memberContext(context), { limit: CONVERSATION_LIST_LIMIT });
  return { conversations: items };
}

function ConversationLink({ conversation }: { conversation: ConversationSummary }) {
  const { otherUser } = conversation;
  return (
    <li>
      <NavLink
        to={`/messages/${conversation.conversationId}`}
        className={({ isActive }) =>
          `flex min-h-11 items-center gap-3 px-4 py-3 ${isActive ? "bg-brand-50" : "hover:bg-stone-100"}`
        }
      >
        <Avatar src={otherUser.profilePicture} name={otherUser.name} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">{otherUser.name}</span>
          <span className="block truncate text-sm text-stone-700">{conversation.lastMessageSnippet || "No messages yet"}</span>
        </span>
        <UnreadBadge count={conversation.unreadCount} />
      </NavLink>
    </li>
  );
}

/** Two panes: the conversation list, and the open conversation (or a prompt) from the child route. */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { conversations } = loaderData;
  // On a phone only one pane fits: the list at /messages, the thread at /messages/{id}.
  const open = Boolean(useParams().conversationId);
  return (
    <div className="space-y-5">
      <h1 className="font-serif text-3xl font-bold">Messages</h1>
      <div className="card grid min-h-96 overflow-hidden md:grid-cols-[20rem_1fr]">
        <nav aria-label="Conversations" className={`border-stone-200 md:border-r ${open ? "hidden md:block" : ""}`}>
          {conversations.length === 0 ? (
            <p className="p-6 text-stone-700">No conversations yet.</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {conversations.map((conversation) => (
                <ConversationLink key={conversation.conversationId} conversation={conversation} />
              ))}
            </ul>
          )}
        </nav>
        <section aria-label="Conversation" className={`flex min-w-0 flex-col ${open ? "" : "hidden md:flex"}`}>
          <Outlet />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} heading="Failed to load messages" />;
}
