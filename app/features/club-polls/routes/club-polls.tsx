import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { timeZoneLabel } from "@worker/core/shared/time-zones";
import { msg } from "@worker/core/shared/translate";
import { listLibraryBooks } from "@worker/features/books";
import { createPoll, listPolls, pollsQuerySchema } from "@worker/features/club-polls";
// The page's own limits come from the limits file alone: the feature's index brings its services (and
// club-reading's, with the ISBN look-up) into the browser build, which only needs these two numbers.
import { BOOK_POLL_MAX, POLL_MAX_OPTIONS } from "@worker/features/club-polls/poll-limits";
import { loadClubAccess } from "@worker/features/clubs";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { readFormData } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { LibraryPicks } from "~/features/club-reading";
import { TextField } from "~/ui/field";
import { FieldError } from "~/ui/field-error";
import { BackArrow } from "~/ui/icons";
import { PrevNext } from "~/ui/prev-next";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { PollListItem } from "../poll-status";
import { pollInputFromForm } from "../polls.server";
import type { Route } from "./+types/club-polls";

const CLUB_NOT_FOUND = msg("Club not found");
const KINDS = ["book", "date", "choice"] as const;
type Kind = (typeof KINDS)[number];
/** Blank rows the form offers without any script: candidates typed by hand, and meeting slots. */
const TYPED_ROWS = ["first", "second", "third"] as const;
const SLOT_ROWS = ["first", "second", "third", "fourth", "fifth"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const url = new URL(request.url);
  // An edited cursor shows the newest page instead of failing.
  const query = pollsQuerySchema.safeParse({ before: url.searchParams.get("before") ?? undefined });
  const kind: Kind = KINDS.find((known) => known === url.searchParams.get("kind")) ?? "book";
  const q = kind === "book" ? (url.searchParams.get("q")?.trim().slice(0, 200) ?? "") : "";
  try {
    const page = await listPolls(ctx, params.clubId, query.success ? query.data : pollsQuerySchema.parse({}));
    const found = page.canManage && q ? await listLibraryBooks(ctx, { search: q, limit: 10 }) : null;
    return {
      ...page,
      kind,
      q,
      results: found?.items ?? null,
      clubId: params.clubId,
      older: query.success && query.data.before !== undefined,
      title: translate("Polls — {club} — BookClub", { club: page.clubName }),
      // The library picker is club-reading's.
      catalogue: await pageMessages(context, "club-polls", "club-reading"),
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw refusal(translate(CLUB_NOT_FOUND), 404);
    throw error;
  }
}

/** "New poll": the same service as the API; on success the new poll's page, with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const form = await readFormData(request);
    // Slots and the close time are on the club's clock, as its meetings are.
    const access = await loadClubAccess(ctx, params.clubId);
    const parsed = pollInputFromForm(form, access.club.timezone);
    if (!parsed.ok) return refuse(parsed.errors, 400);
    const poll = await createPoll(ctx, params.clubId, parsed.input);
    return redirect(`/clubs/${params.clubId}/polls/${poll.pollId}`, { headers: await setFlash({ type: "success", message: translate("Poll opened.") }) });
  } catch (error) {
    return actionError(error);
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? "BookClub" }, { name: "robots", content: "noindex" }];
}

/** One meeting slot: a date and a time field (a phone's own pickers), on the club's clock. */
function SlotRow({ index }: { index: number }) {
  const t = useT();
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">{t("Slot {number}", { number: index + 1 })}</legend>
      <TextField
        label={t("Slot {number}: date", { number: index + 1 })}
        name="slotDate"
        type="date"
        fieldClassName="min-w-0 flex-1"
        className="field min-h-11 w-full"
      />
      <TextField label={t("Time")} name="slotTime" type="time" fieldClassName="w-32" className="field min-h-11 w-full" />
    </fieldset>
  );
}

/** One candidate typed by hand: a title (and author), or an ISBN alone, which is looked up. */
function CandidateRow({ index }: { index: number }) {
  const t = useT();
  return (
    <fieldset className="grid gap-2 sm:grid-cols-3">
      <legend className="mb-1 font-medium">{t("Candidate {number}", { number: index + 1 })}</legend>
      <TextField label={t("Title")} name="title" maxLength={200} className="field min-h-11 w-full" />
      <TextField label={t("Author")} name="author" maxLength={200} className="field min-h-11 w-full" />
      <TextField label={t("ISBN")} name="isbn" inputMode="numeric" maxLength={20} className="field min-h-11 w-full" />
    </fieldset>
  );
}

type LibraryResults = Route.ComponentProps["loaderData"]["results"];

/**
 * Plain HTML: works without JavaScript. The kind is chosen by link (each kind has its own fields):
 * book candidates from the library (search, then tick) or typed with an ISBN; date slots as date and
 * time fields on the club's clock; choices one per line.
 */
function NewPollForm({
  kind,
  q,
  results,
  timeZone,
  errors,
}: {
  kind: Kind;
  q: string;
  results: LibraryResults;
  timeZone: string;
  errors: Record<string, string> | undefined;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const error = (field: string) => errors?.[field];
  const kinds: Record<Kind, string> = {
    book: t("Next book (members rank the candidates)"),
    date: t("Meeting date (tick every slot that works)"),
    choice: t("Multiple choice (one answer)"),
  };
  const zone = t("Dates and times in the club's timezone, {zone}.", { zone: timeZoneLabel(timeZone) });
  return (
    <section id="new-poll" aria-labelledby="new-poll-heading" className="card space-y-4 p-5">
      <h2 id="new-poll-heading" className="font-serif text-xl font-semibold">
        {t("New poll")}
      </h2>
      <nav aria-label={t("Kind")}>
        <ul className="flex flex-wrap gap-2">
          {KINDS.map((each) => (
            <li key={each}>
              <Link
                to={`?kind=${each}#new-poll`}
                aria-current={each === kind ? "true" : undefined}
                className={`btn min-h-11 ${each === kind ? "btn-primary" : "btn-secondary"}`}
                preventScrollReset
              >
                {kinds[each]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {kind === "book" && (
        <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="kind" value="book" />
          <TextField label={t("Search the library")} name="q" type="search" defaultValue={q} fieldClassName="min-w-0 flex-1" />
          <button type="submit" className="btn btn-secondary min-h-11">
            {t("Search")}
          </button>
        </Form>
      )}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="kind" value={kind} />
        <div>
          <label htmlFor="poll-question" className="block font-medium">
            {t("Question")}
          </label>
          <input
            id="poll-question"
            name="question"
            className="field w-full"
            maxLength={200}
            required
            aria-invalid={error("question") ? true : undefined}
            aria-describedby={error("question") ? "poll-question-error" : undefined}
          />
          <FieldError id="poll-question-error" message={error("question")} />
        </div>
        {kind === "book" && (
          <div className="space-y-3">
            <p className="text-sm text-stone-700">{t("Pick 2 to {max} books: from the library, or by title or ISBN.", { max: BOOK_POLL_MAX })}</p>
            {results && results.length === 0 && <p className="text-stone-700">{t("No books found.")}</p>}
            {results && results.length > 0 && <LibraryPicks books={results} pick="checkbox" />}
            {TYPED_ROWS.map((row, index) => (
              <CandidateRow key={row} index={index} />
            ))}
          </div>
        )}
        {kind === "date" && (
          <div className="space-y-3">
            <p className="text-sm text-stone-700">{zone}</p>
            {SLOT_ROWS.map((row, index) => (
              <SlotRow key={row} index={index} />
            ))}
          </div>
        )}
        {kind === "choice" && (
          <div>
            <label htmlFor="poll-options" className="block font-medium">
              {t("Options, one per line")}
            </label>
            <p id="poll-options-hint" className="text-sm text-stone-700">
              {t("At most {max}.", { max: POLL_MAX_OPTIONS })}
            </p>
            <textarea
              id="poll-options"
              name="options"
              rows={5}
              className="field w-full"
              required
              aria-invalid={error("options") ? true : undefined}
              aria-describedby={error("options") ? "poll-options-hint poll-options-error" : "poll-options-hint"}
            />
          </div>
        )}
        <FieldError id="poll-options-error" message={error("options")} />
        <div>
          <label htmlFor="poll-closes" className="block font-medium">
            {t("Closes at (optional)")}
          </label>
          <input
            id="poll-closes"
            name="closesAt"
            type="datetime-local"
            className="field min-h-11 max-w-full"
            aria-invalid={error("closesAt") ? true : undefined}
            aria-describedby={error("closesAt") ? "poll-closes-hint poll-closes-error" : "poll-closes-hint"}
          />
          <p id="poll-closes-hint" className="text-sm text-stone-700">
            {zone}
          </p>
          <FieldError id="poll-closes-error" message={error("closesAt")} />
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="hideResults" /> {t("Hide results until the poll closes")}
        </label>
        <FieldError message={error("form") ?? error("kind")} />
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
          {busy ? t("Opening…") : t("Open poll")}
        </button>
      </Form>
    </section>
  );
}

export default function ClubPolls({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { clubId, clubName, items, nextToken, canManage, older, kind, q, results, timeZone } = loaderData;
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  return (
    <div className="space-y-6">
      <Link to={`/clubs/${clubId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to {name}", { name: clubName })}
      </Link>
      <h1 className="font-serif text-3xl font-bold break-words">{t("Polls in {club}", { club: clubName })}</h1>
      {canManage && <NewPollForm kind={kind} q={q} results={results} timeZone={timeZone} errors={errors} />}
      <section aria-labelledby="poll-list-heading" className="card space-y-3 p-5">
        <h2 id="poll-list-heading" className="font-serif text-xl font-semibold">
          {older ? t("Older polls") : t("All polls")}
        </h2>
        {items.length === 0 ? (
          <p className="text-stone-700">{t("No polls yet.")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {items.map((poll) => (
              <PollListItem key={poll.pollId} clubId={clubId} poll={poll} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {(older || nextToken) && (
          <PrevNext prevHref={older ? `/clubs/${clubId}/polls` : null} nextHref={nextToken ? `?before=${encodeURIComponent(nextToken)}` : null} />
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The loader's refusal is written in the reader's language already (this page's messages never loaded).
  const refused = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : CLUB_NOT_FOUND;
  return <RouteErrorBoundary error={error} byStatus={{ 404: refused }} back={{ to: "/clubs", label: msg("Back to Clubs") }} />;
}
