import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../worker/context";
import { deleteBook, updateBook } from "../../worker/services/book-writes";
import { ServiceError } from "../../worker/services/errors";
import { findBookById } from "../../worker/services/library";
import { requireMember } from "../auth.server";
import { formErrors, parseBookForm } from "../book-form.server";
import { BookEditFields } from "../components/book-edit-form";
import { DeleteBookButton } from "../components/delete-book-button";
import { setFlash } from "../flash.server";
import type { Route } from "./+types/book-edit";


export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `Edit ${loaderData?.book.title || "book"} — BookClub` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireMember(context);
  const { db, env } = context.get(requestContext);
  const book = await findBookById({ db, env, user }, params.bookId);
  if (!book) throw data("We couldn't find that book.", { status: 404 });
  if (book.userId !== user.id) throw data("Only the owner can edit this book.", { status: 403 });
  return { book };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireMember(context);
  const { db, env } = context.get(requestContext);
  const ctx = { db, env, user };
  const form = await request.formData();
  const fromDialog = form.get("from") === "dialog";
  try {
    if (form.get("intent") === "delete") {
      await deleteBook(ctx, params.bookId);
      if (fromDialog) return { ok: true as const, deleted: true, errors: {} };
      return redirect("/library", { headers: await setFlash({ type: "success", message: "Book deleted" }) });
    }
    const parsed = parseBookForm(form);
    if (!parsed.success) return data({ ok: false as const, errors: formErrors(parsed.error) }, { status: 400 });
    const book = await updateBook(ctx, params.bookId, parsed.data);
    if (fromDialog) return { ok: true as const, book, errors: {} };
    return redirect(`/books/${params.bookId}`, { headers: await setFlash({ type: "success", message: "Book updated" }) });
  } catch (error) {
    if (error instanceof ServiceError) return data({ ok: false as const, errors: formErrors(error) }, { status: error.status });
    throw error;
  }
}

export default function BookEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { book } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={`/books/${book.bookId}`} className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to the book
      </Link>
      <h1 className="font-serif text-3xl font-bold">Edit Book</h1>
      <Form method="post" className="card space-y-6 p-5">
        <BookEditFields book={book} errors={actionData && !actionData.ok ? actionData.errors : undefined} />
        <div className="flex flex-wrap justify-between gap-3">
          <DeleteBookButton />
          <div className="flex gap-3">
            <Link to={`/books/${book.bookId}`} className="btn btn-secondary">
              Cancel
            </Link>
            <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={saving}>
              {saving ? "Saving…" : "Save"}
            </button>
          </div>
        </div>
      </Form>
    </div>
  );
}
