export { BlockMemberDialog } from "./block-member-dialog";
export { ComposerField } from "./composer-field";
export { announceDmUpdate, DM_LIST_EVENT, DM_UPDATED_EVENT, type DmUpdate, isOpenConversation, noteReadThrough, unreadOf } from "./dm-events";
export { MessageText } from "./message-text";
