import { translate } from "@worker/core/i18n/request-language";
import { createReport, reportSchema } from "@worker/features/moderation/reports";
import { Link } from "react-router";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { readFormData } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/report";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: translate("Report"), catalogue: await pageMessages(context, "moderation") };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Report"} — BookClub` }, { name: "robots", content: "noindex" }];
}

/** The Report dialogs post here (member, book, message); the same service as POST /api/reports. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const parsed = reportSchema.safeParse(Object.fromEntries(await readFormData(request)));
    if (!parsed.success) return refuse({ form: Object.values(fieldErrors(parsed.error))[0] ?? translate("Please check the form.") }, 400);
    const { message } = await createReport(ctx, parsed.data);
    return { ok: true as const, message };
  } catch (error) {
    return actionError(error);
  }
}

/** Only seen when the form was posted without JavaScript: the outcome, and a way on. */
export default function Report({ actionData }: Route.ComponentProps) {
  const t = useT();
  const message = actionData
    ? actionData.ok
      ? actionData.message
      : Object.values(actionData.errors)[0]
    : t("Use the Report button on a member, a book or a message.");
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <h1 className="font-serif text-3xl font-bold">{t("Report")}</h1>
      <p role={actionData ? "status" : undefined}>{message}</p>
      <Link to="/library" className="btn btn-secondary">
        {t("Back to the library")}
      </Link>
    </div>
  );
}
