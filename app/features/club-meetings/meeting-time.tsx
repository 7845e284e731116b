import { formatDayTime } from "@worker/core/shared/date-format";
import { timeZoneLabel } from "@worker/core/shared/time-zones";
import type { MeetingView } from "@worker/features/club-meetings";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";

/**
 * When a meeting is, in the reader's own zone; when the club meets in another zone, its own wall time
 * too ("19:00 in Lisbon"), since that is the time the admins announced and people say.
 */
export function MeetingTime({ meeting }: { meeting: Pick<MeetingView, "startsAt" | "timeZone" | "durationMinutes"> }) {
  const t = useT();
  const reader = useReader();
  const mine = formatDayTime(meeting.startsAt, reader);
  const sameZone = reader.timeZone === meeting.timeZone;
  return (
    <span>
      <time dateTime={new Date(meeting.startsAt).toISOString()} className="font-semibold">
        {mine}
      </time>
      {!sameZone && (
        <span className="text-stone-700">
          {` ${t("(club's time: {time}, {zone})", { time: formatDayTime(meeting.startsAt, { ...reader, timeZone: meeting.timeZone }), zone: timeZoneLabel(meeting.timeZone) })}`}
        </span>
      )}
      <span className="text-stone-700">{` · ${t("{minutes} min", { minutes: meeting.durationMinutes })}`}</span>
    </span>
  );
}
