import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { hasBlocked } from "@worker/features/messages/blocks";
import { conversationIdParams, findConversationForMember } from "@worker/features/messages/conversation-list";
import { listMessages, MESSAGES_PAGE_SIZE, requireParticipant, sendMessage, sendMessageSchema } from "@worker/features/messages/messages";
import { useId } from "react";
import { data, Link, redirect } from "react-router";
import { actionError, fieldErrors } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { revalidateUnlessDialogChange, useUrlDialog } from "~/core/use-url-dialog";
import { Avatar } from "~/ui/avatar";
import { OpenDialogButton } from "~/ui/dialog";
import { BackArrow } from "~/ui/icons";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { blockIntentAction, isBlockIntent } from "../block-intents.server";
import { BlockMemberDialog } from "../block-member-dialog";
import { MessageThread } from "../message-thread";
import { SEND_FAILED } from "../use-thread";
import type { Route } from "./+types/messages-conversation";

const NOT_FOUND = msg("Conversation not found");

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const parsed = conversationIdParams.safeParse({ id: params.conversationId });
  // Someone else's conversation answers exactly like a missing one, so ids reveal nothing.
  const conversation = parsed.success ? await findConversationForMember(ctx, parsed.data.id) : null;
  if (!conversation) throw refusal(translate(NOT_FOUND), 404);
  const [page, blocked, { otherDeleted }, catalogue] = await Promise.all([
    listMessages(ctx, conversation.conversationId, { limit: MESSAGES_PAGE_SIZE }),
    hasBlocked(ctx, conversation.otherUser.userId),
    requireParticipant(ctx, conversation.conversationId),
    // The thread's Report dialog is moderation's.
    pageMessages(context, "messages", "moderation"),
  ]);
  return {
    conversation,
    messages: page.items,
    nextToken: page.nextToken,
    blocked,
    otherDeleted,
    viewerId: ctx.user.id,
    catalogue,
    title: translate("Messages"),
  };
}

/**
 * Block / Unblock the other member, and sending for a browser without JavaScript (with it, the
 * thread posts to the API itself and keeps the text on failure).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  const here = `/messages/${params.conversationId}`;
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    return actionError(error, { field: "content" });
  }
  const intent = textField(form, "intent");
  if (isBlockIntent(intent)) {
    try {
      const { otherId } = await requireParticipant(ctx, params.conversationId);
      return blockIntentAction(ctx, intent, otherId, here);
    } catch (error) {
      return actionError(error);
    }
  }
  const content = textField(form, "content") ?? "";
  const unsent = (error: string, status: number) => data({ ok: false as const, errors: { content: error }, content }, { status });
  const parsed = sendMessageSchema.safeParse({ content });
  if (!parsed.success) return unsent(fieldErrors(parsed.error).content ?? translate(SEND_FAILED), 400);
  try {
    await sendMessage(ctx, params.conversationId, parsed.data);
  } catch (error) {
    const refused = actionError(error, { field: "content", unexpected: translate(SEND_FAILED) });
    return unsent(refused.data.errors.content ?? translate(SEND_FAILED), refused.init?.status ?? 500);
  }
  // After a post, a fresh GET: reloading the page does not send again.
  return redirect(here);
}

// Opening or closing the Block dialog needs no new data.
export const shouldRevalidate = revalidateUnlessDialogChange();

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const name = loaderData?.conversation.otherUser.name;
  return [{ title: name ? `${name} — ${loaderData.title} — BookClub` : `${NOT_FOUND} — BookClub` }];
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, messages, nextToken, blocked, otherDeleted, viewerId } = loaderData;
  const { otherUser } = conversation;
  const headingId = useId();
  const t = useT();
  const { dialog, closeHref, close } = useUrlDialog();
  const errors = actionData && "errors" in actionData ? (actionData.errors as Partial<Record<string, string>>) : undefined;
  const unsent = actionData && "content" in actionData && errors?.content ? { content: actionData.content, error: errors.content } : undefined;
  return (
    <>
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3">
        {/* On a phone the list is its own screen. */}
        <Link to="/messages" className="btn btn-secondary md:hidden">
          <BackArrow /> <span aria-hidden="true">{t("Back")}</span>
          <span className="sr-only">{t("Back to conversations")}</span>
        </Link>
        <Avatar src={otherUser.profilePicture} name={otherUser.name} size="sm" />
        <h2 id={headingId} className="min-w-0 flex-1 truncate font-serif text-lg font-semibold">
          <Link dir="auto" to={`/users/${otherUser.userId}`} className="hover:underline">
            {otherUser.name}
          </Link>
        </h2>
        {/* A deleted member's thread stays readable, but there is no one left to block or write to. */}
        {!otherDeleted && (
          <OpenDialogButton dialog="block" className="btn btn-secondary" describedBy={headingId}>
            {blocked ? t("Unblock") : t("Block")}
          </OpenDialogButton>
        )}
      </header>
      <MessageThread
        key={conversation.conversationId}
        conversationId={conversation.conversationId}
        viewerId={viewerId}
        other={{ userId: otherUser.userId, name: otherUser.name }}
        initialMessages={messages}
        initialNextToken={nextToken}
        blockedByViewer={blocked}
        otherDeleted={otherDeleted}
        unsent={unsent}
      />
      {!otherDeleted && (
        <BlockMemberDialog
          open={dialog === "block"}
          onClose={close}
          cancelHref={closeHref}
          name={otherUser.name}
          blocked={blocked}
          error={dialog === "block" ? errors?.form : undefined}
        />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary
      error={error}
      heading={msg("Failed to load messages")}
      byStatus={{ 404: NOT_FOUND }}
      back={{ to: "/messages", label: msg("Back to Messages") }}
      level="section"
    />
  );
}
