import { Hono } from "hono";
import { clearedSessionCookie } from "@worker/core/session-cookie";
import { serviceContext, type AppEnv } from "@worker/core/http/app-env";
import { accountDeletionBlockers, deleteAccount, deleteAccountSchema } from "./account-deletion";
import { dataExportParams, downloadAllData, findDataExport, openDataExport, requestDataExport } from "./data-download";
import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { jsonBody, zv } from "@worker/core/api/validate";

const zipHeaders = (fileName: string, size?: number) => ({
  "Content-Type": "application/zip",
  "Content-Disposition": `attachment; filename="${fileName}"`,
  "Cache-Control": "private, no-store",
  ...(size !== undefined ? { "Content-Length": String(size) } : {}),
});

/** "Download all my data" and "Delete my account", for the signed-in member only. */
export const accountApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  // A small account's zip comes back at once; a large one's is started and answered 202 with its record.
  .get("/me/data", async (c) => {
    const result = await downloadAllData(serviceContext(c));
    if (result.kind === "background") return ok(c, result.export, 202);
    return new Response(result.body, { headers: zipHeaders(result.fileName, result.body.size) });
  })
  .post("/me/data-exports", async (c) => ok(c, await requestDataExport(serviceContext(c)), 202))
  .get("/me/data-exports/:id", zv("param", dataExportParams), async (c) => ok(c, await findDataExport(serviceContext(c), c.req.valid("param").id)))
  .get("/me/data-exports/:id/zip", zv("param", dataExportParams), async (c) => {
    const file = await openDataExport(serviceContext(c), c.req.valid("param").id);
    return new Response(file.body, { headers: zipHeaders(file.fileName, file.size) });
  })
  .get("/me/deletion", async (c) => ok(c, { blockers: await accountDeletionBlockers(serviceContext(c)) }))
  .delete("/me", jsonBody(deleteAccountSchema), async (c) => {
    const result = await deleteAccount(serviceContext(c));
    // Every session is gone; a browser's cookie is cleared too.
    c.header("Set-Cookie", clearedSessionCookie(c.req.url), { append: true });
    return ok(c, result);
  });
