import type { EventOf } from "@worker/core/events/registry";
import { tellMembers } from "@worker/core/member-inbox-stubs";
import type { Deps } from "@worker/core/service-context";
import { conversationNotificationKey, notify, snippetOf } from "@worker/features/notifications";
import { postLoanLine } from "./messages";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** A member sent a direct message (the conversation's room stored and delivered it; `content` is what they wrote). */
    "message.sent": {
      conversationId: string;
      messageId: string;
      senderId: string;
      senderName: string;
      recipientId: string;
      members: [string, string];
      content: string;
      at: number;
    };
  }
}

/** Both members' other pages re-read the conversation list and the badge. */
export async function pingInboxesOfMessage(deps: Deps, event: EventOf<"message.sent">): Promise<void> {
  await tellMembers(deps.env, event.members, { type: "dm", conversationId: event.conversationId, fromUserId: event.senderId });
}

/** One bell item per conversation that counts up until read; its e-mail waits for the next few messages. */
export async function ringRecipientOfMessage(deps: Deps, event: EventOf<"message.sent">): Promise<void> {
  const senderName = event.senderName;
  await notify(deps, [
    {
      userId: event.recipientId,
      type: "message_received",
      // Written in the recipient's language when stored (notify() gives each recipient's translator).
      title: ({ t }) => t("New messages from {name}", { name: senderName }),
      body: snippetOf(event.content),
      link: `/messages/${event.conversationId}`,
      actorId: event.senderId,
      actorName: senderName,
      dedupeKey: conversationNotificationKey(event.conversationId),
      accumulate: true,
    },
  ]);
}

/**
 * A loan request's line in the pair's chat, keyed by the loan's event so a repeat posts once. The
 * borrow press posts it itself before it answers (its chat opens with the line) and says where.
 */
export async function postLoanRequestLine(deps: Deps, event: EventOf<"loan.requested">): Promise<void> {
  if (event.lineIn) return;
  await postLoanLine(deps, event.borrowerId, event.ownerId, event.line, `loan-event-${event.eventId}`);
}

/** A later loan step's line in the pair's chat, in the actor's name, keyed by the loan's event so a repeat posts once. */
export async function postLoanStepLine(deps: Deps, event: EventOf<"loan.step_taken">): Promise<void> {
  await postLoanLine(deps, event.actorId, event.otherId, event.line, `loan-event-${event.eventId}`);
}
