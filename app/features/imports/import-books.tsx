// "Import from Goodreads or StoryGraph" on My Books. Loaded only when the member opens it, so the
// library's and My Books' first JavaScript does not carry it. Its texts are the "imports" catalogue,
// which My Books' loader sends.

import { defaultChoice, type ImportChoice, ON_PURPOSE_SHELVES, rowsToAdd, rowsToWant } from "@worker/core/shared/import-choice";
import type { ImportJobView, ImportPreview } from "@worker/features/imports/imports";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError, apiFetch } from "~/core/api-client";
import { useI18n, useT } from "~/core/i18n";
import { Dialog } from "~/ui/dialog";

const SOURCE_NAMES = { goodreads: "Goodreads", storygraph: "StoryGraph" } as const;
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const POLL_MS = 1_000;

function FailedRows({ rows }: { rows: { line: number; title: string; reason: string }[] }) {
  const t = useT();
  if (rows.length === 0) return null;
  return (
    <ul className="max-h-40 list-disc space-y-0.5 overflow-y-auto ps-5 text-sm text-red-800">
      {rows.map((row) => (
        <li key={row.line}>
          {row.title
            ? t("Line {line} ({title}): {reason}", { line: row.line, title: row.title, reason: row.reason })
            : t("Line {line}: {reason}", { line: row.line, reason: row.reason })}
        </li>
      ))}
    </ul>
  );
}

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onStarted: (job: ImportJobView) => void;
}

/** Shelves a member picks on purpose, with a hint saying why they are not ticked. */
const onPurpose = (name: string) => ON_PURPOSE_SHELVES.includes(name);

function ChoiceList({ preview, choice, onChange }: { preview: ImportPreview; choice: ImportChoice; onChange: (next: ImportChoice) => void }) {
  const { t, locale } = useI18n();
  const hintId = useId();
  const ownedHintId = useId();
  const toggleShelf = (name: string, checked: boolean) =>
    onChange({ ...choice, shelves: checked ? [...choice.shelves, name] : choice.shelves.filter((shelf) => shelf !== name) });
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-semibold">{t("Books to import")}</legend>
      <p id={hintId} className="text-sm text-stone-700">
        {t(
          'Other members can ask to borrow every book you import, so only the books you own are ticked. Tick "to-read" or "currently-reading" only for books you have.',
        )}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={choice.owned && preview.ownedRows > 0}
          disabled={preview.ownedRows === 0}
          aria-describedby={ownedHintId}
          onChange={(event) => onChange({ ...choice, owned: event.currentTarget.checked })}
        />
        {t("Books you own ({count, number})", { count: preview.ownedRows })}
      </label>
      <p id={ownedHintId} className="ps-6 text-xs text-stone-700">
        {t("Marked in the export's “{column}” column.", { column: preview.ownedColumn })}
      </p>
      <p className="pt-2 text-sm font-semibold">{t("Shelves to import")}</p>
      {preview.shelves.map((shelf) => (
        <label key={shelf.name} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={choice.shelves.includes(shelf.name)}
            aria-describedby={onPurpose(shelf.name) ? hintId : undefined}
            onChange={(event) => toggleShelf(shelf.name, event.currentTarget.checked)}
          />
          {/* The shelf's own name, as the export spells it. */}
          {shelf.name} ({shelf.count.toLocaleString(locale)})
        </label>
      ))}
    </fieldset>
  );
}

/** "Add the to-read shelf to Wanted", on by default: those rows wait for a copy near the member instead of being dropped. */
function WantedChoice({ preview, checked, onChange }: { preview: ImportPreview; checked: boolean; onChange: (next: boolean) => void }) {
  const t = useT();
  const hintId = useId();
  if (preview.toReadRows === 0) return null;
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input type="checkbox" checked={checked} aria-describedby={hintId} onChange={(event) => onChange(event.currentTarget.checked)} />
        {t("Add the to-read shelf to Wanted ({count, number})", { count: preview.toReadRows })}
      </label>
      <p id={hintId} className="ps-6 text-xs text-stone-700">
        {t("We'll tell you when a member near you lists one of them. They are not added to your shelf.")}
      </p>
    </div>
  );
}

/** "N books will be added", and which ones (the export's owned ones marked), as the member ticks. */
function BooksToAdd({ rows }: { rows: ImportPreview["rows"] }) {
  const t = useT();
  const listId = useId();
  return (
    <div className="space-y-1">
      <p role="status" className="font-semibold">
        {t("{count, plural, one {# book} other {# books}} will be added", { count: rows.length })}
      </p>
      {rows.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">{t("Show the books")}</summary>
          <p id={listId} className="sr-only">
            {t("Books to add")}
          </p>
          <ul aria-labelledby={listId} className="max-h-40 list-disc space-y-0.5 overflow-y-auto ps-5">
            {rows.map((row) => (
              <li dir="auto" key={row.line}>
                {row.title}
                {row.author ? `, ${row.author}` : ""}
                {row.owned ? ` ${t("(owned)")}` : ""}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Upload → preview (rows, owned books, shelves, duplicates, failed lines) → the member picks → confirm. */
function ImportDialog({ open, onClose, onStarted }: ImportDialogProps) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choice, setChoice] = useState<ImportChoice>({ owned: true, shelves: [] });
  const [wanted, setWanted] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The file being read: a change event and the check on mount may both report the same one.
  const picked = useRef<File | null>(null);
  const adding = preview ? rowsToAdd(preview.rows, choice) : [];
  const wanting = preview && wanted ? rowsToWant(preview.rows, choice) : [];

  const reset = () => {
    picked.current = null;
    setFile(null);
    setPreview(null);
    setError(null);
    setChoice({ owned: true, shelves: [] });
    setWanted(true);
  };

  async function choose(next: File | undefined) {
    if (next && next === picked.current) return;
    reset();
    if (!next) return;
    picked.current = next;
    if (next.size > MAX_FILE_BYTES) {
      setError(t("The file is larger than 5 MB. Export fewer shelves, or split the file."));
      return;
    }
    setFile(next);
    setBusy(true);
    const unreadable = t("Could not read the file");
    try {
      const result = await apiFetch("/imports/preview", { method: "POST", body: next, headers: { "Content-Type": "text/csv" } }, unreadable);
      if (picked.current !== next) return;
      setPreview(result);
      setChoice(defaultChoice(result.shelves));
    } catch (caught) {
      if (picked.current === next) setError(caught instanceof ApiError ? caught.message : unreadable);
    } finally {
      setBusy(false);
    }
  }

  // A file picked before the page was interactive (the dialog rendered by the server, a slow phone)
  // fired its change event before React listened: read what the input holds once it does.
  const chooseOnMount = useRef(choose);
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (early) void chooseOnMount.current(early);
  }, []);

  async function confirm() {
    if (!file || adding.length + wanting.length === 0) return;
    setBusy(true);
    setError(null);
    const failed = t("The import could not start");
    try {
      const query = {
        shelves: choice.shelves.join(","),
        owned: String(choice.owned),
        wanted: String(wanting.length > 0),
        fileName: file.name.slice(0, 200),
      };
      const job = await apiFetch("/imports", { method: "POST", query, body: file, headers: { "Content-Type": "text/csv" } }, failed);
      reset();
      onStarted(job);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : failed);
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    reset();
    if (input.current) input.current.value = "";
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      busy={busy}
      title={t("Import from Goodreads or StoryGraph")}
      description={t("Choose the CSV file the site exported (at most 5 MB and 5,000 books).")}
    >
      <div className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={fileId} className="block text-sm font-semibold">
            {t("Export file (CSV)")}
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            data-autofocus
            disabled={busy}
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
            className="block w-full text-sm"
          />
        </div>
        <div aria-live="polite" className="space-y-3">
          {busy && !preview && <p className="text-sm text-stone-700">{t("Reading the file…")}</p>}
          {error && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          )}
          {preview && (
            <div className="space-y-3">
              <h3 className="font-semibold">
                {t("{count, plural, one {# row} other {# rows}} in this {source} export", {
                  count: preview.totalRows,
                  source: SOURCE_NAMES[preview.source],
                })}
              </h3>
              <p className="text-sm text-stone-700">
                {t(
                  "{newBooks, plural, one {# new book} other {# new books}}, {alreadyOwned, plural, one {# book} other {# books}} already on your shelf, {duplicates, plural, one {# duplicate} other {# duplicates}} in the file, {failed, plural, one {# failed row} other {# failed rows}}.",
                  { newBooks: preview.newBooks, alreadyOwned: preview.alreadyOwned, duplicates: preview.duplicatesInFile, failed: preview.failed.length },
                )}
              </p>
              <ChoiceList preview={preview} choice={choice} onChange={setChoice} />
              <WantedChoice preview={preview} checked={wanted} onChange={setWanted} />
              <BooksToAdd rows={adding} />
              {preview.toReadRows > 0 && (
                <p className="text-sm font-semibold">
                  {t("{shelf, plural, one {# book} other {# books}} to your shelf, {wanted, plural, one {# book} other {# books}} to Wanted", {
                    shelf: adding.length,
                    wanted: wanting.length,
                  })}
                </p>
              )}
              <FailedRows rows={preview.failed} />
            </div>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
            {t("Cancel")}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void confirm()} disabled={!preview || adding.length + wanting.length === 0 || busy}>
            {t("Import books")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** The job's progress on My Books, polled each second; `onProgress` brings the new books in. */
function ImportProgress({ job: started, onProgress, onDismiss }: { job: ImportJobView; onProgress: () => void; onDismiss: () => void }) {
  const t = useT();
  const [job, setJob] = useState(started);
  const [error, setError] = useState<string | null>(null);
  const done = job.state === "done";
  const lastAdded = useRef(started.addedBooks);
  // The page's callback changes as it re-renders; the polling loop must not restart for that.
  const progress = useRef(onProgress);
  // Likewise the words it shows when a check fails, in the page's current language.
  const unchecked = t("Could not check the import");
  const checkFailed = useRef(unchecked);
  useEffect(() => {
    progress.current = onProgress;
    checkFailed.current = unchecked;
  });

  useEffect(() => {
    if (done) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const next = await apiFetch("/imports/:jobId", { params: { jobId: started.jobId } }, checkFailed.current);
        if (stopped) return;
        setJob(next);
        if (next.addedBooks !== lastAdded.current || next.state === "done") {
          lastAdded.current = next.addedBooks;
          progress.current();
        }
      } catch (caught) {
        if (!stopped) setError(caught instanceof ApiError ? caught.message : checkFailed.current);
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [done, started.jobId]);

  return (
    <section aria-labelledby="import-progress-title" className="card space-y-2 p-4">
      <h2 id="import-progress-title" className="font-serif text-xl font-semibold">
        {done ? t("Import finished") : t("Importing your books…")}
      </h2>
      <progress className="w-full" max={job.totalRows || 1} value={job.processedRows} aria-labelledby="import-progress-title" />
      <p role="status" className="text-sm text-stone-700">
        {done
          ? t(
              "{added, plural, one {# book} other {# books}} added, {duplicates, plural, one {# duplicate} other {# duplicates}} skipped, {failed, number} failed.",
              { added: job.addedBooks, duplicates: job.duplicateRows, failed: job.failedRows },
            )
          : t("{processed, number} of {total, plural, one {# row} other {# rows}} done, {added, plural, one {# book} other {# books}} added.", {
              processed: job.processedRows,
              total: job.totalRows,
              added: job.addedBooks,
            })}
      </p>
      {/* Only the confirm's answer says it (the wants are written then); the polled job does not. */}
      {started.addedToWanted ? (
        <p className="text-sm text-stone-700">{t("{count, plural, one {# book} other {# books}} added to Wanted.", { count: started.addedToWanted })}</p>
      ) : null}
      {error && <p className="text-sm text-red-800">{error}</p>}
      {done && job.failedRows > 0 && (
        <div className="space-y-2">
          <FailedRows rows={job.failed} />
          <a className="btn btn-secondary" href={`/api/imports/${encodeURIComponent(job.jobId)}/failed.csv`} download>
            {t("Download failed rows")}
          </a>
        </div>
      )}
      {done && (
        <button type="button" className="btn btn-secondary" onClick={onDismiss}>
          {t("Close")}
        </button>
      )}
    </section>
  );
}

export interface ImportBooksProps {
  open: boolean;
  onClose: () => void;
  /** The books on the page are stale: new ones were added. */
  onProgress: () => void;
  /** An import that was running when the page loaded (after a reload, or from another tab). */
  resumeJobId?: string | null;
}

export default function ImportBooks({ open, onClose, onProgress, resumeJobId }: ImportBooksProps) {
  const [job, setJob] = useState<ImportJobView | null>(null);
  // Only the job running when the page loaded: later loads during this import name the same job.
  const [resume] = useState(resumeJobId);
  useEffect(() => {
    if (!resume) return;
    apiFetch("/imports/:jobId", { params: { jobId: resume } }).then(
      (found) => setJob((current) => current ?? found),
      () => {},
    );
  }, [resume]);
  return (
    <>
      <ImportDialog
        open={open}
        onClose={onClose}
        onStarted={(started) => {
          setJob(started);
          onClose();
        }}
      />
      {job && <ImportProgress key={job.jobId} job={job} onProgress={onProgress} onDismiss={() => setJob(null)} />}
    </>
  );
}
