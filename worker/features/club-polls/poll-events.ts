import type { EventOf } from "@worker/core/events/registry";
import { translatorsFor } from "@worker/core/i18n/request-language";
import type { Deps } from "@worker/core/service-context";
import { formatDayTime } from "@worker/core/shared/date-format";
import { DEFAULT_REGION_LOCALE, isLanguage, type Language } from "@worker/core/shared/languages";
import { msg, type Translate } from "@worker/core/shared/translate";
import { memberships, users } from "@worker/db/schema";
import { notify, snippetOf, tellClubMembers } from "@worker/features/notifications";
import { and, eq } from "drizzle-orm";

declare module "@worker/core/events/registry" {
  interface FeatureEvents {
    /** A poll opened in a club (its creator is the actor). */
    "club.poll_opened": { clubId: string; clubName: string; pollId: string; question: string; actorId: string; at: number };
    /**
     * A poll closed, once (its count is stored); `winnerLabel` is the winning option's, null when no ballot was cast; a date
     * poll's winning slot is `winnerStartsAt`, in the club's `timeZone`; the actor is its creator; `closedBy` the admin who
     * closed it by hand (null: its close time came).
     */
    "club.poll_closed": {
      clubId: string;
      pollId: string;
      question: string;
      winnerLabel: string | null;
      winnerStartsAt?: number | null;
      timeZone?: string;
      actorId: string | null;
      closedBy: string | null;
      at: number;
    };
  }
}

/** Members but the poll's creator hear of it (club_poll_opened, under "Club announcements"), deduped per poll. */
export function tellMembersOfNewPoll(deps: Deps, event: EventOf<"club.poll_opened">): Promise<void> {
  return tellClubMembers(deps, {
    kind: "club",
    type: "club_poll_opened",
    clubId: event.clubId,
    clubName: event.clubName,
    actorId: event.actorId,
    dedupeKey: `club-poll:${event.pollId}:opened`,
    link: `/clubs/${event.clubId}/polls/${event.pollId}`,
    title: { message: msg("New poll in {club}"), values: { club: snippetOf(event.clubName, 60) } },
    body: snippetOf(event.question),
    at: event.at,
  });
}

/**
 * Every active member hears the result (club_poll_closed), deduped per poll, but the admin who closed it: they know. A
 * winning date is written as every date is: in the recipient's language, on the club's clock (the one the slots were set on).
 */
export function tellMembersOfClosedPoll(deps: Deps, event: EventOf<"club.poll_closed">): Promise<void> {
  const winnerFor = (language: Language) =>
    event.winnerStartsAt != null
      ? formatDayTime(event.winnerStartsAt, { locale: DEFAULT_REGION_LOCALE[language], timeZone: event.timeZone ?? "UTC" })
      : event.winnerLabel;
  return tellMembers(
    deps,
    event.clubId,
    event.closedBy,
    (userId, t, language) => ({
      userId,
      type: "club_poll_closed",
      title: t("Poll closed: {question}", { question: snippetOf(event.question, 80) }),
      body: event.winnerLabel !== null ? t("The result: {option}", { option: snippetOf(winnerFor(language)!, 80) }) : t("No ballots were cast."),
      link: `/clubs/${event.clubId}/polls/${event.pollId}`,
      // The title quotes the opener's question: a member who blocked them is not sent it.
      actorId: event.actorId,
      dedupeKey: `club-poll:${event.pollId}:closed`,
    }),
    event.at,
  );
}

/**
 * The club's active members but one, in chunks of 50: each chunk is one notify() call. Each event is
 * written in its recipient's language (`t`; English when they chose none).
 */
async function tellMembers(
  deps: Deps,
  clubId: string,
  exceptId: string | null,
  event: (userId: string, t: Translate, language: Language) => Parameters<typeof notify>[1][number],
  now: number,
) {
  const rows = await deps.db
    .select({ userId: memberships.userId, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.clubId, clubId), eq(memberships.status, "active")));
  const recipients = rows
    .filter((row) => row.userId !== exceptId)
    .map((row) => ({ userId: row.userId, language: (isLanguage(row.language) ? row.language : "en") as Language }));
  const languages = new Set(recipients.map((recipient) => recipient.language));
  const translators = await translatorsFor(languages);
  for (let i = 0; i < recipients.length; i += 50) {
    await notify(
      deps,
      recipients.slice(i, i + 50).map((recipient) => event(recipient.userId, translators.get(recipient.language)!, recipient.language)),
      now,
    );
  }
}
