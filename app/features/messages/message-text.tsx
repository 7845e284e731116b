import { messageParts } from "./message-links";

/**
 * A message's (or a comment's) words, its web addresses as links: built as React elements, never as
 * HTML. A link opens in a new tab, gives that site no handle on this page (noopener), and carries no
 * endorsement (nofollow ugc: a member wrote it, not BookClub). It keeps its own language and direction.
 */
export function MessageText({ content }: { content: string }) {
  // Isolated: an English message on an Arabic page (or the other way round) reads in its own direction.
  return (
    <bdi>
      {messageParts(content).map((part, index) =>
        "url" in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never reorder
          <a key={index} href={part.url} target="_blank" rel="noopener nofollow ugc" className="underline">
            {part.url}
          </a>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}
