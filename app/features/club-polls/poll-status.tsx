import { formatDayTime } from "@worker/core/shared/date-format";
import { msg } from "@worker/core/shared/translate";
import type { PollSummary } from "@worker/features/club-polls";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { isolated, slot } from "~/ui/isolate";

export const KIND_LABEL = { book: msg("Next book (ranked choice)"), date: msg("Meeting date"), choice: msg("Multiple choice") } as const;

/** "Open · closes 3 Dec 2026, 19:00", "Open", or "Closed 3 Dec 2026, 19:00", in the reader's zone. */
export function PollStatus({ poll }: { poll: Pick<PollSummary, "isOpen" | "closesAt" | "closedAt"> }) {
  const t = useT();
  const reader = useReader();
  if (poll.isOpen) return <>{poll.closesAt ? t("Open · closes {date}", { date: formatDayTime(poll.closesAt, reader) }) : t("Open")}</>;
  const at = poll.closedAt ?? poll.closesAt;
  return <>{at ? t("Closed {date}", { date: formatDayTime(at, reader) }) : t("Closed")}</>;
}

/** One poll in a list: its question (a link), kind, state, ballots and, once closed, the winner (a date poll's on the club's clock). */
export function PollListItem({ clubId, poll, timeZone }: { clubId: string; poll: PollSummary; timeZone: string }) {
  const t = useT();
  const reader = useReader();
  const winner = poll.winnerStartsAt !== null ? formatDayTime(poll.winnerStartsAt, { ...reader, timeZone }) : poll.winner;
  return (
    <li className="space-y-1 py-3">
      <Link dir="auto" to={`/clubs/${clubId}/polls/${poll.pollId}`} className="font-medium break-words text-brand-700 hover:underline">
        {poll.question}
      </Link>
      <p className="text-sm text-stone-700">
        {`${t(KIND_LABEL[poll.kind])} · `}
        <PollStatus poll={poll} />
        {` · ${t("{count, plural, one {# ballot} other {# ballots}}", { count: poll.ballots })}`}
        {poll.voted ? ` · ${t("You voted")}` : ""}
      </p>
      {!poll.isOpen && winner && <p className="text-sm break-words">{isolated(t("Result: {option}", { option: slot(0) }), [winner])}</p>}
    </li>
  );
}
