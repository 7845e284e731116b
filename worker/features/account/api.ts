import { ok } from "@worker/core/api/envelope";
import { membersOnly } from "@worker/core/api/members-only";
import { doc, successEnvelope } from "@worker/core/api/openapi";
import { jsonBody, zv } from "@worker/core/api/validate";
import { type AppEnv, serviceContext } from "@worker/core/http/app-env";
import { clearedSessionCookie } from "@worker/core/session-cookie";
import { Hono } from "hono";
import { describeRoute, resolver } from "hono-openapi";
import { accountDeletionBlockers, deleteAccount, deleteAccountSchema } from "./account-deletion";
import { accountDeletedView, dataExportView, deletionBlockersView } from "./api-schemas";
import { dataExportParams, downloadAllData, findDataExport, openDataExport, requestDataExport } from "./data-download";

const zipHeaders = (fileName: string, size?: number) => ({
  "Content-Type": "application/zip",
  "Content-Disposition": `attachment; filename="${fileName}"`,
  "Cache-Control": "private, no-store",
  ...(size !== undefined ? { "Content-Length": String(size) } : {}),
});

const tags = ["Account"];
const zipFile = (description: string) => ({ status: 200, description, contentType: "application/zip" });

/** GET /me/data answers either a zip or a JSON 202; doc() describes one success, this adds the other. */
const startedInBackground = describeRoute({
  responses: {
    202: {
      description: "The account is large: its zip is being built in the background (the `{ success: true, data }` envelope with the export).",
      content: { "application/json": { schema: resolver(successEnvelope(dataExportView)) } },
    },
  },
});

/** "Download all my data" and "Delete my account", for the signed-in member only. */
export const accountApi = new Hono<AppEnv>()
  .use("*", membersOnly)
  // A small account's zip comes back at once; a large one's is started and answered 202 with its record.
  .get(
    "/me/data",
    doc("GET", {
      summary: "Download all my data",
      who: "member",
      tags,
      description:
        "All my data as a zip, or 202 with a background export for a large account (over 50 books or 20 MB of covers). Data downloads (this, starting a background zip and fetching one): 5 a minute per member (429 `Too many data downloads. Please wait a minute and try again.`).",
      other: zipFile("The zip of all the member's data (a small account)."),
      errors: [429],
    }),
    startedInBackground,
    async (c) => {
      const result = await downloadAllData(serviceContext(c));
      if (result.kind === "background") return ok(c, result.export, 202);
      return new Response(result.body, { headers: zipHeaders(result.fileName, result.body.size) });
    },
  )
  .post(
    "/me/data-exports",
    doc("POST", {
      summary: "Start a background zip of my data",
      who: "member (own only)",
      tags,
      description:
        "Starts a background zip of all my data, whatever the account's size; one already building is returned instead of a second. When ready it is offered for 7 days. Counts against the 5 data downloads a minute per member (429).",
      status: 202,
      data: dataExportView,
    }),
    async (c) => ok(c, await requestDataExport(serviceContext(c)), 202),
  )
  .get(
    "/me/data-exports/:id",
    doc("GET", {
      summary: "One background zip's state",
      who: "member (own only)",
      tags,
      description:
        "Its state, size, expiry and `downloadUrl`. Another member's, an unknown and an expired download are all 404 (`Download not found`, `This download has expired. Please ask for a new one.`).",
      data: dataExportView,
      errors: [404],
    }),
    zv("param", dataExportParams),
    async (c) => ok(c, await findDataExport(serviceContext(c), c.req.valid("param").id)),
  )
  .get(
    "/me/data-exports/:id/zip",
    doc("GET", {
      summary: "Download a background zip",
      who: "member (own only)",
      tags,
      description:
        "The zip (404 once expired, while it is still being prepared, or when it could not be built). Counts against the 5 data downloads a minute per member (429).",
      other: zipFile("The ready zip."),
      errors: [404, 429],
    }),
    zv("param", dataExportParams),
    async (c) => {
      const file = await openDataExport(serviceContext(c), c.req.valid("param").id);
      return new Response(file.body, { headers: zipHeaders(file.fileName, file.size) });
    },
  )
  .get(
    "/me/deletion",
    doc("GET", {
      summary: "What keeps my account open",
      who: "member",
      tags,
      description: "The books that refuse deletion (`blockers`): my books lent out or promised, and others' books I hold.",
      data: deletionBlockersView,
    }),
    async (c) => ok(c, { blockers: await accountDeletionBlockers(serviceContext(c)) }),
  )
  .delete(
    "/me",
    doc("DELETE", {
      summary: "Delete my account",
      who: "member",
      tags,
      description:
        "Deletes the account once `{confirm: \"DELETE\"}` is sent (400 `Please type DELETE to confirm.`). 409 naming the books while a loan is open (`You can't delete your account while a book is lent out or you hold someone else's book. Books: …`). Every session ends and a browser's cookie is cleared.",
      data: accountDeletedView,
      errors: [409],
    }),
    jsonBody(deleteAccountSchema),
    async (c) => {
      const result = await deleteAccount(serviceContext(c));
      // Every session is gone; a browser's cookie is cleared too.
      c.header("Set-Cookie", clearedSessionCookie(c.req.url), { append: true });
      return ok(c, result);
    },
  );
