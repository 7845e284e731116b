import { ServiceError } from "@worker/core/errors";
import { openDataExport } from "@worker/features/account/data-download";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/profile-data-export";

/** GET /profile/data-exports/:exportId: the owner's background zip while its link lasts; anyone else gets 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  try {
    const file = await openDataExport(ctx, params.exportId);
    return new Response(file.body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Content-Length": String(file.size),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof ServiceError) return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
