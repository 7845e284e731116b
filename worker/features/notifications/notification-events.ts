import type { Reader } from "@worker/core/shared/date-format";
import { isLanguage, type Language, SOURCE_LANGUAGE } from "@worker/core/shared/languages";
import type { Translate } from "@worker/core/shared/translate";
import type { NotificationKey } from "@worker/db/schema";

// The shapes notify() and the e-mail outbox share, apart from both so that neither imports the other.

/**
 * Every event the bell and e-mail carry, and the preference (docs/product.md#notifications)
 * that governs it. `null`: the event answers something the member asked for, or needs them to act
 * (a loan request, an accept, a waitlist offer), so it is always shown in the bell; its e-mail
 * still follows the master switch. README "Notifications" documents this table.
 */
export const NOTIFICATION_PREFERENCE = {
  loan_requested: null,
  loan_accepted: null,
  loan_declined: null,
  loan_cancelled: null,
  loan_lent: null,
  loan_returned: null,
  loan_due_date_changed: null,
  loan_renewal_requested: null,
  loan_disowned: null,
  loan_due_soon: "reminder_due_date",
  loan_due_today: "reminder_due_date",
  loan_overdue: "reminder_due_date",
  waitlist_offer: null,
  club_join_request: "new_member_in_your_club",
  club_join_approved: null,
  club_new_member: "new_member_in_your_club",
  message_received: "dm_message_received",
  followed_member_new_books: "new_book_from_followed_user",
  book_comment: "comment_on_your_book",
  club_meeting_soon: "club_announcement",
  club_meeting_changed: "club_announcement",
  club_meeting_cancelled: "club_announcement",
  club_poll_opened: "club_announcement",
  club_poll_closed: "club_announcement",
  club_announcement: "club_announcement",
  club_room_messages: "club_announcement",
  wanted_available: "wanted_book_nearby",
} as const satisfies Record<string, NotificationKey | null>;
export type NotificationType = keyof typeof NOTIFICATION_PREFERENCE;

/**
 * Events that ring the bell but are never e-mailed. A club room is a group chat: mailing each message
 * to every member would flood inboxes (and write an outbox row per member per message). The bell
 * item counts them up; what an admin wants everyone to read is an announcement, which is mailed.
 */
export const BELL_ONLY: ReadonlySet<NotificationType> = new Set(["club_room_messages"]);

/** A member's language for what is written to them (users.language): their own choice, else English. */
export const recipientLanguage = (language: string | null | undefined): Language => (isLanguage(language) ? language : SOURCE_LANGUAGE);

/**
 * Whom a notification's words are written for: the recipient's own language (users.language; none is
 * English), never the language of the request that produced the event, and where their dates are
 * written (their language's Intl locale, their zone).
 */
export interface RecipientReader extends Reader {
  t: Translate;
  language: Language;
}

/**
 * A bell item's (and its e-mail's) title or body. A string is shown exactly as given: what a member
 * wrote, a book's title. A function writes the text for its recipient, in their language, when the
 * item is stored: it gets the recipient's translator and returns that translator's text, e.g. the
 * catalogue's "{name} asked to join {club}" with the name and the club; dates come from
 * worker/core/shared/date-format.ts with the recipient's `locale` and `timeZone`.
 */
export type NotificationText = string | ((recipient: RecipientReader) => string);

/** One event for one member. */
export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: NotificationText;
  body?: NotificationText;
  /** The in-app path the item opens, e.g. `/loans?tab=requests`. */
  link: string;
  actorId?: string | null;
  /** The actor's name, when the producer has it at hand: the message e-mail then names them without a read. */
  actorName?: string;
  /**
   * Names the event, so producing it again changes nothing (a retried alarm, a repeated step):
   * e.g. `loan:{id}:accepted`, `loan:{id}:due_soon:2026-12-11`.
   */
  dedupeKey: string;
  /**
   * Repeats add up instead of being ignored (new messages in one conversation): the row counts
   * them, moves to the top and becomes unread again.
   */
  accumulate?: boolean;
  /**
   * Its e-mail (and push) waits until `until` and gathers every later event with the same `key` into
   * one, written with the latest words: a book's comments, a meeting's edits within the hour.
   */
  gather?: { key: string; until: number };
  /**
   * A club's mail to all its members (an announcement, a new poll): at most one such e-mail per member,
   * club and UTC day goes at once; the rest of the day gather into one digest sent the next day.
   */
  clubMail?: { clubId: string; clubName: string };
}

/** A stored notification that the member will see, its texts as written for them, with what e-mail needs to address them. */
export interface DeliveredNotification extends Omit<NotificationInput, "title" | "body"> {
  id: string;
  title: string;
  body?: string;
  /** How many events the row now stands for. */
  count: number;
  /**
   * Where it goes, by the member's grid and master switch: `inBell` (listed in the bell), `sendEmail`,
   * `sendPush` (only when they have a device for pushes: most have none, so no push work then).
   */
  recipient: {
    email: string;
    name: string;
    preference: NotificationKey | null;
    language: Language;
    inBell: boolean;
    sendEmail: boolean;
    sendPush: boolean;
  };
}
