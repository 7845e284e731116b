import { translate } from "@worker/core/i18n/request-language";
import { formatDayTime } from "@worker/core/shared/date-format";
import { idSchema } from "@worker/core/shared/id";
import { REPORT_REASON_LABELS, type ReportReason } from "@worker/core/shared/reports";
import { msg } from "@worker/core/shared/translate";
import {
  canModerate,
  dismissReport,
  hideReportedContent,
  listOpenReports,
  listSuspendedMembers,
  type OpenReport,
  suspendFromReport,
  unsuspendMember,
} from "@worker/features/moderation/moderation";
import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { z } from "zod";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { useReader } from "~/core/use-reader";
import { FieldError } from "~/ui/field-error";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/moderation";

const NOT_FOUND = msg("Page not found");

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Moderation"} — BookClub` }, { name: "robots", content: "noindex" }];
}

/** Moderators only; everyone else (members included) gets the ordinary 404, written in the reader's language. */
function moderatorContext(context: Route.LoaderArgs["context"]) {
  const ctx = memberContext(context);
  if (!canModerate(ctx)) throw refusal(translate(NOT_FOUND), 404);
  return ctx;
}

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = moderatorContext(context);
  const [reports, suspended, catalogue] = await Promise.all([listOpenReports(ctx), listSuspendedMembers(ctx), pageMessages(context, "moderation")]);
  return { reports, suspended, title: translate("Moderation"), catalogue };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["dismiss", "hide", "suspend"]), reportId: idSchema }),
  z.object({ intent: z.literal("unsuspend"), userId: idSchema }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = moderatorContext(context);
  try {
    const parsed = intentSchema.safeParse(Object.fromEntries(await readFormData(request)));
    if (!parsed.success) return refuse({ form: translate("Please choose an action.") }, 400);
    const input = parsed.data;
    if (input.intent === "unsuspend") {
      await unsuspendMember(ctx, input.userId);
      return { ok: true as const, message: translate("The suspension was lifted.") };
    }
    if (input.intent === "dismiss") await dismissReport(ctx, input.reportId);
    else if (input.intent === "hide") await hideReportedContent(ctx, input.reportId);
    else await suspendFromReport(ctx, input.reportId);
    const done = {
      dismiss: msg("Report dismissed."),
      hide: msg("Hidden. The report is closed."),
      suspend: msg("Member suspended. Their reports are closed."),
    };
    return { ok: true as const, message: translate(done[input.intent]) };
  } catch (error) {
    return actionError(error);
  }
}

const SUBJECT_LABELS = {
  member: msg("Member"),
  book: msg("Book"),
  message: msg("Message"),
  comment: msg("Comment"),
  club_message: msg("Club room message"),
} as const;
const HIDE_LABELS = {
  member: "",
  book: msg("Hide book"),
  message: msg("Hide message"),
  comment: msg("Hide comment"),
  club_message: msg("Hide message"),
} as const;

function ReportItem({ report }: { report: OpenReport }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("reportId") === report.reportId;
  const headingId = `report-${report.reportId}`;
  const reader = useReader();
  const label = REPORT_REASON_LABELS[report.reason as ReportReason];
  const reason = label ? t(label) : report.reason;
  return (
    <li className="card space-y-3 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {t("{subject}: {reason}", { subject: t(SUBJECT_LABELS[report.subject]), reason })}
        </h3>
        <time dateTime={new Date(report.createdAt).toISOString()} className="text-sm text-stone-600">
          {formatDayTime(report.createdAt, reader)}
        </time>
      </div>
      <p className="text-sm text-stone-700">
        {t("Reported member:")}{" "}
        <Link dir="auto" to={`/users/${report.subjectUser.id}`} className="font-medium text-brand-700 hover:underline">
          {report.subjectUser.name}
        </Link>
        {report.subjectUser.suspended && ` ${t("(suspended)")}`} · {t("Reported by {name}", { name: report.reporter.name })}
      </p>
      {report.snapshot && (
        <blockquote className="rounded-lg border-s-4 border-stone-300 bg-stone-50 p-3 break-words whitespace-pre-wrap">{report.snapshot}</blockquote>
      )}
      {report.details && <p className="break-words whitespace-pre-wrap">{t("Details: {details}", { details: report.details })}</p>}
      {(report.subject === "book" || report.subject === "comment") && report.bookId && !report.bookHidden && (
        <p className="text-sm">
          <Link
            to={report.subject === "comment" ? `/books/${report.bookId}#comments` : `/books/${report.bookId}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {t("Open the book")}
          </Link>
        </p>
      )}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="reportId" value={report.reportId} />
        <button type="submit" name="intent" value="dismiss" className="btn btn-secondary" disabled={busy}>
          {t("Dismiss")}
        </button>
        {report.subject !== "member" && (
          <button type="submit" name="intent" value="hide" className="btn btn-danger" disabled={busy}>
            {t(HIDE_LABELS[report.subject])}
          </button>
        )}
        {!report.subjectUser.suspended && (
          <button type="submit" name="intent" value="suspend" className="btn btn-danger" disabled={busy}>
            {t("Suspend {name}", { name: report.subjectUser.name })}
          </button>
        )}
      </Form>
    </li>
  );
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, suspended } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl space-y-8 py-6">
      <h1 className="font-serif text-3xl font-bold">{t("Moderation")}</h1>
      {actionData?.ok && (
        <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {actionData.message}
        </p>
      )}
      <FieldError message={actionData && !actionData.ok ? Object.values(actionData.errors)[0] : undefined} />
      <section aria-labelledby="open-reports" className="space-y-3">
        <h2 id="open-reports" className="font-serif text-2xl font-semibold">
          {t("Open reports")}
        </h2>
        {reports.length === 0 ? (
          <p className="text-stone-700">{t("No open reports. Nothing needs your attention.")}</p>
        ) : (
          <ol className="space-y-3">
            {reports.map((report) => (
              <ReportItem key={report.reportId} report={report} />
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="suspended-members" className="space-y-3">
        <h2 id="suspended-members" className="font-serif text-2xl font-semibold">
          {t("Suspended members")}
        </h2>
        {suspended.length === 0 ? (
          <p className="text-stone-700">{t("No member is suspended.")}</p>
        ) : (
          <ul className="space-y-2">
            {suspended.map((member) => (
              <li key={member.id} className="card flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  {member.name} <span className="text-sm text-stone-600">({member.email})</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="userId" value={member.id} />
                  <button type="submit" name="intent" value="unsuspend" className="btn btn-secondary">
                    {t("Lift suspension")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  // The loader's 404 carries its text already in the reader's language (an error page has no route catalogue).
  const notFound = isRouteErrorResponse(error) && error.status === 404 && typeof error.data === "string" && error.data ? error.data : t(NOT_FOUND);
  return <RouteErrorBoundary error={error} heading={t("Moderation")} byStatus={{ 404: notFound }} />;
}
