import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { timeZoneLabel } from "@worker/core/shared/time-zones";
import { msg } from "@worker/core/shared/translate";
import { castBallot, closePoll, getPoll, makeWinnerCurrent, type PollView, scheduleWinningSlot } from "@worker/features/club-polls";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { FieldError } from "~/ui/field-error";
import { BackArrow } from "~/ui/icons";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { PollResults, useOptionName } from "../poll-results";
import { KIND_LABEL, PollStatus } from "../poll-status";
import { ballotFromForm } from "../polls.server";
import type { Route } from "./+types/club-poll";

const POLL_NOT_FOUND = msg("Poll not found");

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  try {
    const poll = await getPoll(ctx, params.clubId, params.pollId);
    return { ...poll, catalogue: await pageMessages(context, "club-polls") };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) throw refusal(translate(POLL_NOT_FOUND), 404);
    throw error;
  }
}

/** `intent`: vote, close or current-book, through the API's services; each success comes back here with a notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  const here = `/clubs/${params.clubId}/polls/${params.pollId}`;
  const done = async (message: string, to = here) => redirect(to, { headers: await setFlash({ type: "success", message }) });
  try {
    const form = await readFormData(request);
    const intent = textField(form, "intent");
    if (intent === "close") {
      await closePoll(ctx, params.clubId, params.pollId);
      return done(translate("Poll closed."));
    }
    if (intent === "schedule") {
      await scheduleWinningSlot(ctx, params.clubId, params.pollId, {});
      return done(translate("Meeting scheduled."), `/clubs/${params.clubId}#upcoming-meetings-heading`);
    }
    if (intent === "current-book") {
      const book = await makeWinnerCurrent(ctx, params.clubId, params.pollId);
      return done(translate('"{title}" is now the club\'s current book.', { title: book.title }), `/clubs/${params.clubId}`);
    }
    const ballot = ballotFromForm(form, textField(form, "kind") ?? "");
    if ("error" in ballot) return refuse({ ballot: ballot.error }, 400);
    if (ballot.choices.length === 0) return refuse({ ballot: translate("Please choose at least one option.") }, 400);
    await castBallot(ctx, params.clubId, params.pollId, ballot);
    return done(translate("Your ballot is saved. You can change it until the poll closes."));
  } catch (error) {
    return actionError(error, { field: "ballot", message: (e) => e.message.replace(/^choices: /, "") });
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  // The question is the poll's own words: the title only adds the site's name.
  return [{ title: loaderData ? `${loaderData.question} — BookClub` : "BookClub" }, { name: "robots", content: "noindex" }];
}

/**
 * The ballot as a plain form. Ranked choice is a rank select per candidate (no drag and drop: it
 * works on a phone and without JavaScript); date polls are checkboxes, choice polls radios.
 */
function BallotForm({ poll, error }: { poll: PollView; error: string | undefined }) {
  const t = useT();
  const name = useOptionName(poll.timeZone);
  const busy = useNavigation().state === "submitting";
  const mine = poll.myChoices ?? [];
  const ranks = poll.options.map((_, index) => index + 1);
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="vote" />
      <input type="hidden" name="kind" value={poll.kind} />
      <fieldset className="space-y-3" aria-describedby={error ? "ballot-error" : undefined}>
        <legend className="font-medium">
          {poll.kind === "book"
            ? t("Rank the books: 1 is your first choice (leave out any you would not read)")
            : poll.kind === "date"
              ? t("Tick every slot that works for you")
              : t("Choose one")}
        </legend>
        {poll.options.map((option) => {
          const label = name(option);
          if (poll.kind === "book") {
            const rank = mine.indexOf(option.optionId);
            return (
              <div key={option.optionId} className="flex items-center gap-3">
                <select
                  id={`rank-${option.optionId}`}
                  name={`rank-${option.optionId}`}
                  defaultValue={rank >= 0 ? String(rank + 1) : ""}
                  className="field w-20 shrink-0"
                  aria-label={t("Rank for {option}", { option: label })}
                >
                  <option value="">—</option>
                  {ranks.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
                <label htmlFor={`rank-${option.optionId}`} dir="auto" className="min-w-0 break-words">
                  {label}
                </label>
              </div>
            );
          }
          return (
            <label key={option.optionId} className="flex items-center gap-3">
              <input type={poll.kind === "date" ? "checkbox" : "radio"} name="choice" value={option.optionId} defaultChecked={mine.includes(option.optionId)} />
              <span dir="auto" className="min-w-0 break-words">
                {label}
              </span>
            </label>
          );
        })}
      </fieldset>
      <FieldError id="ballot-error" message={error} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {poll.myChoices ? t("Change my ballot") : t("Cast my ballot")}
      </button>
    </Form>
  );
}

export default function ClubPoll({ loaderData: poll, actionData }: Route.ComponentProps) {
  const t = useT();
  const errors = actionData && "errors" in actionData ? (actionData.errors as Record<string, string>) : undefined;
  const showResults = !poll.isOpen || !poll.hideResults;
  return (
    <div className="space-y-6">
      <Link to={`/clubs/${poll.clubId}/polls`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Polls in {club}", { club: poll.clubName })}
      </Link>
      <header className="card space-y-2 p-5">
        <h1 dir="auto" className="font-serif text-3xl font-bold break-words">
          {poll.question}
        </h1>
        <p className="text-sm text-stone-700">
          {`${t(KIND_LABEL[poll.kind])} · `}
          <PollStatus poll={poll} />
          {` · ${t("{count, plural, one {# ballot} other {# ballots}}", { count: poll.ballots })}`}
          {poll.isOpen && poll.hideResults ? ` · ${t("Results hidden until close")}` : ""}
        </p>
        {poll.kind === "date" && (
          <p className="text-sm text-stone-700">{t("Dates and times in the club's timezone, {zone}.", { zone: timeZoneLabel(poll.timeZone) })}</p>
        )}
        {poll.canManage && (
          <div className="flex flex-wrap gap-2 pt-1">
            {poll.isOpen && (
              <Form method="post">
                <input type="hidden" name="intent" value="close" />
                <button type="submit" className="btn btn-secondary">
                  {t("Close poll now")}
                </button>
              </Form>
            )}
            {!poll.isOpen && poll.kind === "date" && poll.result?.winnerId && !poll.scheduled && (
              <Form method="post">
                <input type="hidden" name="intent" value="schedule" />
                <button type="submit" className="btn btn-primary min-h-11">
                  {t("Schedule this meeting")}
                </button>
              </Form>
            )}
            {!poll.isOpen && poll.kind === "book" && poll.result?.winnerId && (
              <Form method="post">
                <input type="hidden" name="intent" value="current-book" />
                <button type="submit" className="btn btn-primary">
                  {t("Make it the current book")}
                </button>
              </Form>
            )}
          </div>
        )}
        {poll.scheduled && (
          <p className="text-sm">
            {t("This meeting is scheduled.")}{" "}
            <Link to={`/clubs/${poll.clubId}/meetings`} className="font-medium text-brand-700 hover:underline">
              {t("See the club's meetings")}
            </Link>
          </p>
        )}
        {!poll.canVote && errors?.ballot && <FieldError message={errors.ballot} />}
      </header>
      {poll.canVote && (
        <section aria-labelledby="ballot-heading" className="card space-y-3 p-5">
          <h2 id="ballot-heading" className="font-serif text-xl font-semibold">
            {t("Your ballot")}
          </h2>
          <BallotForm poll={poll} error={errors?.ballot ?? errors?.form} />
        </section>
      )}
      {showResults && (
        <section aria-labelledby="results-heading" className="card space-y-3 p-5">
          <h2 id="results-heading" className="font-serif text-xl font-semibold">
            {poll.isOpen ? t("Results so far") : t("Results")}
          </h2>
          <PollResults poll={poll} />
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The loader's refusal is written in the reader's language already (this page's messages never loaded).
  const refused = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : POLL_NOT_FOUND;
  return <RouteErrorBoundary error={error} byStatus={{ 404: refused }} back={{ to: "/clubs", label: msg("Back to Clubs") }} />;
}
