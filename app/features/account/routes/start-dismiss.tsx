import { dismissStartSteps } from "@worker/features/account";
import { redirect } from "react-router";
import { readFormOrRefuse, textField } from "~/core/form-data.server";
import { safeRedirectTarget } from "~/core/redirect-target.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/start-dismiss";

/** "Hide these steps" on the start card: kept on the server, so the card stays away on every device. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  const form = await readFormOrRefuse(request);
  if (form instanceof Response) return form;
  await dismissStartSteps(ctx);
  return redirect(safeRedirectTarget(textField(form, "redirectTo"), "/library"));
}

/** Nothing to show at this address. */
export const loader = () => redirect("/library");
