export { dmApi } from "./api";
export { blocksDeletionPart, hasBlocked, requireNotBlocked } from "./blocks";
export { countUnreadMessages, type ConversationSummary } from "./conversation-list";
export { conversationSocket } from "./conversation-socket";
export { conversationsDataPart, conversationsDeletionPart } from "./conversations-account";
export { signOutOpenTabs, tellMembers } from "./inbox-stubs";
export { memberSocket } from "./member-socket";
export { postLoanLine, requireParticipant, sendMessage, startConversation } from "./messages";
export { conversationRoom } from "./room-stubs";
