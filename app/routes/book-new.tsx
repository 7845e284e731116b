import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../worker/context";
import { createBook, manualBookSchema } from "../../worker/services/book-writes";
import { ServiceError } from "../../worker/services/errors";
import { requireMember } from "../auth.server";
import { formErrors } from "../book-form.server";
import { TextField } from "../components/text-field";
import { setFlash } from "../flash.server";
import type { Route } from "./+types/book-new";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Add a book — BookClub" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireMember(context);
  const { db, env } = context.get(requestContext);
  const form = await request.formData();
  const parsed = manualBookSchema.safeParse({
    title: form.get("title") ?? "",
    author: form.get("author") ?? "",
    description: form.get("description") ?? "",
  });
  if (!parsed.success) return data({ errors: formErrors(parsed.error) }, { status: 400 });
  const failed: Record<string, string> = { form: "Failed to add book" };
  try {
    const book = await createBook({ db, env, user }, parsed.data);
    return redirect(`/books/${book.bookId}`, { headers: await setFlash({ type: "success", message: "Book added" }) });
  } catch (error) {
    if (error instanceof ServiceError) return data({ errors: failed }, { status: error.status });
    throw error;
  }
}

export default function BookNew({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting";
  const errors = actionData?.errors;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="font-serif text-3xl font-bold">Add a book</h1>
      <Form method="post" className="card space-y-4 p-5">
        <TextField label="Title" name="title" required error={errors?.title} />
        <TextField label="Author" name="author" required error={errors?.author} />
        <div>
          <label htmlFor="new-description" className="mb-1 block text-sm font-semibold">
            Description
          </label>
          <textarea id="new-description" name="description" rows={4} className="field" />
        </div>
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
