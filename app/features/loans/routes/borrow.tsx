import { redirect } from "react-router";
import { z } from "zod";
import { OWN_BOOK, requestToBorrow } from "@worker/features/loans/borrow-chat";
import { ServiceError } from "@worker/core/errors";
import { BORROW_FAILED, BORROW_SENT } from "../borrow-button";
import { setFlash } from "~/core/flash.server";
import { readFormData } from "~/core/form-data.server";
import { serviceContext } from "~/core/route-context.server";
import type { Route } from "./+types/borrow";

const requestIdSchema = z.uuid().optional();

/**
 * POST /books/{bookId}/borrow: the borrow flow (docs/product.md#borrow-from-the-owner) for the book page. The page's script asks
 * for JSON (`enhanced=1`) and moves on itself; a plain form post is redirected: to the chat, back to
 * the book for one's own book, or to Messages when the chat could not be started. Visitors go to
 * sign in and come back to the book.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = serviceContext(context);
  const book = `/books/${params.bookId}`;
  if (!ctx.user) return redirect(`/login?redirectTo=${encodeURIComponent(book)}`);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    // A form too large or unreadable was not sent by the book page: say so plainly.
    if (error instanceof ServiceError) return new Response(error.message, { status: error.status });
    throw error;
  }
  const enhanced = form.get("enhanced") === "1";
  try {
    const requestId = requestIdSchema.safeParse(form.get("requestId") ?? undefined);
    const { conversationId } = await requestToBorrow(ctx, params.bookId, requestId.success ? requestId.data : undefined);
    if (enhanced) return Response.json({ ok: true, conversationId });
    return redirect(`/messages/${conversationId}`, { headers: await setFlash({ type: "success", message: BORROW_SENT }) });
  } catch (error) {
    if (!(error instanceof ServiceError)) console.error("Borrow request failed", error);
    const status = error instanceof ServiceError ? error.status : 500;
    const ownBook = error instanceof ServiceError && error.message === OWN_BOOK;
    if (enhanced) return Response.json({ ok: false, error: ownBook ? error.message : BORROW_FAILED, stay: ownBook }, { status });
    if (ownBook) return redirect(book, { headers: await setFlash({ type: "warning", message: error.message }) });
    return redirect("/messages", { headers: await setFlash({ type: "error", message: BORROW_FAILED }) });
  }
}

/** Nothing to show at this address; a GET goes to the book. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/books/${params.bookId}`);
}
