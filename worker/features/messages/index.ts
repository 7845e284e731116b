export { BLOCKED, blockBetween, blocksDeletionPart, hasBlocked, requireNotBlocked } from "./blocks";
export { type ConversationSummary, countUnreadMessages, unreadMessagesStatement } from "./conversation-list";
export { conversationSocket } from "./conversation-socket";
export { conversationsDataPart, conversationsDeletionPart } from "./conversations-account";
export { memberSocket } from "./member-socket";
export { pingInboxesOfMessage, postLoanRequestLine, postLoanStepLine, ringRecipientOfMessage } from "./message-events";
export {
  type Chat,
  chatOf,
  chatReads,
  createConversation,
  deliverMessage,
  openChat,
  postLine,
  postLoanLine,
  refuseChatWrite,
  requireParticipant,
  sendMessage,
  startConversation,
} from "./messages";
export { sendOverSocket } from "./socket-send";
