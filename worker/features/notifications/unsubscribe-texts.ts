import { msg } from "@worker/core/shared/translate";

// What an unsubscribe link turns off, as the e-mail's footer and the /unsubscribe page say it: whole
// sentences chosen by the link's preference (`topic`), so each language words every one its own way.
// `other` is the master switch (emailOptIn), the link of events with no preference of their own.
// Shared by the e-mail templates and the page, which must not import the unsubscribe service.

export const UNSUBSCRIBE_FROM = msg(
  "Unsubscribe from {topic, select, new_book_from_followed_user {new book} comment_on_your_book {book comment} reminder_due_date {due date reminder} new_member_in_your_club {club member} club_announcement {club announcement} dm_message_received {direct message} wanted_book_nearby {wanted book} other {all BookClub}} e-mails",
);

export const TURN_OFF = msg(
  "Turn off {topic, select, new_book_from_followed_user {new book} comment_on_your_book {book comment} reminder_due_date {due date reminder} new_member_in_your_club {club member} club_announcement {club announcement} dm_message_received {direct message} wanted_book_nearby {wanted book} other {all BookClub}} e-mails for {email}?",
);

export const UNSUBSCRIBED = msg(
  "You're unsubscribed. {email} will no longer get {topic, select, new_book_from_followed_user {new book} comment_on_your_book {book comment} reminder_due_date {due date reminder} new_member_in_your_club {club member} club_announcement {club announcement} dm_message_received {direct message} wanted_book_nearby {wanted book} other {all BookClub}} e-mails.",
);

export const UNSUBSCRIBED_FROM_ALL = msg("You're unsubscribed. BookClub will no longer e-mail {email}.");
