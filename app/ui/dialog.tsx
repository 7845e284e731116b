import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { withoutDialog } from "~/core/use-url-dialog";

interface DialogProps {
  open: boolean;
  /** Called once when the dialog closes by itself (Escape, or a form with method="dialog"). */
  onClose: () => void;
  title: string;
  description?: string;
  /** While true, Escape does not close the dialog (e.g. a save is under way). */
  busy?: boolean;
  children: React.ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes back to the first (and Shift+Tab from the first to the last): the
 * modal makes the page inert, but the browser would otherwise move focus out to its own toolbar.
 */
function keepTabInside(event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The one modal primitive: a native <dialog> opened with showModal(), so the browser makes the
 * rest of the page inert and Escape closes it; Tab wraps around inside it. It is labelled by its heading,
 * moves focus to the first field marked `data-autofocus` (else the first focusable element), and
 * gives focus back to the control that opened it.
 *
 * A dialog that is open on the server is rendered with the `open` attribute, so its form shows and
 * posts before hydration; once hydrated it is reopened as a modal.
 */
export function Dialog({ open, onClose, title, description, busy = false, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const headingId = useId();
  const descriptionId = useId();
  // Only the first render sets the attribute; afterwards showModal() and close() own it.
  const [openOnFirstRender] = useState(open);
  const latest = useRef({ open, onClose });
  useEffect(() => {
    latest.current = { open, onClose };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(":modal")) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && !dialog.contains(active) && active !== document.body ? active : null;
      if (dialog.open) dialog.close(); // rendered open by the server: reopen as a modal
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>("[data-autofocus]");
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function restoreFocus() {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }

  return (
    <dialog
      ref={ref}
      open={openOnFirstRender || undefined}
      aria-labelledby={headingId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/50"
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={(event) => {
        // The close event is queued: a server-rendered dialog reopened as a modal has already reopened.
        if (event.currentTarget.open) return;
        restoreFocus();
        // The dialog closed itself (Escape): tell the owner. A close the owner asked for is not echoed.
        if (latest.current.open) latest.current.onClose();
      }}
    >
      <div className="space-y-4 p-5">
        <div className="flex items-start justify-between gap-4">
          <div className="space-y-1">
            <h2 id={headingId} className="font-serif text-2xl font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} dir="auto" className="text-sm text-stone-700">
                {description}
              </p>
            )}
          </div>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/**
 * A button that opens a page's dialog by putting it in the address (see useUrlDialog): a GET form,
 * so it opens the server-rendered dialog before hydration too. Other query parameters are kept.
 */
export function OpenDialogButton({
  dialog,
  club,
  className = "btn btn-secondary",
  describedBy,
  loadsData = false,
  children,
}: {
  dialog: string;
  /** The dialog shows data the page's loader reads for it (Manage Join Requests): load it on opening. */
  loadsData?: boolean;
  club?: string;
  className?: string;
  /** What the button acts on, e.g. the card's heading, when the label alone ("Edit") is not enough. */
  describedBy?: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const kept = [...new URLSearchParams(withoutDialog(location.search))];
  return (
    <Form method="get" action={location.pathname} replace preventScrollReset defaultShouldRevalidate={loadsData} className="contents">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="dialog" value={dialog} />
      {club && <input type="hidden" name="club" value={club} />}
      <button type="submit" className={className} aria-haspopup="dialog" aria-describedby={describedBy}>
        {children}
      </button>
    </Form>
  );
}
