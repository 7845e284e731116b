import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { addWanted, removeWanted } from "@worker/features/wanted";
import { redirect } from "react-router";
import { z } from "zod";
import { setFlash } from "~/core/flash.server";
import { readFormOrRefuse, textField } from "~/core/form-data.server";
import { serviceContext } from "~/core/route-context.server";
import type { Route } from "./+types/want-book";

export const WANT_ADDED = msg("Added to your wanted list. We'll tell you when a copy is available near you.");
export const WANT_REMOVED = msg("Removed from your wanted list.");
const NOT_ON_LIST = msg("That wanted book is not on your list.");

const wantedId = z.coerce.number().int().positive();

/**
 * POST /books/{bookId}/want: the book page's "Want this book" (or, with intent=remove and its wantedId,
 * Remove). A plain form: it redirects back to the book with the outcome as a flash, so it works before any
 * script. Visitors go to sign in and come back to the book.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = serviceContext(context);
  const book = `/books/${params.bookId}`;
  if (!ctx.user) return redirect(`/login?redirectTo=${encodeURIComponent(book)}`);
  // A form too large or unreadable was not sent by the book page: it is said plainly.
  const form = await readFormOrRefuse(request);
  if (form instanceof Response) return form;
  try {
    if (textField(form, "intent") === "remove") {
      const id = wantedId.safeParse(textField(form, "wantedId"));
      if (!id.success) return redirect(book, { headers: await setFlash({ type: "warning", message: translate(NOT_ON_LIST) }) });
      await removeWanted(ctx, id.data);
      return redirect(book, { headers: await setFlash({ type: "success", message: translate(WANT_REMOVED) }) });
    }
    await addWanted(ctx, { bookId: params.bookId });
    return redirect(book, { headers: await setFlash({ type: "success", message: translate(WANT_ADDED) }) });
  } catch (error) {
    // Its own book, a book gone, a full list: the service's words (already in the request's language), on the book.
    if (error instanceof ServiceError) return redirect(book, { headers: await setFlash({ type: "warning", message: error.message }) });
    throw error;
  }
}

/** Nothing to show at this address; a GET goes to the book. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/books/${params.bookId}`);
}
