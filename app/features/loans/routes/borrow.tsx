import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { borrowFromOwner, isLendRuleRefusal, limitLoanWrite, OWN_BOOK } from "@worker/features/loans";
import { data, redirect } from "react-router";
import { z } from "zod";
import { setFlash } from "~/core/flash.server";
import { readFormOrRefuse } from "~/core/form-data.server";
import { serviceContext } from "~/core/route-context.server";
import { BORROW_FAILED, BORROW_OPENING, BORROW_SENT } from "../borrow-button";
import type { Route } from "./+types/borrow";

const requestIdSchema = z.uuid().optional();

/**
 * POST /books/{bookId}/borrow: the book page's one borrow action (docs/product.md#borrow-from-the-owner):
 * records the loan request and opens the chat with the owner (borrowFromOwner). It redirects: to the
 * chat, back to the book with the ledger's words when it refuses the request (one's own book, offered
 * to the next in line, too many steps), or to Messages when the chat could not be started; the page's
 * fetcher (`via=fetcher`) gets a refusal as data instead, to show beside the button. A client asking for
 * JSON (`enhanced=1`) gets every answer as JSON. Visitors go to sign in and come back to the book.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = serviceContext(context);
  const book = `/books/${params.bookId}`;
  if (!ctx.user) return redirect(`/login?redirectTo=${encodeURIComponent(book)}`);
  // A form too large or unreadable was not sent by the book page: it is said plainly.
  const form = await readFormOrRefuse(request);
  if (form instanceof Response) return form;
  const enhanced = form.get("enhanced") === "1";
  const viaFetcher = form.get("via") === "fetcher";
  try {
    const requestId = requestIdSchema.safeParse(form.get("requestId") ?? undefined);
    // The same per-member budget as the loans API and the page's other loan steps.
    await limitLoanWrite(ctx, ctx.user.id);
    const { conversationId, created } = await borrowFromOwner(ctx, params.bookId, requestId.success ? requestId.data : undefined);
    const notice = translate(created ? BORROW_SENT : BORROW_OPENING);
    if (enhanced) return Response.json({ ok: true, conversationId, notice });
    return redirect(`/messages/${conversationId}`, { headers: await setFlash({ type: "success", message: notice }) });
  } catch (error) {
    if (!(error instanceof ServiceError)) console.error("Borrow request failed", error);
    const status = error instanceof ServiceError ? error.status : 500;
    // Refusals of the request itself keep the member on the book page with the ledger's words (already
    // in the request's language); the rest say so in it too.
    const refused =
      error instanceof ServiceError && (error.key === OWN_BOOK || isLendRuleRefusal(error.key) || status === 409 || status === 429) ? error.message : null;
    const failed = translate(BORROW_FAILED);
    if (enhanced) return Response.json({ ok: false, error: refused ?? failed, stay: refused !== null }, { status });
    if (refused && viaFetcher) return data({ ok: false as const, error: refused }, { status });
    if (refused) return redirect(book, { headers: await setFlash({ type: "warning", message: refused }) });
    return redirect("/messages", { headers: await setFlash({ type: "error", message: failed }) });
  }
}

/** Nothing to show at this address; a GET goes to the book. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/books/${params.bookId}`);
}
