export { BlockMemberDialog } from "./block-member-dialog";
export { DM_LIST_EVENT, DM_UPDATED_EVENT, announceDmUpdate, isOpenConversation, noteReadThrough, unreadOf, type DmUpdate } from "./dm-events";
