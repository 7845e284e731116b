import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { createBook, isbnBookSchema, manualBookSchema, updateBook } from "@worker/features/books/book-writes";
import { writeBookEdit } from "@worker/features/loans";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import { bookFieldStyle, TextAreaField, TextField } from "~/ui/field";
import { BookLanguageAgeFields } from "../book-language-age-fields";
import { CoverField } from "../cover-field";
import { coverFromForm, dropUnusedCover, readBookForm } from "../cover-form.server";
import { ScanIsbnButton } from "../scan-isbn-button";
import type { Route } from "./+types/book-new";

const ADD_A_BOOK_TITLE = msg("Add a book — BookClub");

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? ADD_A_BOOK_TITLE }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { catalogue: await pageMessages(context, "books"), title: translate(ADD_A_BOOK_TITLE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  let form: FormData;
  try {
    form = await readBookForm(request);
  } catch (error) {
    return actionError(error, { field: "cover" });
  }
  const title = textField(form, "title") ?? "";
  const author = textField(form, "author") ?? "";
  const isbn = textField(form, "isbn") ?? "";
  // Only an ISBN: the server looks the book up and fills in the rest, as a scan does.
  if (!title.trim() && !author.trim() && isbn.trim()) return addByIsbn(ctx, form, isbn);
  const parsed = manualBookSchema.safeParse({
    title,
    author,
    description: textField(form, "description") ?? "",
    isbn,
    // "Not set" posts an empty value: the book has none.
    language: textField(form, "language") || undefined,
    ageGroupFine: textField(form, "ageGroupFine") || undefined,
  });
  if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
  return createWithCover(ctx, form, parsed.data, {
    message: (refused) => (refused.status === 413 ? refused.message : translate("Failed to add book")),
  });
}

async function addByIsbn(ctx: MemberContext, form: FormData, isbn: string) {
  const parsed = isbnBookSchema.safeParse({ isbn });
  if (!parsed.success) return refuse(fieldErrors(parsed.error), 400);
  // No service knows it (404), the member has it (409), none answers (503): said beside the ISBN.
  return createWithCover(ctx, form, parsed.data, {
    field: "isbn",
    message: (refused) => (refused.status < 500 || refused.status === 503 ? refused.message : translate("Failed to add book")),
  });
}

/** Adds the book, then the form's photo as its cover; `failure` says how a refused book is shown (an unused photo is dropped). */
async function createWithCover(ctx: MemberContext, form: FormData, input: Parameters<typeof createBook>[1], failure: Parameters<typeof actionError>[1]) {
  let cover: string | undefined;
  try {
    cover = await coverFromForm(ctx, form);
  } catch (error) {
    return actionError(error, { field: "cover" });
  }
  try {
    const book = await createBook(ctx, input);
    // The photo goes on like a new cover on Edit Book (the same checks), replacing any cover an ISBN lookup found.
    if (cover) await updateBook(ctx, book.bookId, { s3Key: cover }, writeBookEdit);
    return redirect(`/books/${book.bookId}`, { headers: await setFlash({ type: "success", message: translate("Book added") }) });
  } catch (error) {
    await dropUnusedCover(ctx, cover);
    return actionError(error, failure);
  }
}

export default function BookNew({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting";
  const errors = actionData?.errors;
  // "Add it by hand" from the scanner brings the ISBN it read.
  const [searchParams] = useSearchParams();
  const scannedIsbn = searchParams.get("isbn") ?? "";
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">{t("Add a book")}</h1>
        <ScanIsbnButton />
      </div>
      {/* Multipart: the cover picture is posted with the form. */}
      <Form method="post" encType="multipart/form-data" className="card space-y-4 p-5">
        <p id="new-book-isbn-only" className="text-sm text-stone-700">
          {t("Only have the ISBN? Leave title and author empty: we look the book up.")}
        </p>
        {/* Not required in the browser: with an ISBN alone the server looks the rest up (and says what is missing otherwise). */}
        <TextField {...bookFieldStyle} label={t("Title")} name="title" describedBy={["new-book-isbn-only"]} error={errors?.title} />
        <TextField {...bookFieldStyle} label={t("Author")} name="author" error={errors?.author} />
        <TextField {...bookFieldStyle} key={scannedIsbn} label="ISBN" name="isbn" autoComplete="off" defaultValue={scannedIsbn} error={errors?.isbn} />
        <BookLanguageAgeFields errors={errors} />
        <TextAreaField {...bookFieldStyle} id="new-description" label={t("Description")} name="description" rows={4} />
        <CoverField current={null} title="" error={errors?.cover} />
        {errors?.form && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {errors.form}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Link to="/my-books" className="btn btn-secondary">
            {t("Cancel")}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={adding}>
            {adding ? t("Adding…") : t("Add Book")}
          </button>
        </div>
      </Form>
    </div>
  );
}
