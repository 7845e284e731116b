import type { Book } from "@worker/features/books/book-columns";
import { useState } from "react";
import { useT } from "~/core/i18n";

type ScannerDialog = typeof import("./isbn-scanner-dialog").IsbnScannerDialog;

// Only the browser opens the scanner: the server build leaves the dialog out, and with it ZXing's
// glue and WASM, which would otherwise ride in the page Worker's upload (docs/decisions/017-barcode-worker.md).
const loadScanner = import.meta.env.SSR ? null : () => import("./isbn-scanner-dialog");

/**
 * "Scan ISBN": all a page carries of the scanner. The dialog, the barcode reader and ZXing's WASM
 * load on the first press (a dynamic import), so no page's initial JavaScript grows with them, and
 * the camera is asked for only then.
 */
export function ScanIsbnButton({ onAdded, className = "btn btn-secondary" }: { onAdded?: (book: Book) => void; className?: string }) {
  const t = useT();
  const [Scanner, setScanner] = useState<ScannerDialog | null>(null);
  const [open, setOpen] = useState(false);
  // Each opening is a new scan: a fresh dialog state, not the last book found.
  const [session, setSession] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function openScanner() {
    if (loading) return;
    setError(null);
    if (!Scanner) {
      setLoading(true);
      try {
        if (!loadScanner) return;
        const loaded = await loadScanner();
        setScanner(() => loaded.IsbnScannerDialog);
      } catch {
        setError(t("The scanner could not be loaded. Please try again."));
        return;
      } finally {
        setLoading(false);
      }
    }
    setSession((n) => n + 1);
    setOpen(true);
  }

  // Not disabled while loading: a disabled button loses focus, and the dialog gives focus back to its opener.
  return (
    <>
      <button type="button" className={className} onClick={() => void openScanner()} aria-busy={loading || undefined} aria-haspopup="dialog">
        {loading ? t("Opening scanner…") : t("Scan ISBN")}
      </button>
      {error && (
        <span role="alert" className="text-sm font-medium text-red-800">
          {error}
        </span>
      )}
      {/* Closing keeps it mounted so focus returns to this button; the camera stops with open=false. */}
      {Scanner && <Scanner key={session} open={open} onClose={() => setOpen(false)} onAdded={onAdded} />}
    </>
  );
}
