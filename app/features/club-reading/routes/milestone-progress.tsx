import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { markProgress, unmarkProgress } from "@worker/features/club-reading/club-book";
import { redirect } from "react-router";
import { setFlash } from "~/core/flash.server";
import { readFormData } from "~/core/form-data.server";
import { memberContext } from "~/core/route-context.server";
import { progressFormSchema } from "../reading.server";
import type { Route } from "./+types/milestone-progress";

const FAILED = msg("Could not save your progress. Please try again.");

/**
 * POST /clubs/{clubId}/reading/progress: a member marks a milestone read (showing their name or
 * not) or takes the mark back, from the club page's plain forms; back to the club's "Reading now".
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  const back = `/clubs/${params.clubId}#reading-now`;
  const parsed = progressFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return redirect(back, { headers: await setFlash({ type: "error", message: translate(FAILED) }) });
  const { intent, milestoneId, shared } = parsed.data;
  try {
    if (intent === "mark") await markProgress(ctx, params.clubId, milestoneId, shared === "on");
    else await unmarkProgress(ctx, params.clubId, milestoneId);
    return redirect(back);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirect(back, { headers: await setFlash({ type: "error", message: error.message }) });
  }
}

/** Nothing to show here: a GET goes to the club. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/clubs/${params.clubId}#reading-now`);
}
