import { formatMonth, type Reader } from "@worker/core/shared/date-format";
import type { Translate } from "@worker/core/shared/translate";
import type { BorrowerRecord, SharedClubs } from "./loan-records";

// The request's e-mail and chat line say a borrower's record in the words of the /loans rows
// (app/features/loans/loan-records.tsx), from the same catalogue: keep the two in step. The page's
// copy stays in the app so its texts ride with the loans catalogue, not with every page's core one.

/** "Tuesday Readers, Night Owls and 2 more", in the reader's way of listing. */
function clubList(clubs: SharedClubs, t: Translate, locale: string): string {
  const items = [...clubs.names];
  if (clubs.count > clubs.names.length) items.push(t("{count, plural, other {# more}}", { count: clubs.count - clubs.names.length }));
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
}

/**
 * A borrower's record as short phrases. For the owner (the e-mail) as /loans says it; for a text both
 * members read (the chat's line, stored once): no follows, and clubs "you share".
 */
export function borrowerRecordFacts(record: BorrowerRecord, t: Translate, reader: Reader, audience: "owner" | "both"): string[] {
  const facts = record.isNew
    ? [t("New member, no loans yet")]
    : [
        t("{count, plural, one {# loan completed} other {# loans completed}}", { count: record.loansCompleted }),
        ...(record.loansCompleted > 0 ? [t("{onTime} of {count} on time", { onTime: record.returnedOnTime, count: record.loansCompleted })] : []),
        ...(record.openNow > 0 ? [t("{count, plural, one {# book borrowed now} other {# books borrowed now}}", { count: record.openNow })] : []),
        ...(record.overdueNow > 0 ? [t("{count, plural, one {# overdue now} other {# overdue now}}", { count: record.overdueNow })] : []),
      ];
  facts.push(t("Member since {date}", { date: formatMonth(record.memberSince, reader) }));
  if (record.sharedClubs.count > 0) {
    const clubs = clubList(record.sharedClubs, t, reader.locale);
    facts.push(audience === "owner" ? t("In your clubs: {clubs}", { clubs }) : t("Clubs you share: {clubs}", { clubs }));
  }
  if (audience === "owner" && record.followsViewer) facts.push(t("Follows you"));
  if (audience === "owner" && record.viewerFollows) facts.push(t("You follow them"));
  return facts;
}
