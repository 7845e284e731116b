import type { NotificationKey } from "@worker/db/schema";

/**
 * What each unsubscribe link turns off, as it reads in "Unsubscribe from … e-mails" and on the
 * unsubscribe page's "Turn off … e-mails for …?". `emailOptIn`: events with no preference of
 * their own, whose link turns off the master switch.
 */
export const EMAIL_TOPICS: Record<NotificationKey | "emailOptIn", string> = {
  new_book_from_followed_user: "new book",
  comment_on_your_book: "book comment",
  reminder_due_date: "due date reminder",
  new_member_in_your_club: "club member",
  club_announcement: "club announcement",
  dm_message_received: "direct message",
  emailOptIn: "all BookClub",
};

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

function render(subject: string, paragraphs: string[], action: string, topic: string, links: EmailLinks): EmailContent {
  const footer = [`Unsubscribe from ${topic} e-mails: ${links.unsubscribe}`, `All e-mail settings: ${links.settings}`];
  const text = [...paragraphs, `${action}: ${links.item}`, "--", ...footer].join("\n\n");
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = [
    '<div style="font-family:sans-serif;font-size:16px;line-height:1.5;color:#1c1917">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`),
    `<p>${link(links.item, action)}</p>`,
    '<hr style="border:none;border-top:1px solid #d6d3d1">',
    `<p style="font-size:13px;color:#57534e">${link(links.unsubscribe, `Unsubscribe from ${topic} e-mails`)} · ${link(links.settings, "All e-mail settings")}</p>`,
    "</div>",
  ].join("\n");
  return { subject: snippetOf(subject, SUBJECT_MAX), text, html };
}

/** One notification (a loan step, a club event) as an e-mail: its title, its body, a link to it. */
export function notificationEmail(input: { title: string; body: string; topic: string; links: EmailLinks }): EmailContent {
  return render(input.title, [input.title, input.body].filter(Boolean), "Open in BookClub", input.topic, input.links);
}

/** A conversation's new messages, however many arrived while the e-mail waited: one e-mail for them all. */
export function messagesEmail(input: { count: number; senderName: string; snippet: string; topic: string; links: EmailLinks }): EmailContent {
  const { count, senderName } = input;
  const subject = count === 1 ? `New message from ${senderName}` : `${count} new messages from ${senderName}`;
  const intro = count === 1 ? `${senderName} sent you a message on BookClub.` : `${senderName} sent you ${count} new messages on BookClub.`;
  return render(subject, [intro, count === 1 ? `"${input.snippet}"` : `Latest: "${input.snippet}"`], count === 1 ? "Read it" : "Read them", input.topic, input.links);
}
