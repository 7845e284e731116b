import type { StartSteps } from "@worker/features/account";
import { Form, Link } from "react-router";
import { useT } from "~/core/i18n";

function Step({ done, number, title, text, children }: { done: boolean; number: number; title: string; text: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${done ? "bg-green-700 text-white" : "border-2 border-stone-400 text-stone-700"}`}
      >
        {done ? "✓" : number}
      </span>
      <div className="min-w-0 space-y-1">
        <h3 className={`font-semibold ${done ? "text-stone-600 line-through" : "text-stone-900"}`}>
          {done && <span className="sr-only">{t("Done:")} </span>}
          {title}
        </h3>
        {!done && (
          <>
            <p className="text-sm text-stone-700">{text}</p>
            <div className="flex flex-wrap gap-2">{children}</div>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * A new member's start on the library: three steps that tick themselves as they are done (a book
 * listed, an area set, a club joined). Hidden for good by its button, on every device.
 */
export function StartCard({ steps }: { steps: StartSteps }) {
  const t = useT();
  const done = [steps.books, steps.area, steps.club].filter(Boolean).length;
  const link = "btn btn-secondary min-h-11 px-3 py-1 text-sm";
  return (
    <section aria-labelledby="start-heading" className="card space-y-4 bg-brand-50 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="start-heading" className="font-serif text-xl font-bold">
            {t("Your first steps on BookClub")}
          </h2>
          <p className="text-sm text-stone-700">{done === 3 ? t("All done. Happy reading!") : t("{done, number} of 3 done", { done })}</p>
        </div>
        {/* A plain post and a fresh page: it works before the page's script has loaded. */}
        <Form method="post" action="/start/dismiss" reloadDocument>
          <input type="hidden" name="redirectTo" value="/library" />
          <button type="submit" className="btn btn-secondary min-h-11 text-sm">
            {t("Hide these steps")}
          </button>
        </Form>
      </div>
      <ol className="space-y-4">
        <Step done={steps.books} number={1} title={t("Add your first books")} text={t("Photograph a cover, scan a barcode, type one in or import your list.")}>
          <Link to="/my-books?add=1" className="btn btn-primary min-h-11 px-3 py-1 text-sm">
            {t("Photo or barcode")}
          </Link>
          <Link to="/books/new" className={link}>
            {t("Type one in")}
          </Link>
          <Link to="/my-books?dialog=import" className={link}>
            {t("Import a list")}
          </Link>
        </Step>
        <Step done={steps.area} number={2} title={t("Set your area")} text={t("Neighbours then see how far away your books are, never where you live.")}>
          <Link to="/profile#my-area" className={link}>
            {t("Set my area")}
          </Link>
        </Step>
        <Step done={steps.club} number={3} title={t("Find a club")} text={t("Read along, swap and meet with other readers.")}>
          <Link to="/clubs/browse" className={link}>
            {t("Browse clubs")}
          </Link>
        </Step>
      </ol>
    </section>
  );
}
