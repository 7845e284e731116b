import { publish, subscribe } from "@worker/core/events/registry";
import { tellMembersOfClosedPoll, tellMembersOfNewPoll } from "@worker/features/club-polls";
import { ringMembersOfRoomMessage, tellMembersOfAnnouncement } from "@worker/features/club-room";
import { tellAdminsOfJoinRequest, tellAdminsOfNewMember, tellOfApproval } from "@worker/features/clubs";
import { tellOwnerOfComment } from "@worker/features/comments";
import { noteListedBooks } from "@worker/features/follows";
import { tellMemberOfOffer, tellOtherSideOfStep, tellOwnerOfRequest } from "@worker/features/loans";
import { pingInboxesOfMessage, postLoanRequestLine, postLoanStepLine, ringRecipientOfMessage } from "@worker/features/messages";
import { noteFreedCopy, noteListedCopies, noteMovedArea } from "@worker/features/wanted";

/**
 * What follows each feature event, registered once at module load: worker/index.ts imports this module,
 * as it does worker/jobs.ts. It sits above the features, so the event core (worker/core/events/registry.ts)
 * never imports one, and a publisher never imports the features that react to it.
 */
subscribe({
  "club.announced": { "notifications.club-members": tellMembersOfAnnouncement },
  "club.room_message": { "notifications.club-room-bell": ringMembersOfRoomMessage },
  "club.poll_opened": { "notifications.club-members": tellMembersOfNewPoll },
  "club.poll_closed": { "notifications.club-members": tellMembersOfClosedPoll },
  "loan.requested": { "messages.loan-line": postLoanRequestLine, "notifications.owner": tellOwnerOfRequest },
  "loan.step_taken": { "messages.loan-line": postLoanStepLine, "notifications.other-side": tellOtherSideOfStep },
  "loan.offered": { "notifications.offered-member": tellMemberOfOffer },
  "club.join_requested": { "notifications.club-admins": tellAdminsOfJoinRequest },
  "club.join_approved": { "notifications.member-and-admins": tellOfApproval },
  "club.member_joined": { "notifications.club-admins": tellAdminsOfNewMember },
  "comment.posted": { "notifications.book-owner": tellOwnerOfComment },
  "message.sent": { "messages.inbox-ping": pingInboxesOfMessage, "notifications.recipient": ringRecipientOfMessage },
  "book.listed": { "follows.new-book-notices": noteListedBooks, "wanted.copy-wanters": noteListedCopies },
  "loan.book_free": { "wanted.copy-wanters": noteFreedCopy },
  "geo.area_changed": { "wanted.rematch": noteMovedArea },
});

/** Re-exported so a caller that imports it (tests, scripts) has the subscribers registered too. */
export { publish };
