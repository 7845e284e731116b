import type { TextSegment } from "@worker/core/shared/search-text";

/**
 * A search result's title or name with the words searched for in <mark>: the server cut the original text into
 * segments (worker/core/shared/search-text.ts markMatches, only where a word matched); here they are rendered as text.
 * A function, not a component: the card's script stays as small as it was.
 */
export const marked = (segments: TextSegment[] | undefined, text: string) =>
  // biome-ignore lint/suspicious/noArrayIndexKey: a text's segments have no identity but their place
  segments ? segments.map((segment, i) => (segment.mark ? <mark key={i}>{segment.text}</mark> : segment.text)) : text;
