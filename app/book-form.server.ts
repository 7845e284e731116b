import { z } from "zod";
import { updateBookSchema } from "../worker/services/book-writes";
import { ServiceError } from "../worker/services/errors";

/** The Edit Book form's fields as the update service takes them (empty borrower means none). */
export function parseBookForm(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const borrower = text("lentToUserId")?.trim();
  return updateBookSchema.safeParse({
    title: text("title"),
    author: text("author"),
    description: text("description") ?? "",
    status: text("status"),
    lentToUserId: borrower ? borrower : null,
    lentToUserName: text("lentToUserName")?.trim() || null,
  });
}

/** Field errors keyed by field name, plus "form" for errors that are not about one field. */
export function formErrors(error: z.ZodError | ServiceError): Record<string, string> {
  if (error instanceof ServiceError) return { form: error.message };
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
