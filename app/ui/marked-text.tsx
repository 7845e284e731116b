import type { TextSegment } from "@worker/core/shared/search-text";

/**
 * A search result's title or name with the words searched for in <mark>: the server cut the original text into
 * segments (worker/core/shared/search-text.ts markMatches); here they are only rendered, as text.
 */
export function MarkedText({ segments, text }: { segments: TextSegment[] | undefined; text: string }) {
  if (!segments?.some((segment) => segment.mark)) return text;
  // The segments never change order for one text: their place is their key.
  return segments.map((segment, i) =>
    segment.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a text's segments have no other identity
      <mark key={i} className="rounded-sm bg-amber-200 text-inherit">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}
