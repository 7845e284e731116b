import { Link } from "react-router";
import type { PollSummary } from "@worker/features/club-polls";
import { formatDayTime } from "@worker/core/shared/date-format";
import { useReader } from "~/core/use-reader";

export const KIND_LABEL = { book: "Next book (ranked choice)", date: "Meeting date", choice: "Multiple choice" } as const;

/** "Open · closes 3 Dec 2026, 19:00", "Open", or "Closed 3 Dec 2026, 19:00", in the reader's zone. */
export function PollStatus({ poll }: { poll: Pick<PollSummary, "isOpen" | "closesAt" | "closedAt"> }) {
  const reader = useReader();
  if (poll.isOpen) return <>{poll.closesAt ? `Open · closes ${formatDayTime(poll.closesAt, reader)}` : "Open"}</>;
  const at = poll.closedAt ?? poll.closesAt;
  return <>{at ? `Closed ${formatDayTime(at, reader)}` : "Closed"}</>;
}

/** One poll in a list: its question (a link), kind, state, ballots and, once closed, the winner. */
export function PollListItem({ clubId, poll }: { clubId: string; poll: PollSummary }) {
  return (
    <li className="space-y-1 py-3">
      <Link to={`/clubs/${clubId}/polls/${poll.pollId}`} className="font-medium break-words text-brand-700 hover:underline">
        {poll.question}
      </Link>
      <p className="text-sm text-stone-700">
        {`${KIND_LABEL[poll.kind]} · `}
        <PollStatus poll={poll} />
        {` · ${poll.ballots} ${poll.ballots === 1 ? "ballot" : "ballots"}`}
        {poll.voted ? " · You voted" : ""}
      </p>
      {!poll.isOpen && poll.winner && <p className="text-sm break-words">{`Result: ${poll.winner}`}</p>}
    </li>
  );
}
