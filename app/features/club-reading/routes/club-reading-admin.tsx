import { forbidden, ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { listLibraryBooks } from "@worker/features/books";
import { finishCurrentBook, getClubReading, setCurrentBook, setMilestones } from "@worker/features/club-reading/club-book";
import { readableClub } from "@worker/features/club-reading/reading-access";
// The form's limit from the limits file alone: the rules file brings the schemas and the server's translator.
import { MILESTONES_MAX } from "@worker/features/club-reading/reading-limits";
import { MANAGERS_ONLY, milestonesInputSchema, setBookInputSchema } from "@worker/features/club-reading/reading-rules";
import { Form, isRouteErrorResponse, Link, redirect } from "react-router";
import { z } from "zod";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { TextField } from "~/ui/field";
import { FieldError } from "~/ui/field-error";
import { BackArrow } from "~/ui/icons";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { LibraryPicks } from "../library-picks";
import { milestonesFromForm } from "../reading.server";
import type { Route } from "./+types/club-reading-admin";

const CLUB_NOT_FOUND = msg("Club not found");
/** Blank rows under a schedule: enough to add a few milestones without any script (their keys). */
const BLANK_ROWS = ["first", "second", "third", "fourth"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 200) ?? "";
  try {
    const access = await readableClub(ctx, params.clubId);
    if (!access.canManage) throw forbidden(MANAGERS_ONLY);
    const [reading, found] = await Promise.all([getClubReading(ctx, params.clubId), q ? listLibraryBooks(ctx, { search: q, limit: 10 }) : null]);
    return {
      clubName: access.club.name,
      reading,
      q,
      results: found?.items ?? null,
      title: translate("The club's book — {club} — BookClub", { club: access.club.name }),
      catalogue: await pageMessages(context, "club-reading"),
    };
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 404 || error.status === 403))
      throw refusal(error.status === 404 ? translate(CLUB_NOT_FOUND) : error.message, error.status);
    throw error;
  }
}

const intentSchema = z.enum(["set-book", "milestones", "finish"]);
const optional = (value: string | undefined) => (value?.trim() ? value : undefined);

/** The admin's three forms: set the current book, save the schedule, finish the book; each back to the club page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  const form = await readFormData(request);
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return refuse({ form: translate("Unknown action.") }, 400);
  const back = `/clubs/${params.clubId}#reading-now`;
  try {
    if (intent.data === "finish") {
      await finishCurrentBook(ctx, params.clubId);
      return redirect(back, { headers: await setFlash({ type: "success", message: translate("Book finished: it is on the club's shelf.") }) });
    }
    if (intent.data === "milestones") {
      const parsed = milestonesInputSchema.safeParse({ milestones: milestonesFromForm(form), finishBy: optional(textField(form, "finishBy")) ?? null });
      if (!parsed.success) return refuse({ milestones: parsed.error.issues[0]?.message ?? translate("Please check the milestones.") }, 400);
      await setMilestones(ctx, params.clubId, parsed.data.milestones, parsed.data.finishBy);
      return redirect(back, { headers: await setFlash({ type: "success", message: translate("Schedule saved") }) });
    }
    const parsed = setBookInputSchema.safeParse({
      bookId: optional(textField(form, "bookId")),
      title: optional(textField(form, "title")),
      author: optional(textField(form, "author")),
      isbn: optional(textField(form, "isbn")),
      finishBy: optional(textField(form, "finishBy")) ?? null,
      milestones: milestonesFromForm(form),
    });
    if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
    const reading = await setCurrentBook(ctx, params.clubId, parsed.data);
    // Picking a book leads on to its schedule (unless one was typed with it): the milestones and finish day.
    const next = reading.milestones.length > 0 ? back : `/clubs/${params.clubId}/reading#schedule-heading`;
    const message = reading.milestones.length > 0 ? translate("The club's book is set") : translate("The club's book is set. Now add its milestones.");
    return redirect(next, { headers: await setFlash({ type: "success", message }) });
  } catch (error) {
    return actionError(error, { field: intent.data === "set-book" ? "form" : intent.data, unexpected: translate("Could not save. Please try again.") });
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? "BookClub" }, { name: "robots", content: "noindex" }];
}

/** Label and day inputs for one milestone row; an existing one carries its id so members' marks stay. */
function MilestoneRow({ index, milestoneId = "", label = "", dueOn = "" }: { index: number; milestoneId?: string; label?: string; dueOn?: string | null }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="milestoneId" value={milestoneId} />
      <TextField
        label={t("Milestone {number}", { number: index + 1 })}
        name="label"
        defaultValue={label}
        maxLength={120}
        fieldClassName="min-w-0 flex-1"
        placeholder={t("Chapters 1–8")}
      />
      <TextField label={t("By")} name="dueOn" type="date" defaultValue={dueOn ?? ""} fieldClassName="w-44 max-w-full" />
    </li>
  );
}

/** /clubs/{clubId}/reading: an admin sets the club's current book (from the library, or typed) and edits its schedule. */
export default function ClubReadingAdmin({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const { clubName, reading, q, results } = loaderData;
  const errors = actionData && !actionData.ok ? (actionData.errors as Record<string, string>) : {};
  const { current, milestones } = reading;
  const blank = BLANK_ROWS.slice(0, Math.max(0, MILESTONES_MAX - milestones.length));
  return (
    <div className="space-y-6">
      <Link to={`/clubs/${params.clubId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to {name}", { name: clubName })}
      </Link>
      <h1 className="font-serif text-3xl font-bold">{t("The club's book")}</h1>
      <FieldError message={errors.form} />

      {current && (
        <section aria-labelledby="schedule-heading" className="card space-y-4 p-5">
          <h2 id="schedule-heading" className="font-serif text-2xl font-semibold">
            {t("Schedule for {title}", { title: current.title })}
          </h2>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="milestones" />
            <TextField label={t("Finish by")} name="finishBy" type="date" defaultValue={current.finishBy ?? ""} fieldClassName="max-w-60" />
            <ol className="space-y-2" aria-label={t("Milestones")}>
              {milestones.map((milestone, index) => (
                <MilestoneRow key={milestone.milestoneId} index={index} milestoneId={milestone.milestoneId} label={milestone.label} dueOn={milestone.dueOn} />
              ))}
              {blank.map((row, i) => (
                <MilestoneRow key={row} index={milestones.length + i} />
              ))}
            </ol>
            <p className="text-sm text-stone-700">{t("Leave a milestone's name empty to remove it.")}</p>
            <FieldError message={errors.milestones} />
            <button type="submit" className="btn btn-primary">
              {t("Save schedule")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="finish" />
            <button type="submit" className="btn btn-secondary">
              {t("Finish book")}
            </button>
            <FieldError message={errors.finish} />
          </Form>
        </section>
      )}

      <section aria-labelledby="from-library-heading" className="card space-y-4 p-5">
        <h2 id="from-library-heading" className="font-serif text-2xl font-semibold">
          {current ? t("Read another book: from the library") : t("Choose from the library")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <TextField label={t("Search the library")} name="q" type="search" defaultValue={q} fieldClassName="min-w-0 flex-1" />
          <button type="submit" className="btn btn-secondary">
            {t("Search")}
          </button>
        </Form>
        {results && results.length === 0 && <p className="text-stone-700">{t("No books found.")}</p>}
        {results && results.length > 0 && <LibraryPicks books={results} pick="button" />}
      </section>

      <section aria-labelledby="by-title-heading" className="card space-y-4 p-5">
        <h2 id="by-title-heading" className="font-serif text-2xl font-semibold">
          {t("Or enter a book")}
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="set-book" />
          <TextField label={t("Title")} name="title" maxLength={300} error={errors.title} />
          <TextField label={t("Author")} name="author" maxLength={200} error={errors.author} />
          <TextField
            label={t("ISBN")}
            name="isbn"
            inputMode="numeric"
            maxLength={32}
            hint={t("With an ISBN and no title, we look up the title, author and cover.")}
            error={errors.isbn}
          />
          <TextField label={t("Finish by")} name="finishBy" type="date" error={errors.finishBy} fieldClassName="max-w-60" />
          <fieldset className="space-y-2">
            <legend className="font-medium">{t("Milestones")}</legend>
            <ol className="space-y-2">
              {BLANK_ROWS.map((row, i) => (
                <MilestoneRow key={row} index={i} />
              ))}
            </ol>
          </fieldset>
          <FieldError message={errors.milestones} />
          <p className="text-sm text-stone-700">
            {current ? t("{title} moves to the club's shelf history.", { title: current.title }) : t("Members see it on the club page.")}
          </p>
          <button type="submit" className="btn btn-primary">
            {t("Set as current book")}
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The loader's refusal is written in the reader's language already (this page's messages never loaded).
  const refused = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : CLUB_NOT_FOUND;
  return <RouteErrorBoundary error={error} byStatus={{ 404: refused }} back={{ to: "/clubs", label: msg("Back to Clubs") }} />;
}
