import { isValidEan13, isValidIsbn13 } from "@worker/core/shared/isbn";
import { msg, type Translate } from "@worker/core/shared/translate";
import type { GoogleMetadata } from "@worker/db/schema";
import type { Book } from "@worker/features/books/book-columns";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { Dialog } from "~/ui/dialog";
import { BookCover } from "./book-cover";
import { coverAlt } from "./cover-alt";
import { addBookByIsbn, lookUpIsbn, recordCover } from "./isbn-scan-api";
import { useBarcodeScan } from "./use-barcode-scan";

export const CAMERA_ERROR = msg("Could not access the camera. Please ensure camera permissions are granted.");
export const POINT_CAMERA = msg("Point the camera at the barcode on the back cover");
export const NOT_AN_ISBN = msg("That barcode isn't an ISBN. Scan the barcode that starts with 978 or 979.");
const READER_ERROR = msg("The barcode reader could not be loaded. Please try again.");

type Phase =
  | { kind: "scanning"; notIsbn: boolean }
  | { kind: "looking-up"; isbn: string }
  | { kind: "found"; isbn: string; record: GoogleMetadata; adding: boolean; error: string | null }
  | { kind: "unknown"; isbn: string }
  | { kind: "added"; book: Book }
  | { kind: "owned"; bookId: string };

const SCANNING: Phase = { kind: "scanning", notIsbn: false };

function statusText(t: Translate, phase: Phase, camera: ReturnType<typeof useBarcodeScan>["state"]): string {
  switch (phase.kind) {
    case "scanning":
      if (camera === "camera-error") return t(CAMERA_ERROR);
      if (camera === "reader-error") return t(READER_ERROR);
      if (camera === "starting") return t("Starting the camera…");
      return t(phase.notIsbn ? NOT_AN_ISBN : POINT_CAMERA);
    case "looking-up":
      return t("Found ISBN {isbn}. Looking it up…", { isbn: phase.isbn });
    case "found":
      return phase.error !== null ? t(phase.error) : phase.adding ? t("Adding…") : t("Found ISBN {isbn}.", { isbn: phase.isbn });
    case "unknown":
      return t("We couldn't find details for ISBN {isbn}.", { isbn: phase.isbn });
    case "added":
      return t("Added {title}.", { title: phase.book.title });
    case "owned":
      return t("You already have this book.");
  }
}

/**
 * Scan ISBN: the camera's live preview, read until an ISBN shows, then what the metadata services
 * know about it and "Add this book". The camera runs only while scanning, and stops when a code is
 * found or the dialog closes. Loaded on the first press of "Scan ISBN" (see scan-isbn-button).
 */
export function IsbnScannerDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded?: (book: Book) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const primary = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const [phase, setPhase] = useState<Phase>(SCANNING);
  const [attempt, setAttempt] = useState(0);

  const onCode = useCallback((code: string) => {
    if (!isValidEan13(code)) return "continue";
    if (!isValidIsbn13(code)) {
      // A price or shop barcode: say so once, and keep looking for the ISBN.
      setPhase((current) => (current.kind === "scanning" && !current.notIsbn ? { kind: "scanning", notIsbn: true } : current));
      return "continue";
    }
    setPhase({ kind: "looking-up", isbn: code });
    return "stop";
  }, []);
  const camera = useBarcodeScan(video, open && phase.kind === "scanning", onCode, attempt);

  const lookingUp = phase.kind === "looking-up" ? phase.isbn : null;
  useEffect(() => {
    if (!lookingUp) return;
    let current = true;
    void lookUpIsbn(lookingUp).then((record) => {
      if (!current) return;
      setPhase(record ? { kind: "found", isbn: lookingUp, record, adding: false, error: null } : { kind: "unknown", isbn: lookingUp });
    });
    return () => {
      current = false;
    };
  }, [lookingUp]);

  // Keyboard and screen-reader users land on the next step's main action.
  useEffect(() => {
    if (phase.kind !== "scanning" && phase.kind !== "looking-up") primary.current?.focus();
  }, [phase.kind]);

  function scanAgain() {
    setPhase(SCANNING);
    setAttempt((n) => n + 1);
  }

  async function add(found: Extract<Phase, { kind: "found" }>) {
    setPhase({ ...found, adding: true, error: null });
    const result = await addBookByIsbn(found.isbn);
    if (result.kind === "added") {
      setPhase({ kind: "added", book: result.book });
      onAdded?.(result.book);
    } else if (result.kind === "owned") setPhase({ kind: "owned", bookId: result.bookId });
    else if (result.kind === "unknown") setPhase({ kind: "unknown", isbn: found.isbn });
    else setPhase({ ...found, adding: false, error: result.message });
  }

  const status = statusText(t, phase, camera.state);
  const cameraFailed = phase.kind === "scanning" && (camera.state === "camera-error" || camera.state === "reader-error");
  const adding = phase.kind === "found" && phase.adding;

  return (
    <Dialog open={open} onClose={onClose} title={t("Scan ISBN")} busy={adding}>
      <div data-engine={camera.engine ?? undefined} className="space-y-4">
        <video
          ref={video}
          muted
          playsInline
          aria-label={t("Camera preview")}
          hidden={phase.kind !== "scanning" || cameraFailed}
          className="aspect-[4/3] w-full rounded-lg bg-stone-900 object-cover"
        />
        <p
          role="status"
          aria-live="polite"
          className={`text-sm font-medium ${cameraFailed || (phase.kind === "found" && phase.error) ? "text-red-800" : "text-stone-800"}`}
        >
          {status}
        </p>

        {phase.kind === "found" && (
          <div className="flex gap-4">
            <div className="w-24 shrink-0">
              <BookCover
                src={recordCover(phase.record)}
                title={phase.record.volumeInfo.title ?? ""}
                alt={coverAlt(t, phase.record.volumeInfo.title ?? "", phase.record.volumeInfo.authors?.join(", "))}
                eager
                className="rounded"
              />
            </div>
            <div className="min-w-0 space-y-1">
              <h3 dir="auto" className="font-serif text-xl font-semibold">
                {phase.record.volumeInfo.title}
              </h3>
              {phase.record.volumeInfo.authors?.length ? <p className="text-stone-700">{phase.record.volumeInfo.authors.join(", ")}</p> : null}
              <p className="text-sm text-stone-600">{t("ISBN {isbn}", { isbn: phase.isbn })}</p>
            </div>
          </div>
        )}

        <div className="flex flex-wrap justify-end gap-3">
          {phase.kind === "found" && (
            <>
              <button type="button" className="btn btn-secondary" onClick={scanAgain} disabled={adding}>
                {t("Scan again")}
              </button>
              <button ref={primary} type="button" className="btn btn-primary" onClick={() => void add(phase)} disabled={adding}>
                {adding ? t("Adding…") : t("Add this book")}
              </button>
            </>
          )}
          {phase.kind === "unknown" && (
            <>
              <button type="button" className="btn btn-secondary" onClick={scanAgain}>
                {t("Scan again")}
              </button>
              <Link ref={primary} to={`/books/new?isbn=${phase.isbn}`} className="btn btn-primary" onClick={onClose}>
                {t("Add it by hand")}
              </Link>
            </>
          )}
          {phase.kind === "owned" && (
            <>
              <button type="button" className="btn btn-secondary" onClick={scanAgain}>
                {t("Scan again")}
              </button>
              <Link ref={primary} to={`/books/${phase.bookId}`} className="btn btn-primary" onClick={onClose}>
                {t("Open it")}
              </Link>
            </>
          )}
          {phase.kind === "added" && (
            <>
              <Link to={`/books/${phase.book.bookId}`} className="btn btn-secondary" onClick={onClose}>
                {t("Open it")}
              </Link>
              <button ref={primary} type="button" className="btn btn-primary" onClick={scanAgain}>
                {t("Scan another")}
              </button>
            </>
          )}
          {cameraFailed && (
            <button type="button" className="btn btn-secondary" onClick={scanAgain}>
              {t("Try again")}
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={adding}>
            {phase.kind === "added" ? t("Done") : t("Close")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
