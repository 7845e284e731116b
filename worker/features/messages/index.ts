export { blocksDeletionPart, hasBlocked, requireNotBlocked } from "./blocks";
export { type ConversationSummary, countUnreadMessages, unreadMessagesStatement } from "./conversation-list";
export { conversationSocket } from "./conversation-socket";
export { conversationsDataPart, conversationsDeletionPart } from "./conversations-account";
export { memberSocket } from "./member-socket";
export { pingInboxesOfMessage, postLoanRequestLine, postLoanStepLine, ringRecipientOfMessage } from "./message-events";
export { postLoanLine, requireParticipant, sendMessage, startConversation } from "./messages";
export { sendOverSocket } from "./socket-send";
