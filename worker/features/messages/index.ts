export { blocksDeletionPart, hasBlocked, requireNotBlocked } from "./blocks";
export { countUnreadMessages, type ConversationSummary, unreadMessagesStatement } from "./conversation-list";
export { conversationSocket } from "./conversation-socket";
export { conversationsDataPart, conversationsDeletionPart } from "./conversations-account";
export { memberSocket } from "./member-socket";
export { postLoanLine, requireParticipant, sendMessage, startConversation } from "./messages";
export { postLoanRequestLine } from "./message-events";
export { sendOverSocket } from "./socket-send";
