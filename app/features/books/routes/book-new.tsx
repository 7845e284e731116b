import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { createBook, manualBookSchema } from "@worker/features/books/book-writes";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { ScanIsbnButton } from "../scan-isbn-button";
import { bookFieldStyle, TextAreaField, TextField } from "~/ui/field";
import { setFlash } from "~/core/flash.server";
import { readFormData, textField } from "~/core/form-data.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/book-new";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Add a book — BookClub" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const form = await readFormData(request);
    const parsed = manualBookSchema.safeParse({
      title: textField(form, "title") ?? "",
      author: textField(form, "author") ?? "",
      description: textField(form, "description") ?? "",
      isbn: textField(form, "isbn") ?? "",
    });
    if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
    const book = await createBook(ctx, parsed.data);
    return redirect(`/books/${book.bookId}`, { headers: await setFlash({ type: "success", message: "Book added" }) });
  } catch (error) {
    return actionError(error, { message: (refused) => (refused.status === 413 ? refused.message : "Failed to add book") });
  }
}

export default function BookNew({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting";
  const errors = actionData?.errors;
  // "Add it by hand" from the scanner brings the ISBN it read.
  const [searchParams] = useSearchParams();
  const scannedIsbn = searchParams.get("isbn") ?? "";
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Add a book</h1>
        <ScanIsbnButton />
      </div>
      <Form method="post" className="card space-y-4 p-5">
        <TextField {...bookFieldStyle} label="Title" name="title" required error={errors?.title} />
        <TextField {...bookFieldStyle} label="Author" name="author" required error={errors?.author} />
        <TextField {...bookFieldStyle} key={scannedIsbn} label="ISBN" name="isbn" autoComplete="off" defaultValue={scannedIsbn} error={errors?.isbn} />
        <TextAreaField {...bookFieldStyle} id="new-description" label="Description" name="description" rows={4} />
        {errors?.form && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Link to="/my-books" className="btn btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={adding}>
            {adding ? "Adding…" : "Add Book"}
          </button>
        </div>
      </Form>
    </div>
  );
}
