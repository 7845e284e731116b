import { msg } from "@worker/core/shared/translate";
import type { MeetingView } from "@worker/features/club-meetings";
import { Form } from "react-router";
import { useI18n } from "~/core/i18n";
import { MeetingForm } from "./meeting-form";
import { MeetingTime } from "./meeting-time";

const ANSWERS = [
  { value: "going", label: msg("Going") },
  { value: "maybe", label: msg("Maybe") },
  { value: "not_going", label: msg("Not going") },
] as const;

/**
 * One meeting: when and where, what it discusses, who is coming (names for the club's members, counts
 * for everyone), the member's answer as three plain submit buttons, the .ics file, and for admins an
 * edit form (in a <details>, no script) and Cancel.
 */
export function MeetingCard({
  meeting,
  clubId,
  isMember,
  canManage,
  upcoming,
  milestones,
  errors,
}: {
  meeting: MeetingView;
  clubId: string;
  isMember: boolean;
  canManage: boolean;
  upcoming: boolean;
  milestones: { milestoneId: string; label: string }[];
  errors?: Partial<Record<string, string>>;
}) {
  const { t, locale } = useI18n();
  const open = upcoming && !meeting.cancelled;
  // "Ann, Bob, Cy" in English; each language's own separators elsewhere.
  const list = new Intl.ListFormat(locale, { style: "short", type: "unit" });
  const names = (answer: string) => (meeting.attendees ?? []).filter((person) => person.answer === answer).map((person) => person.name);
  return (
    <li className="card min-w-0 space-y-3 break-words p-4" aria-labelledby={`meeting-${meeting.meetingId}-when`}>
      <h3 id={`meeting-${meeting.meetingId}-when`} className="text-lg">
        <MeetingTime meeting={meeting} />
        {meeting.cancelled && <span className="ms-2 rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">{t("Cancelled")}</span>}
      </h3>
      <p>
        {meeting.place && (
          <span dir="auto" className="block">
            {meeting.place}
          </span>
        )}
        {meeting.videoUrl && (
          <a href={meeting.videoUrl} rel="noopener noreferrer" target="_blank" className="block break-all font-medium text-brand-700 hover:underline">
            {t("Video call link")}
          </a>
        )}
      </p>
      {meeting.milestone && <p className="text-stone-800">{t("Discussing: {milestone}", { milestone: meeting.milestone.label })}</p>}
      {meeting.note && (
        <p dir="auto" className="whitespace-pre-line text-stone-800">
          {meeting.note}
        </p>
      )}
      <p className="text-sm text-stone-700">
        {t("{going} going · {maybe} maybe · {notGoing} not going", {
          going: meeting.counts.going,
          maybe: meeting.counts.maybe,
          notGoing: meeting.counts.notGoing,
        })}
      </p>
      {meeting.attendees && meeting.attendees.length > 0 && (
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
          {ANSWERS.filter((answer) => names(answer.value).length > 0).map((answer) => (
            <div key={answer.value} className="contents">
              <dt className="font-semibold">{t(answer.label)}</dt>
              <dd>{list.format(names(answer.value))}</dd>
            </div>
          ))}
        </dl>
      )}
      {isMember && open && (
        <Form method="post" className="flex flex-wrap items-center gap-2" aria-label={t("Your answer")}>
          <input type="hidden" name="intent" value="rsvp" />
          <input type="hidden" name="meetingId" value={meeting.meetingId} />
          {ANSWERS.map((answer) => (
            <button
              key={answer.value}
              type="submit"
              name="answer"
              value={answer.value}
              aria-pressed={meeting.myAnswer === answer.value}
              className={`btn min-h-11 ${meeting.myAnswer === answer.value ? "btn-primary" : "btn-secondary"}`}
            >
              {t(answer.label)}
            </button>
          ))}
        </Form>
      )}
      {errors?.form && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {isMember && (
          <a
            href={`/api/clubs/${clubId}/meetings/${meeting.meetingId}/calendar.ics`}
            download="meeting.ics"
            className="font-medium text-brand-700 hover:underline"
          >
            {t("Add to calendar (.ics)")}
          </a>
        )}
        {canManage && open && (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="meetingId" value={meeting.meetingId} />
            <button type="submit" className="btn btn-danger min-h-11">
              {t("Cancel meeting")}
            </button>
          </Form>
        )}
      </div>
      {canManage && open && (
        <details open={Boolean(errors && !errors.form)}>
          <summary className="cursor-pointer font-medium text-brand-700">{t("Edit meeting")}</summary>
          <div className="pt-3">
            <MeetingForm clubTimeZone={meeting.timeZone} milestones={milestones} meeting={meeting} errors={errors} />
          </div>
        </details>
      )}
    </li>
  );
}
