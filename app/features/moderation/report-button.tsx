import { lazy, Suspense, useState } from "react";
import { useT } from "~/core/i18n";
import type { ReportTarget } from "./report-dialog";

// Most readers never report anything: the dialog's code comes when the button is pointed at or pressed.
const loadDialog = () => import("./report-dialog");
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));
const preload = () => void loadDialog();

/** "Report" and its dialog, for a page that reports one thing (a member's profile, a book). */
export function ReportButton({ target, title, describedBy }: { target: ReportTarget; title: string; describedBy?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // A new form each time it opens, so a second report does not start from the first one's thanks.
  const [round, setRound] = useState(0);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        aria-describedby={describedBy}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setRound((n) => n + 1);
          setOpen(true);
        }}
      >
        {t("Report")}
      </button>
      {round > 0 && (
        <Suspense>
          <ReportDialog key={round} open={open} onClose={() => setOpen(false)} target={target} title={title} />
        </Suspense>
      )}
    </>
  );
}
