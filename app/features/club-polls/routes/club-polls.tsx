import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { createPoll, listPolls, pollsQuerySchema } from "@worker/features/club-polls";
// The page's own limits come from the limits file alone: the feature's index brings its services (and
// club-reading's, with the ISBN look-up) into the browser build, which only needs these two numbers.
import { BOOK_POLL_MAX, POLL_MAX_OPTIONS } from "@worker/features/club-polls/poll-limits";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { readFormData } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext, readerFor } from "~/core/route-context.server";
import { FieldError } from "~/ui/field-error";
import { BackArrow } from "~/ui/icons";
import { PrevNext } from "~/ui/prev-next";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { PollListItem } from "../poll-status";
import { pollInputFromForm } from "../polls.server";
import type { Route } from "./+types/club-polls";

const CLUB_NOT_FOUND = msg("Club not found");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const url = new URL(request.url);
  // An edited cursor shows the newest page instead of failing.
  const query = pollsQuerySchema.safeParse({ before: url.searchParams.get("before") ?? undefined });
  try {
    const page = await listPolls(ctx, params.clubId, query.success ? query.data : pollsQuerySchema.parse({}));
    return {
      ...page,
      clubId: params.clubId,
      older: query.success && query.data.before !== undefined,
      title: translate("Polls — {club} — BookClub", { club: page.clubName }),
      catalogue: await pageMessages(context, "club-polls"),
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
    const parsed = pollInputFromForm(form, readerFor(request, context).timeZone);
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

/** Plain HTML: works without JavaScript; the option lines are read on the server (polls.server.ts). */
function NewPollForm({ errors }: { errors: Record<string, string> | undefined }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const error = (field: string) => errors?.[field];
  return (
    <section id="new-poll" aria-labelledby="new-poll-heading" className="card space-y-4 p-5">
      <h2 id="new-poll-heading" className="font-serif text-xl font-semibold">
        {t("New poll")}
      </h2>
      <Form method="post" className="space-y-4">
        <fieldset className="space-y-1">
          <legend className="font-medium">{t("Kind")}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="book" defaultChecked /> {t("Next book (members rank the candidates)")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="date" /> {t("Meeting date (tick every slot that works)")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="choice" /> {t("Multiple choice (one answer)")}
          </label>
        </fieldset>
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
        <div>
          <label htmlFor="poll-options" className="block font-medium">
            {t("Options, one per line")}
          </label>
          <p id="poll-options-hint" className="text-sm text-stone-700">
            {t('Books as "Title by Author" (2 to {bookMax}); meeting slots as "2026-12-03 19:00" on your clock; at most {max}.', {
              bookMax: BOOK_POLL_MAX,
              max: POLL_MAX_OPTIONS,
            })}
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
          <FieldError id="poll-options-error" message={error("options")} />
        </div>
        <div>
          <label htmlFor="poll-closes" className="block font-medium">
            {t("Closes at (optional)")}
          </label>
          <input
            id="poll-closes"
            name="closesAt"
            type="datetime-local"
            className="field max-w-full"
            aria-invalid={error("closesAt") ? true : undefined}
            aria-describedby={error("closesAt") ? "poll-closes-error" : undefined}
          />
          <FieldError id="poll-closes-error" message={error("closesAt")} />
        </div>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="hideResults" /> {t("Hide results until the poll closes")}
        </label>
        <FieldError message={error("form") ?? error("kind")} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("Opening…") : t("Open poll")}
        </button>
      </Form>
    </section>
  );
}

export default function ClubPolls({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { clubId, clubName, items, nextToken, canManage, older } = loaderData;
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  return (
    <div className="space-y-6">
      <Link to={`/clubs/${clubId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to {name}", { name: clubName })}
      </Link>
      <h1 className="font-serif text-3xl font-bold break-words">{t("Polls in {club}", { club: clubName })}</h1>
      {canManage && <NewPollForm errors={errors} />}
      <section aria-labelledby="poll-list-heading" className="card space-y-3 p-5">
        <h2 id="poll-list-heading" className="font-serif text-xl font-semibold">
          {older ? t("Older polls") : t("All polls")}
        </h2>
        {items.length === 0 ? (
          <p className="text-stone-700">{t("No polls yet.")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {items.map((poll) => (
              <PollListItem key={poll.pollId} clubId={clubId} poll={poll} />
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
