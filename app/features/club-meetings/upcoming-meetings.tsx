import type { MeetingView } from "@worker/features/club-meetings";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { MeetingTime } from "./meeting-time";

/** The club page's "Upcoming meetings": the next few, each with who is coming, and a link to them all. */
export function UpcomingMeetings({ summary }: { summary: { clubId: string; items: MeetingView[]; more: boolean } }) {
  const t = useT();
  const href = `/clubs/${summary.clubId}/meetings`;
  return (
    <section aria-labelledby="upcoming-meetings-heading" className="card space-y-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="upcoming-meetings-heading" className="font-serif text-2xl font-semibold">
          {t("Upcoming meetings")}
        </h2>
        <Link to={href} className="text-sm font-medium text-brand-700 hover:underline">
          {t("All meetings")}
        </Link>
      </div>
      {summary.items.length === 0 ? (
        <p className="text-stone-700">{t("No meetings are planned yet.")}</p>
      ) : (
        <ul className="space-y-2">
          {summary.items.map((meeting) => (
            <li key={meeting.meetingId} className="min-w-0 break-words">
              <MeetingTime meeting={meeting} />
              {meeting.cancelled && <span className="ms-2 font-semibold text-red-800">{t("Cancelled")}</span>}
              <span className="block text-sm text-stone-700">
                {meeting.place || t("Online")} · {t("{going} going, {maybe} maybe", { going: meeting.counts.going, maybe: meeting.counts.maybe })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {summary.more && (
        <Link to={href} className="text-sm font-medium text-brand-700 hover:underline">
          {t("More meetings")}
        </Link>
      )}
    </section>
  );
}
