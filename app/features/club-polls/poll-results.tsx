import { formatDayTime } from "@worker/core/shared/date-format";
import type { PollView } from "@worker/features/club-polls";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";

/** An option as people read it: a book's title and author, a slot's day and time (on the club's clock, where it was set), or the label. */
export function useOptionName(timeZone: string) {
  const t = useT();
  const reader = useReader();
  return (option: PollView["options"][number]) =>
    option.startsAt !== null
      ? formatDayTime(option.startsAt, { ...reader, timeZone })
      : option.author
        ? t("{title} by {author}", { title: option.label, author: option.author })
        : option.label;
}

/** One row of tallies as bars: native <progress> elements, no chart code. */
function Tallies({ tallies, names, total }: { tallies: { optionId: string; votes: number }[]; names: Map<string, string>; total: number }) {
  const t = useT();
  return (
    <ul className="space-y-2">
      {tallies.map((tally) => (
        <li key={tally.optionId}>
          <div className="flex justify-between gap-3 text-sm">
            <span dir="auto" className="min-w-0 break-words">
              {names.get(tally.optionId)}
            </span>
            <span className="shrink-0 tabular-nums">{t("{count, plural, one {# vote} other {# votes}}", { count: tally.votes })}</span>
          </div>
          {/* A native bar: the page's CSP allows no inline styles, and the numbers beside it say it all. */}
          <progress className="block h-2 w-full accent-brand-700" max={Math.max(total, 1)} value={tally.votes} aria-hidden="true" />
        </li>
      ))}
    </ul>
  );
}

/** The count: the winner, then the tallies; for ranked choice every runoff round and who was eliminated. */
export function PollResults({ poll }: { poll: PollView }) {
  const t = useT();
  const name = useOptionName(poll.timeZone);
  const result = poll.result;
  if (!result) return <p className="text-stone-700">{t("Results are hidden until the poll closes.")}</p>;
  const names = new Map(poll.options.map((option) => [option.optionId, name(option)]));
  const winner = result.winnerId ? names.get(result.winnerId) : null;
  return (
    <div className="space-y-4">
      <p className="font-medium break-words">
        {winner ? (poll.isOpen ? t("Leading: {option}", { option: winner }) : t("Winner: {option}", { option: winner })) : t("No ballots yet.")}
        {result.tie ? ` ${t("(a tie, decided by the listed order)")}` : ""}
      </p>
      {result.rounds ? (
        <ol className="space-y-4">
          {result.rounds.map((round, index) => {
            const counting = round.tallies.reduce((sum, tally) => sum + tally.votes, 0);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rounds are a fixed, ordered list
              <li key={index} className="space-y-2">
                <h3 className="font-semibold">{t("Round {number}", { number: index + 1 })}</h3>
                <Tallies tallies={round.tallies} names={names} total={counting} />
                {round.exhausted > 0 && (
                  <p className="text-sm text-stone-700">
                    {t("{count, plural, one {# ballot with no candidate left} other {# ballots with no candidate left}}", { count: round.exhausted })}
                  </p>
                )}
                {round.eliminated && (
                  <p className="text-sm break-words">
                    {t("Eliminated: {option}", { option: names.get(round.eliminated) })}
                    {round.tieBroken ? ` ${t("(tied for fewest: fewer first-round votes, then listed later)")}` : ""}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      ) : (
        <Tallies tallies={result.tallies} names={names} total={result.ballots} />
      )}
    </div>
  );
}
