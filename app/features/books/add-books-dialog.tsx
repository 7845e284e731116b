import { MAX_IMAGES_PER_DIALOG } from "@worker/core/shared/upload-rules";
import type { Book } from "@worker/features/books/book-columns";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "~/core/i18n";
import { useToast } from "~/ui/toaster";
import { type BatchProgress, uploadBatch } from "./batch-upload";
import { ImagePicker } from "./image-picker";
import { ScanIsbnButton } from "./scan-isbn-button";

/** The Add Books dialog: pick up to ten covers, upload them one at a time, watch the progress. */
export function AddBooksDialog({
  open,
  onClose,
  onBookAdded,
  onFinished,
  incoming,
}: {
  /** Photos shared from the gallery, added as if picked. */
  incoming?: File[];
  open: boolean;
  onClose: () => void;
  onBookAdded: (book: Book) => void;
  onFinished: () => void;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const { notify } = useToast();
  const revalidator = useRevalidator();
  const uploading = progress !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  async function upload() {
    if (files.length === 0) {
      setError(t("Please upload at least one book image."));
      return;
    }
    setError(null);
    try {
      const result = await uploadBatch(files, setProgress, onBookAdded, () => notify("error", t("Failed to upload one of the images")));
      notify(
        result.succeeded > 0 ? "success" : "error",
        t("{total, plural, other {Added {succeeded}/# book(s).}}", { succeeded: result.succeeded, total: result.total }),
      );
      setFiles([]);
      onFinished();
    } catch {
      notify("error", t("Failed to upload images"));
    } finally {
      setProgress(null);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="add-books-title"
      className="m-auto w-[min(42rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/50"
      onCancel={(event) => {
        // React passes the scanner dialog's own Escape up to here; that one closes only the scanner.
        if (event.target !== event.currentTarget) return;
        if (uploading) event.preventDefault();
        else onClose();
      }}
    >
      <div className="space-y-4 p-5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="add-books-title" className="font-serif text-2xl font-semibold">
              {t("Add Books")}
            </h2>
            <p className="text-sm text-stone-700">{t("Photograph the covers; we read the title and author for you.")}</p>
          </div>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={uploading}>
            {t("Close")}
          </button>
        </div>
        <ImagePicker
          files={files}
          onChange={(next) => {
            setFiles(next);
            setError(null);
          }}
          max={MAX_IMAGES_PER_DIALOG}
          disabled={uploading}
          incoming={incoming}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        {progress && (
          <div role="status" className="space-y-1 rounded-lg bg-stone-100 p-3 text-sm">
            <p className="font-semibold">{t("Uploading {index}/{total}", { index: progress.index, total: progress.total })}</p>
            <p>{t("{succeeded} succeeded · {failed} failed", { succeeded: progress.succeeded, failed: progress.failed })}</p>
            <progress className="h-2 w-full" max={progress.total} value={progress.succeeded + progress.failed} />
          </div>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <ScanIsbnButton
            onAdded={(book) => {
              onBookAdded(book);
              // The shelf's count and order come from the server.
              void revalidator.revalidate();
            }}
          />
          <button type="button" className="btn btn-primary" onClick={upload} disabled={uploading}>
            {uploading ? t("Uploading…") : t("{count, plural, =0 {Upload images} one {Upload # image} other {Upload # images}}", { count: files.length })}
          </button>
        </div>
      </div>
    </dialog>
  );
}
