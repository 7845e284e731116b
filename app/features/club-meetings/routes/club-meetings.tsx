import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { meetingsPage } from "@worker/features/club-meetings";
import { isRouteErrorResponse, Link } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { BackArrow } from "~/ui/icons";
import { PrevNext } from "~/ui/prev-next";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { CalendarFeedPanel } from "../calendar-feed-panel";
import { MeetingCard } from "../meeting-card";
import { MeetingForm } from "../meeting-form";
import { meetingIntentAction } from "../meeting-intents.server";
import type { Route } from "./+types/club-meetings";

const CLUB_NOT_FOUND = msg("Club not found");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const url = new URL(request.url);
  try {
    const page = await meetingsPage(ctx, params.clubId, { upcoming: url.searchParams.get("upcoming"), past: url.searchParams.get("past") });
    return {
      ...page,
      title: translate("Meetings — {club} — BookClub", { club: page.club.name }),
      catalogue: await pageMessages(context, "club-meetings"),
    };
  } catch (error) {
    // A private club's meetings are its members' only: everyone else gets the 404 of no club at all.
    if (error instanceof ServiceError && error.status === 404) throw refusal(translate(CLUB_NOT_FOUND), 404);
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return meetingIntentAction({ request, context, clubId: params.clubId });
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? "BookClub" }, { name: "robots", content: "noindex" }];
}

type Answer = { ok: boolean; intent?: string; meetingId?: string | null; errors?: Record<string, string>; message?: string; feedUrl?: string };

export default function ClubMeetings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { club, viewer, upcoming, past, milestones, feed } = loaderData;
  const answer = actionData as Answer | undefined;
  const errorsFor = (intent: string, meetingId: string | null) =>
    answer && !answer.ok && answer.intent === intent && (answer.meetingId ?? null) === meetingId ? answer.errors : undefined;
  const cardErrors = (meetingId: string) => errorsFor("edit", meetingId) ?? errorsFor("rsvp", meetingId) ?? errorsFor("cancel", meetingId);
  const card = (meeting: (typeof upcoming.items)[number], isUpcoming: boolean) => (
    <MeetingCard
      key={meeting.meetingId}
      meeting={meeting}
      clubId={club.clubId}
      isMember={viewer.isMember}
      canManage={viewer.canManage}
      upcoming={isUpcoming}
      milestones={milestones}
      errors={cardErrors(meeting.meetingId)}
    />
  );
  return (
    <div className="space-y-6">
      <Link to={`/clubs/${club.clubId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to {name}", { name: club.name })}
      </Link>
      <h1 className="break-words font-serif text-3xl font-bold">{t("{club}: meetings", { club: club.name })}</h1>
      {answer?.ok && answer.message && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          {answer.message}
        </p>
      )}

      {viewer.canManage && (
        <details className="card p-5" open={Boolean(errorsFor("schedule", null))}>
          <summary className="cursor-pointer font-serif text-xl font-semibold">{t("Schedule a meeting")}</summary>
          <div className="pt-4">
            <MeetingForm clubTimeZone={club.timeZone} milestones={milestones} errors={errorsFor("schedule", null)} />
          </div>
        </details>
      )}

      <section aria-labelledby="upcoming-heading" className="space-y-3">
        <h2 id="upcoming-heading" className="font-serif text-2xl font-semibold">
          {t("Upcoming")}
        </h2>
        {upcoming.items.length === 0 ? (
          <p className="card p-6 text-center text-stone-700">{t("No meetings are planned yet.")}</p>
        ) : (
          <ul className="space-y-3">{upcoming.items.map((meeting) => card(meeting, true))}</ul>
        )}
        {upcoming.nextToken && <PrevNext prevHref={null} nextHref={`?upcoming=${encodeURIComponent(upcoming.nextToken)}`} />}
      </section>

      {past.items.length > 0 && (
        <section aria-labelledby="past-heading" className="space-y-3">
          <h2 id="past-heading" className="font-serif text-2xl font-semibold">
            {t("Past")}
          </h2>
          <ul className="space-y-3">{past.items.map((meeting) => card(meeting, false))}</ul>
          {past.nextToken && <PrevNext prevHref={null} nextHref={`?past=${encodeURIComponent(past.nextToken)}`} />}
        </section>
      )}

      {viewer.isMember && <CalendarFeedPanel feed={feed} newUrl={answer?.ok && answer.feedUrl ? answer.feedUrl : null} />}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The loader's refusal is written in the reader's language already (this page's messages never loaded).
  const refused = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : CLUB_NOT_FOUND;
  return <RouteErrorBoundary error={error} byStatus={{ 404: refused }} back={{ to: "/clubs", label: msg("Back to Clubs") }} />;
}
