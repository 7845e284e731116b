import { ServiceError } from "@worker/core/errors";
import { reasonPhrase } from "@worker/core/http/reason-phrase";
import { translate } from "@worker/core/i18n/request-language";
import { idSchema } from "@worker/core/shared/id";
import {
  answerMeeting,
  cancelMeeting,
  createCalendarFeed,
  createMeeting,
  meetingInputSchema,
  meetingUpdateSchema,
  revokeCalendarFeed,
  rsvpInputSchema,
  updateMeeting,
} from "@worker/features/club-meetings";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { actionError, type FormErrors, fieldErrors, refuse } from "~/core/action-result.server";
import { numberField, readFormData, textField } from "~/core/form-data.server";
import { memberContext } from "~/core/route-context.server";

const INTENTS = ["schedule", "edit", "cancel", "rsvp", "feed-create", "feed-revoke"] as const;

/** The form's fields as the schemas take them (an empty field is "not given"). */
function meetingFields(form: FormData) {
  const field = (name: string) => textField(form, name);
  return {
    date: field("date"),
    time: field("time"),
    // Blank is the default length; the schema takes a number (the API takes no text for it).
    durationMinutes: numberField(form, "durationMinutes") ?? undefined,
    place: field("place"),
    videoUrl: field("videoUrl"),
    note: field("note"),
    milestoneId: field("milestoneId"),
  };
}

/**
 * The meetings page's forms, each one service call (the same the API makes): schedule, edit, cancel,
 * answer, and the calendar feed. Answers carry the meeting they were about, so the page shows a
 * refusal beside that meeting.
 */
export async function meetingIntentAction({ request, context, clubId }: { request: Request; context: Readonly<RouterContextProvider>; clubId: string }) {
  const ctx = memberContext(context);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    return actionError(error);
  }
  const intent = z.enum(INTENTS).safeParse(textField(form, "intent"));
  if (!intent.success) return refuse({ form: translate("Unknown action.") }, 400);
  const meetingId = idSchema.safeParse(textField(form, "meetingId"));
  const about = { intent: intent.data, meetingId: meetingId.success ? meetingId.data : null };
  const refused = (errors: FormErrors, status: number) => data({ ok: false as const, errors, ...about }, { status, statusText: reasonPhrase(status) });
  try {
    switch (intent.data) {
      case "schedule": {
        const input = meetingInputSchema.safeParse(meetingFields(form));
        if (!input.success) return refused(fieldErrors(input.error), 400);
        await createMeeting(ctx, clubId, input.data);
        return { ok: true as const, ...about, message: translate("Meeting scheduled.") };
      }
      case "edit": {
        if (!about.meetingId) return refused({ form: translate("Which meeting?") }, 400);
        const input = meetingUpdateSchema.safeParse(meetingFields(form));
        if (!input.success) return refused(fieldErrors(input.error), 400);
        await updateMeeting(ctx, clubId, about.meetingId, input.data);
        return { ok: true as const, ...about, message: translate("Meeting saved.") };
      }
      case "cancel":
        if (!about.meetingId) return refused({ form: translate("Which meeting?") }, 400);
        await cancelMeeting(ctx, clubId, about.meetingId);
        return { ok: true as const, ...about, message: translate("Meeting cancelled.") };
      case "rsvp": {
        const answer = rsvpInputSchema.safeParse({ answer: textField(form, "answer") });
        if (!about.meetingId || !answer.success) return refused({ form: translate("Choose going, maybe or not going.") }, 400);
        await answerMeeting(ctx, clubId, about.meetingId, answer.data.answer);
        return { ok: true as const, ...about, message: translate("Answer saved.") };
      }
      case "feed-create": {
        const feed = await createCalendarFeed(ctx, new URL(request.url).origin);
        return { ok: true as const, ...about, message: translate("Your calendar feed address is ready."), feedUrl: feed.url };
      }
      case "feed-revoke":
        await revokeCalendarFeed(ctx);
        return { ok: true as const, ...about, message: translate("Your calendar feed is stopped.") };
    }
  } catch (error) {
    if (error instanceof ServiceError) return refused({ form: error.message }, error.status);
    console.error("A meetings form failed", error);
    return refused({ form: translate("Something went wrong. Please try again.") }, 500);
  }
}
