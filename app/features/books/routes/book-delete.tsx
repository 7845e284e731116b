import { translate } from "@worker/core/i18n/request-language";
import { deleteBook } from "@worker/features/books/book-writes";
import { isLentOut } from "@worker/features/loans";
import { redirect } from "react-router";
import { actionError } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { readFormData } from "~/core/form-data.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/book-delete";

/** Deleting a book: an action of its own, posted from the book page, the edit page and My Books. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const form = await readFormData(request);
    await deleteBook(ctx, params.bookId, isLentOut);
    // My Books removes the card and stays; the book's own pages have nothing left to show.
    if (form.get("from") === "my-books") return { ok: true as const, errors: {} };
    return redirect("/library", { headers: await setFlash({ type: "success", message: translate("Book deleted") }) });
  } catch (error) {
    return actionError(error);
  }
}

/** Nothing to show at this address; a GET goes to the book. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/books/${params.bookId}`);
}
