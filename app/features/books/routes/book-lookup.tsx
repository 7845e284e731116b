import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { LOOKUP_QUEUED, lookUpAgain } from "@worker/features/books/book-lookup";
import { redirect } from "react-router";
import { setFlash } from "~/core/flash.server";
import { readFormOrRefuse } from "~/core/form-data.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/book-lookup";

/**
 * POST /books/{bookId}/lookup: the owner's "Look up again" on the book page. A plain form: it redirects
 * back to the book with the outcome as a flash, so it works before any script.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  const book = `/books/${params.bookId}`;
  const form = await readFormOrRefuse(request);
  if (form instanceof Response) return form;
  try {
    await lookUpAgain(ctx, params.bookId);
    return redirect(book, { headers: await setFlash({ type: "success", message: translate(LOOKUP_QUEUED) }) });
  } catch (error) {
    // Not theirs (404) or nothing to look up: the service's words, already in the request's language.
    if (error instanceof ServiceError) return redirect(book, { headers: await setFlash({ type: "warning", message: error.message }) });
    throw error;
  }
}

/** Nothing to show at this address; a GET goes to the book. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/books/${params.bookId}`);
}
