import { formatMonth } from "@worker/core/shared/date-format";
import { msg } from "@worker/core/shared/translate";
import type { AnswerStep, BorrowerRecord, LenderRecord } from "@worker/features/loans";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";

const ANSWERS: Record<AnswerStep, string> = {
  hour: msg("Usually answers within an hour"),
  day: msg("Usually answers within a day"),
  three_days: msg("Usually answers within three days"),
  week: msg("Usually answers within a week"),
  longer: msg("Usually takes more than a week to answer"),
};

/** "Tuesday Readers, Night Owls and 2 more", in the reader's way of listing. */
function useClubList() {
  const t = useT();
  const { locale } = useReader();
  return (clubs: { names: string[]; count: number }) => {
    const items = [...clubs.names];
    if (clubs.count > clubs.names.length) items.push(t("{count, plural, other {# more}}", { count: clubs.count - clubs.names.length }));
    return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
  };
}

/** A record's facts on one line, " · " between them (a paragraph: rows of /loans are list items already). */
function Facts({ label, facts }: { label: string; facts: string[] }) {
  return (
    <p className="text-xs text-stone-700">
      <span className="sr-only">{label}: </span>
      {facts.join(" · ")}
    </p>
  );
}

/** What an owner is shown of whoever asks: figures from the ledger, never words about the person. */
export function BorrowerRecordNote({ record }: { record: BorrowerRecord }) {
  const t = useT();
  const reader = useReader();
  const clubs = useClubList();
  const since = formatMonth(record.memberSince, reader);
  const facts = record.isNew
    ? [t("New member, no loans yet")]
    : [
        t("{count, plural, one {# loan completed} other {# loans completed}}", { count: record.loansCompleted }),
        ...(record.loansCompleted > 0 ? [t("{onTime} of {count} on time", { onTime: record.returnedOnTime, count: record.loansCompleted })] : []),
        ...(record.returnedDamaged > 0 ? [t("{count, plural, one {# returned damaged} other {# returned damaged}}", { count: record.returnedDamaged })] : []),
        ...(record.openNow > 0 ? [t("{count, plural, one {# book borrowed now} other {# books borrowed now}}", { count: record.openNow })] : []),
        ...(record.overdueNow > 0 ? [t("{count, plural, one {# overdue now} other {# overdue now}}", { count: record.overdueNow })] : []),
      ];
  facts.push(t("Member since {date}", { date: since }));
  if (record.sharedClubs.count > 0) facts.push(t("In your clubs: {clubs}", { clubs: clubs(record.sharedClubs) }));
  if (record.followsViewer) facts.push(t("Follows you"));
  if (record.viewerFollows) facts.push(t("You follow them"));
  return <Facts label={t("Track record")} facts={facts} />;
}

/** What a borrower is shown of a book's owner as a lender. */
export function LenderRecordNote({ record }: { record: LenderRecord }) {
  const t = useT();
  const clubs = useClubList();
  const facts = [
    record.loansCompleted > 0
      ? t("{count, plural, one {Lent # book and had it back} other {Lent # books and had them back}}", { count: record.loansCompleted })
      : t("Has not lent a book yet"),
  ];
  if (record.usuallyAnswers) facts.push(t(ANSWERS[record.usuallyAnswers]));
  if (record.sharedClubs.count > 0) facts.push(t("Clubs you share: {clubs}", { clubs: clubs(record.sharedClubs) }));
  return <Facts label={t("Track record")} facts={facts} />;
}
