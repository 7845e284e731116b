import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { CONVERSATION_LIST_LIMIT } from "@worker/core/shared/rules";
import { msg } from "@worker/core/shared/translate";
import { emailLookupQuery, findUserByEmail } from "@worker/features/account";
import { type ConversationSummary, listConversations } from "@worker/features/messages/conversation-list";
import { startConversation } from "@worker/features/messages/messages";
import { useEffect, useState } from "react";
import { NavLink, Outlet, redirect, useParams } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import { revalidateUnlessDialogChange, useUrlDialog } from "~/core/use-url-dialog";
import { UnreadBadge } from "~/shell/top-bar";
import { Avatar } from "~/ui/avatar";
import { OpenDialogButton } from "~/ui/dialog";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { DM_LIST_EVENT } from "../dm-events";
import { StartConversationDialog } from "../start-conversation-dialog";
import type { Route } from "./+types/messages";

// docs/product.md#messages: what the Start a Conversation search says when it finds nobody or fails.
const NO_USER_WITH_EMAIL = msg("No user found with that email");
const NO_USER_WITH_ID = msg("No user found with that ID");
const SEARCH_FAILED = msg("Search failed");
const CREATE_FAILED = msg("Failed to create conversation");
const MEMBER_ID_MAX = 64;

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Messages"} — BookClub` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [{ items }, catalogue] = await Promise.all([
    listConversations(memberContext(context), { limit: CONVERSATION_LIST_LIMIT }),
    pageMessages(context, "messages"),
  ]);
  return { conversations: items, catalogue, title: translate("Messages") };
}

/** The member a Start a Conversation search names: by e-mail when it has '@', otherwise by member id. */
async function findMemberId(ctx: ReturnType<typeof memberContext>, query: string): Promise<string | { error: string; status: number }> {
  if (!query.includes("@")) return query.length > MEMBER_ID_MAX ? { error: translate(NO_USER_WITH_ID), status: 404 } : query;
  const email = emailLookupQuery.safeParse({ email: query });
  if (!email.success) return { error: translate(NO_USER_WITH_EMAIL), status: 404 };
  try {
    return (await findUserByEmail(ctx, email.data.email)).userId;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // Too many lookups says so; anything else the search could not answer is 'Search failed'.
    return {
      error: error.status === 404 ? translate(NO_USER_WITH_EMAIL) : error.status === 429 ? error.message : translate(SEARCH_FAILED),
      status: error.status,
    };
  }
}

/** Start a Conversation: look the member up, open (or create) the conversation, and go to it. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  let query: string;
  try {
    query = (textField(await readFormData(request), "query") ?? "").trim();
  } catch (error) {
    return actionError(error, { field: "query" });
  }
  const fail = (error: string, status: number) => refuse({ query: error }, status);
  if (!query) return fail(translate("Please enter an email or member ID."), 400);
  let found: Awaited<ReturnType<typeof findMemberId>>;
  try {
    found = await findMemberId(ctx, query);
  } catch (error) {
    console.error(SEARCH_FAILED, error);
    return fail(translate(SEARCH_FAILED), 500);
  }
  if (typeof found !== "string") return fail(found.error, found.status);
  try {
    const { conversationId } = await startConversation(ctx, found);
    return redirect(`/messages/${conversationId}`);
  } catch (error) {
    return actionError(error, {
      field: "query",
      // Not found by id says so; a block or oneself says why; the rest is 'Failed to create conversation'.
      message: (refusal) =>
        refusal.status === 404 ? translate(NO_USER_WITH_ID) : [400, 403, 429].includes(refusal.status) ? refusal.message : translate(CREATE_FAILED),
      unexpected: translate(CREATE_FAILED),
    });
  }
}

// Opening or closing Start a Conversation needs no new data.
export const shouldRevalidate = revalidateUnlessDialogChange();

/** The loader's list, replaced live whenever the unread badge re-reads the latest conversations. */
function useLiveConversations(initial: ConversationSummary[]): ConversationSummary[] {
  const [conversations, setConversations] = useState(initial);
  useEffect(() => setConversations(initial), [initial]);
  useEffect(() => {
    const onList = (event: Event) => setConversations((event as CustomEvent<ConversationSummary[]>).detail);
    window.addEventListener(DM_LIST_EVENT, onList);
    return () => window.removeEventListener(DM_LIST_EVENT, onList);
  }, []);
  return conversations;
}

function ConversationLink({ conversation, open }: { conversation: ConversationSummary; open: boolean }) {
  const t = useT();
  const { otherUser } = conversation;
  return (
    <li>
      <NavLink
        to={`/messages/${conversation.conversationId}`}
        className={({ isActive }) => `flex min-h-11 items-center gap-3 px-4 py-3 ${isActive ? "bg-brand-50" : "hover:bg-stone-100"}`}
      >
        <Avatar src={otherUser.profilePicture} name={otherUser.name} size="sm" />
        <span className="min-w-0 flex-1">
          <span dir="auto" className="block truncate font-semibold">
            {otherUser.name}
          </span>
          <span className="block truncate text-sm text-stone-700">{conversation.lastMessageSnippet || t("No messages yet")}</span>
        </span>
        {/* The open conversation is read as it arrives, whatever the list said a moment ago. */}
        <span className="shrink-0">
          <UnreadBadge count={open ? 0 : conversation.unreadCount} />
        </span>
      </NavLink>
    </li>
  );
}

/** Two panes: the conversation list, and the open conversation (or a prompt) from the child route. */
export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const conversations = useLiveConversations(loaderData.conversations);
  // On a phone only one pane fits: the list at /messages, the thread at /messages/{id}.
  const openId = useParams().conversationId;
  const { dialog, closeHref, close } = useUrlDialog();
  const refusal = actionData && "errors" in actionData ? actionData.errors.query : undefined;
  const t = useT();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">{t("Messages")}</h1>
        <OpenDialogButton dialog="start" className="btn btn-primary">
          {t("Start a Conversation")}
        </OpenDialogButton>
      </div>
      {/* grid-cols-1 is minmax(0, 1fr): a preview too long for the phone is cut short, not the page widened. */}
      <div className="card grid min-h-96 grid-cols-1 overflow-hidden md:grid-cols-[20rem_minmax(0,1fr)]">
        <nav aria-label={t("Conversations")} className={`min-w-0 border-stone-200 md:border-e ${openId ? "hidden md:block" : ""}`}>
          {conversations.length === 0 ? (
            <p className="p-6 text-stone-700">{t("No conversations yet.")}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {conversations.map((conversation) => (
                <ConversationLink key={conversation.conversationId} conversation={conversation} open={conversation.conversationId === openId} />
              ))}
            </ul>
          )}
        </nav>
        <section aria-label={t("Conversation")} className={`flex min-w-0 flex-col ${openId ? "" : "hidden md:flex"}`}>
          <Outlet />
        </section>
      </div>
      <StartConversationDialog open={dialog === "start"} onClose={close} cancelHref={closeHref} error={refusal} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} heading={msg("Failed to load conversations")} />;
}
