import type { MeetingView } from "@worker/features/club-meetings";
import { Form, useNavigation } from "react-router";
import { useT } from "~/core/i18n";
import { SelectField, TextAreaField, TextField } from "~/ui/field";

/**
 * Schedule (or edit) a meeting: the date and time as the club's wall clock, in its zone, which the
 * form names; a place or an https video link; a note; the milestone it discusses, when the club's
 * current book has some. Plain HTML fields: the server checks everything and answers per field.
 */
export function MeetingForm({
  clubTimeZone,
  milestones,
  errors,
  meeting,
}: {
  clubTimeZone: string;
  milestones: { milestoneId: string; label: string }[];
  errors?: Partial<Record<string, string>>;
  /** The meeting being edited; none when scheduling. */
  meeting?: MeetingView;
}) {
  const t = useT();
  const navigation = useNavigation();
  const intent = meeting ? "edit" : "schedule";
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("meetingId") === (meeting?.meetingId ?? null);
  const shown = errors ?? {};
  const prefix = meeting ? `meeting-${meeting.meetingId}` : "new-meeting";
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {meeting && <input type="hidden" name="meetingId" value={meeting.meetingId} />}
      <p className="text-sm text-stone-700">{t("Date and time in the club's timezone, {zone}.", { zone: clubTimeZone.replaceAll("_", " ") })}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={`${prefix}-date`}
          label={t("Date")}
          name="date"
          type="date"
          required
          defaultValue={meeting?.localDate}
          error={shown.date}
          className="field min-h-11 w-full"
        />
        <TextField
          id={`${prefix}-time`}
          label={t("Time")}
          name="time"
          type="time"
          required
          defaultValue={meeting?.localTime ?? "19:00"}
          error={shown.time}
          className="field min-h-11 w-full"
        />
        <TextField
          id={`${prefix}-duration`}
          label={t("Length (minutes)")}
          name="durationMinutes"
          type="number"
          inputMode="numeric"
          min={15}
          max={720}
          step={5}
          defaultValue={meeting?.durationMinutes ?? 90}
          error={shown.durationMinutes}
          className="field min-h-11 w-full"
        />
      </div>
      <TextField
        id={`${prefix}-place`}
        label={t("Place")}
        hint={t("Where you meet, or leave empty for a video call.")}
        name="place"
        maxLength={200}
        defaultValue={meeting?.place}
        error={shown.place}
        className="field min-h-11 w-full"
      />
      <TextField
        id={`${prefix}-video`}
        label={t("Video link")}
        hint={t("An https:// address.")}
        name="videoUrl"
        type="url"
        maxLength={500}
        defaultValue={meeting?.videoUrl ?? ""}
        error={shown.videoUrl}
        className="field min-h-11 w-full"
      />
      {milestones.length > 0 && (
        <SelectField
          id={`${prefix}-milestone`}
          label={t("Discussing")}
          name="milestoneId"
          defaultValue={meeting?.milestone?.milestoneId ?? ""}
          error={shown.milestoneId}
          className="field min-h-11 w-full"
        >
          <option value="">{t("No particular milestone")}</option>
          {milestones.map((milestone) => (
            <option key={milestone.milestoneId} value={milestone.milestoneId}>
              {milestone.label}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField
        id={`${prefix}-note`}
        label={t("Note")}
        name="note"
        rows={3}
        maxLength={2000}
        defaultValue={meeting?.note}
        error={shown.note}
        className="field w-full"
      />
      {shown.form && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {shown.form}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
          {meeting ? (busy ? t("Saving…") : t("Save meeting")) : busy ? t("Scheduling…") : t("Schedule meeting")}
        </button>
      </div>
    </Form>
  );
}
