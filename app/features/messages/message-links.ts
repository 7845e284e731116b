// http(s) only: a "javascript:" or "data:" text stays text. The scheme must start a word, so
// "xhttps://" is not a link either.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
// Sentence punctuation after a URL ("see https://a.example/x.") belongs to the sentence.
const TRAILING_PUNCTUATION = /[.,;:!?'")\]]+$/;

export type MessagePart = { text: string } | { url: string };

/**
 * A message's text cut into plain text and web addresses, for the thread to draw the addresses as
 * links with React elements: nothing a member writes is ever handed to the page as HTML.
 */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    if (!URL.canParse(url)) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
