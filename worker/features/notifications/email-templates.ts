import { directionOf, type Language } from "@worker/core/shared/languages";
import type { Translate } from "@worker/core/shared/translate";
import type { NotificationType } from "./notification-events";
import { UNSUBSCRIBE_FROM } from "./unsubscribe-texts";
import type { UnsubscribePreference } from "./unsubscribe-tokens";

/**
 * Whom an e-mail is written for: its recipient's language (users.language; none is English) and its
 * translator (`await translatorFor(language)`), never the language of the request that sent it.
 */
export interface Recipient {
  t: Translate;
  language: Language;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** Links every e-mail carries, already absolute. */
export interface EmailLinks {
  /** The item the e-mail is about. */
  item: string;
  unsubscribe: string;
  settings: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Subjects are one line: a title with a line break (or a header injection attempt) is flattened. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A message's first 120 characters on one line, for the e-mail and the bell. */
export function snippetOf(content: string, max = 120): string {
  const flat = oneLine(content);
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** A subject is one line that mail clients can show: member-typed names and titles in it never make it longer. */
export const SUBJECT_MAX = 150;

function render(
  { t, language }: Recipient,
  subject: string,
  paragraphs: string[],
  action: string,
  preference: UnsubscribePreference,
  links: EmailLinks,
): EmailContent {
  // Each footer link says what it turns off: the link's own preference, or every e-mail.
  const unsubscribe = t(UNSUBSCRIBE_FROM, { topic: preference });
  const settings = t("All e-mail settings");
  const footer = [`${unsubscribe}: ${links.unsubscribe}`, `${settings}: ${links.settings}`];
  const text = [...paragraphs, `${action}: ${links.item}`, "--", ...footer].join("\n\n");
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    `<div lang="${language}" dir="${directionOf(language)}" style="font-family:sans-serif;font-size:16px;line-height:1.5;color:#1c1917">`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`),
    `<p>${link(links.item, action)}</p>`,
    '<hr style="border:none;border-top:1px solid #d6d3d1">',
    `<p style="font-size:13px;color:#57534e">${link(links.unsubscribe, unsubscribe)} · ${link(links.settings, settings)}</p>`,
    "</div>",
  ].join("\n");
  return { subject: snippetOf(subject, SUBJECT_MAX), text, html };
}

/** One notification (a loan step, a club event) as an e-mail: its title, its body (both already written for the recipient), a link to it. */
export function notificationEmail(
  recipient: Recipient,
  input: { title: string; body: string; preference: UnsubscribePreference; links: EmailLinks },
): EmailContent {
  const { t } = recipient;
  return render(recipient, input.title, [input.title, input.body].filter(Boolean), t("Open in BookClub"), input.preference, input.links);
}

/** A conversation's new messages, however many arrived while the e-mail waited: one e-mail for them all. */
export function messagesEmail(
  recipient: Recipient,
  input: { count: number; senderName: string; snippet: string; preference: UnsubscribePreference; links: EmailLinks },
): EmailContent {
  const { t } = recipient;
  const { count, senderName: name, snippet } = input;
  const subject = t("{count, plural, one {New message from {name}} other {# new messages from {name}}}", { count, name });
  const intro = t("{count, plural, one {{name} sent you a message on BookClub.} other {{name} sent you # new messages on BookClub.}}", { count, name });
  const quoted = t('{count, plural, one {"{snippet}"} other {Latest: "{snippet}"}}', { count, snippet });
  const action = t("{count, plural, one {Read it} other {Read them}}", { count });
  return render(recipient, subject, [intro, quoted], action, input.preference, input.links);
}

/**
 * Events gathered while their e-mail waited (a book's comments, a meeting's edits): one e-mail with the
 * latest event's words and how many there were.
 */
export function gatheredEmail(
  recipient: Recipient,
  input: { count: number; type: NotificationType; title: string; body: string; preference: UnsubscribePreference; links: EmailLinks },
): EmailContent {
  const { t } = recipient;
  const { count, title, body } = input;
  if (count <= 1) return notificationEmail(recipient, input);
  if (input.type === "book_comment") {
    const subject = t("{count, plural, one {# new comment on your book} other {# new comments on your book}}", { count });
    return render(recipient, subject, [subject, t("Latest: {title}", { title }), body], t("Open in BookClub"), input.preference, input.links);
  }
  if (input.type === "wanted_available") {
    const subject = t("{count, plural, one {# book you want is available near you} other {# books you want are available near you}}", { count });
    return render(recipient, subject, [subject, t("Latest: {title}", { title }), body], t("Open in BookClub"), input.preference, input.links);
  }
  const changes = t("{count, plural, one {It changed once; this is how it stands now:} other {It changed # times; this is how it stands now:}}", { count });
  return render(recipient, title, [title, changes, body].filter(Boolean), t("Open in BookClub"), input.preference, input.links);
}

/** A club's announcements and new polls past the day's first, in one e-mail sent the next day. */
export function clubDigestEmail(
  recipient: Recipient,
  input: { clubName: string; items: { title: string; body: string }[]; total: number; preference: UnsubscribePreference; links: EmailLinks },
): EmailContent {
  const { t } = recipient;
  const { total, clubName: club } = input;
  const subject = t("{count, plural, one {# more update from {club}} other {# more updates from {club}}}", { count: total, club });
  const listed = input.items.map((item) => [item.title, item.body].filter(Boolean).join("\n"));
  const rest = total - input.items.length;
  return render(
    recipient,
    subject,
    [
      subject,
      ...listed,
      ...(rest > 0 ? [t("{count, plural, one {and # more} other {and # more}}", { count: rest })] : []),
      t("BookClub sends one e-mail a day per club for announcements and new polls; the rest come together the next day."),
    ],
    t("Open in BookClub"),
    input.preference,
    input.links,
  );
}
