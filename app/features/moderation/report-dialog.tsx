import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from "@worker/core/shared/reports";
import { useId } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { Dialog } from "~/ui/dialog";
import { TextAreaField } from "~/ui/field";
import { FieldError } from "~/ui/field-error";

/** What is reported: a member, a book, one message of a conversation the viewer is in, or a comment under a book. */
export type ReportTarget =
  | { subject: "member"; userId: string }
  | { subject: "book"; bookId: string }
  | { subject: "message"; conversationId: string; messageId: string }
  | { subject: "comment"; commentId: string }
  | { subject: "club_message"; clubId: string; messageId: string };

type ReportResult = { ok: true; message: string } | { ok: false; errors: Record<string, string> };

/**
 * The report form in a dialog: a reason from the fixed list and optional details, posted to /report.
 * The reporter is thanked in the dialog; the reported member is told nothing. Give it a `key` per
 * target so a second report starts from an empty form. A page showing it names "moderation" among
 * its loader's catalogues.
 */
export function ReportDialog({ open, onClose, target, title }: { open: boolean; onClose: () => void; target: ReportTarget; title: string }) {
  const t = useT();
  const fetcher = useFetcher<ReportResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const errorId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={busy}
      title={title}
      description={t("Moderators review every report. The member you report is not told who reported them.")}
    >
      {open &&
        (result?.ok ? (
          <div className="space-y-4">
            <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
              {result.message}
            </p>
            <div className="flex justify-end border-t border-stone-200 pt-4">
              <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
                {t("Close")}
              </button>
            </div>
          </div>
        ) : (
          <fetcher.Form method="post" action="/report" className="space-y-4">
            {Object.entries(target).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <fieldset className="space-y-2">
              <legend className="mb-1 font-medium">{t("Reason")}</legend>
              {REPORT_REASONS.map((reason, index) => (
                <label key={reason} className="flex items-center gap-2">
                  <input type="radio" name="reason" value={reason} required defaultChecked={index === 0} data-autofocus={index === 0 || undefined} />
                  {t(REPORT_REASON_LABELS[reason])}
                </label>
              ))}
            </fieldset>
            {/* The refusal below is the whole report's (a reason, the rate limit): the details point at it without being marked invalid. */}
            <TextAreaField
              label={t("Details (optional)")}
              describedBy={[result && !result.ok && errorId]}
              name="details"
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              className="field w-full"
            />
            <FieldError id={errorId} message={result && !result.ok ? Object.values(result.errors)[0] : undefined} />
            <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
              <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
                {t("Cancel")}
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {busy ? t("Sending…") : t("Send report")}
              </button>
            </div>
          </fetcher.Form>
        ))}
    </Dialog>
  );
}
