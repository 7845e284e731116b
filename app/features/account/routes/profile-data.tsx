import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { downloadAllData } from "@worker/features/account/data-download";
import { redirect } from "react-router";
import { setFlash } from "~/core/flash.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/profile-data";

export const BACKGROUND_STARTED = msg("Your data is being prepared. Its download link will appear on this page.");

/**
 * POST /profile/data ("Download all my data" on /profile): a small account's zip is the answer itself,
 * so the browser saves it and stays on the page; a large one is built in the background.
 */
export async function action({ context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const result = await downloadAllData(ctx);
    if (result.kind === "background")
      return redirect("/profile#your-data", { headers: await setFlash({ type: "success", message: translate(BACKGROUND_STARTED) }) });
    return new Response(result.body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${result.fileName}"`,
        "Content-Length": String(result.body.size),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof ServiceError) return redirect("/profile#your-data", { headers: await setFlash({ type: "error", message: error.message }) });
    throw error;
  }
}

/** Nothing to show at this address; a GET goes back to the profile. */
export const loader = () => redirect("/profile");
