import { Link } from "react-router";
import { createReport, reportSchema } from "@worker/features/moderation/reports";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { readFormData } from "~/core/form-data.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/report";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Report — BookClub" }, { name: "robots", content: "noindex" }];
}

/** The Report dialogs post here (member, book, message); the same service as POST /api/reports. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const parsed = reportSchema.safeParse(Object.fromEntries(await readFormData(request)));
    if (!parsed.success) return refuse({ form: Object.values(fieldErrors(parsed.error))[0] ?? "Please check the form." }, 400);
    const { message } = await createReport(ctx, parsed.data);
    return { ok: true as const, message };
  } catch (error) {
    return actionError(error);
  }
}

/** Only seen when the form was posted without JavaScript: the outcome, and a way on. */
export default function Report({ actionData }: Route.ComponentProps) {
  const message = actionData ? (actionData.ok ? actionData.message : Object.values(actionData.errors)[0]) : "Use the Report button on a member, a book or a message.";
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <h1 className="font-serif text-3xl font-bold">Report</h1>
      <p role={actionData ? "status" : undefined}>{message}</p>
      <Link to="/library" className="btn btn-secondary">
        Back to the library
      </Link>
    </div>
  );
}
