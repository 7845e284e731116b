import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import {
  canModerate,
  dismissReport,
  hideReportedContent,
  listOpenReports,
  listSuspendedMembers,
  suspendFromReport,
  unsuspendMember,
  type OpenReport,
} from "@worker/features/moderation/moderation";
import { REPORT_REASON_LABELS, type ReportReason } from "@worker/core/shared/reports";
import { actionError, refuse } from "~/core/action-result.server";
import { FieldError } from "~/ui/field-error";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { readFormData } from "~/core/form-data.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/moderation";
import { idSchema } from "@worker/core/shared/id";
import { formatDayTime } from "@worker/core/shared/date-format";
import { useReader } from "~/core/use-reader";

const NOT_FOUND = "Page not found";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Moderation — BookClub" }, { name: "robots", content: "noindex" }];
}

/** Moderators only; everyone else (members included) gets the ordinary 404. */
function moderatorContext(context: Route.LoaderArgs["context"]) {
  const ctx = memberContext(context);
  if (!canModerate(ctx)) throw refusal(NOT_FOUND, 404);
  return ctx;
}

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = moderatorContext(context);
  const [reports, suspended] = await Promise.all([listOpenReports(ctx), listSuspendedMembers(ctx)]);
  return { reports, suspended };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["dismiss", "hide", "suspend"]), reportId: idSchema }),
  z.object({ intent: z.literal("unsuspend"), userId: idSchema }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = moderatorContext(context);
  try {
    const parsed = intentSchema.safeParse(Object.fromEntries(await readFormData(request)));
    if (!parsed.success) return refuse({ form: "Please choose an action." }, 400);
    const input = parsed.data;
    if (input.intent === "unsuspend") {
      await unsuspendMember(ctx, input.userId);
      return { ok: true as const, message: "The suspension was lifted." };
    }
    if (input.intent === "dismiss") await dismissReport(ctx, input.reportId);
    else if (input.intent === "hide") await hideReportedContent(ctx, input.reportId);
    else await suspendFromReport(ctx, input.reportId);
    const done = { dismiss: "Report dismissed.", hide: "Hidden. The report is closed.", suspend: "Member suspended. Their reports are closed." };
    return { ok: true as const, message: done[input.intent] };
  } catch (error) {
    return actionError(error);
  }
}

const SUBJECT_LABELS = { member: "Member", book: "Book", message: "Message", comment: "Comment", club_message: "Club room message" } as const;
const HIDE_LABELS = { member: "", book: "Hide book", message: "Hide message", comment: "Hide comment", club_message: "Hide message" } as const;

function ReportItem({ report }: { report: OpenReport }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("reportId") === report.reportId;
  const headingId = `report-${report.reportId}`;
  const reader = useReader();
  const reason = REPORT_REASON_LABELS[report.reason as ReportReason] ?? report.reason;
  return (
    <li className="card space-y-3 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {SUBJECT_LABELS[report.subject]}: {reason}
        </h3>
        <time dateTime={new Date(report.createdAt).toISOString()} className="text-sm text-stone-600">
          {formatDayTime(report.createdAt, reader)}
        </time>
      </div>
      <p className="text-sm text-stone-700">
        Reported member: <Link to={`/users/${report.subjectUser.id}`} className="font-medium text-brand-700 hover:underline">{report.subjectUser.name}</Link>
        {report.subjectUser.suspended && " (suspended)"} · Reported by {report.reporter.name}
      </p>
      {report.snapshot && (
        <blockquote className="rounded-lg border-s-4 border-stone-300 bg-stone-50 p-3 break-words whitespace-pre-wrap">{report.snapshot}</blockquote>
      )}
      {report.details && <p className="break-words whitespace-pre-wrap">Details: {report.details}</p>}
      {(report.subject === "book" || report.subject === "comment") && report.bookId && !report.bookHidden && (
        <p className="text-sm">
          <Link to={report.subject === "comment" ? `/books/${report.bookId}#comments` : `/books/${report.bookId}`} className="font-medium text-brand-700 hover:underline">
            Open the book
          </Link>
        </p>
      )}
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="reportId" value={report.reportId} />
        <button type="submit" name="intent" value="dismiss" className="btn btn-secondary" disabled={busy}>
          Dismiss
        </button>
        {report.subject !== "member" && (
          <button type="submit" name="intent" value="hide" className="btn btn-danger" disabled={busy}>
            {HIDE_LABELS[report.subject]}
          </button>
        )}
        {!report.subjectUser.suspended && (
          <button type="submit" name="intent" value="suspend" className="btn btn-danger" disabled={busy}>
            Suspend {report.subjectUser.name}
          </button>
        )}
      </Form>
    </li>
  );
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, suspended } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-8 py-6">
      <h1 className="font-serif text-3xl font-bold">Moderation</h1>
      {actionData?.ok && (
        <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {actionData.message}
        </p>
      )}
      <FieldError message={actionData && !actionData.ok ? Object.values(actionData.errors)[0] : undefined} />
      <section aria-labelledby="open-reports" className="space-y-3">
        <h2 id="open-reports" className="font-serif text-2xl font-semibold">
          Open reports
        </h2>
        {reports.length === 0 ? (
          <p className="text-stone-700">No open reports. Nothing needs your attention.</p>
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
          Suspended members
        </h2>
        {suspended.length === 0 ? (
          <p className="text-stone-700">No member is suspended.</p>
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
                    Lift suspension
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
  return <RouteErrorBoundary error={error} heading="Moderation" byStatus={{ 404: NOT_FOUND }} />;
}
