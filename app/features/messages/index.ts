export { BlockMemberDialog } from "./block-member-dialog";
export { ComposerField } from "./composer-field";
export { MessageText } from "./message-text";
export { DM_LIST_EVENT, DM_UPDATED_EVENT, announceDmUpdate, isOpenConversation, noteReadThrough, unreadOf, type DmUpdate } from "./dm-events";
