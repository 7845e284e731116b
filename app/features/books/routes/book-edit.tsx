import { translate } from "@worker/core/i18n/request-language";
import { COVER_ALT_MAX } from "@worker/core/shared/cover-analysis";
import { DEFAULT_LEND_RULE, DEFAULT_LEND_WITHIN_KM } from "@worker/core/shared/lend-rules";
import { findOwnLendRule, listClubChoices, updateBook } from "@worker/features/books/book-writes";
import { findBookById } from "@worker/features/books/library";
import { viewerCell } from "@worker/features/geo";
import { writeBookEdit } from "@worker/features/loans";
import { Form, Link, redirect, useNavigation } from "react-router";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { LendRuleFields } from "~/features/loans";
import { lendRuleFormErrors } from "~/features/loans/index.server";
import { bookFieldStyle, TextAreaField, TextField } from "~/ui/field";
import { BackArrow } from "~/ui/icons";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { BookEditFields } from "../book-edit-form";
import { parseBookForm } from "../book-form.server";
import { BookLanguageAgeFields } from "../book-language-age-fields";
import { CoverField } from "../cover-field";
import { coverFromForm, dropUnusedCover, readBookForm } from "../cover-form.server";
import { DeleteBookButton } from "../delete-book-button";
import type { Route } from "./+types/book-edit";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? "Edit book — BookClub" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const [book, clubs, lending, area, catalogue] = await Promise.all([
    findBookById(ctx, params.bookId),
    listClubChoices(ctx),
    findOwnLendRule(ctx, params.bookId),
    viewerCell(ctx),
    // The lending rule's form is the loans feature's.
    pageMessages(context, "books", "loans"),
  ]);
  if (!book) throw refusal(translate("We couldn't find that book."), 404);
  if (book.userId !== ctx.user.id) throw refusal(translate("Only the owner can edit this book."), 403);
  // The page's title in the request's language (meta has no translator).
  const title = book.title ? translate("Edit {title} — BookClub", { title: book.title }) : translate("Edit book — BookClub");
  const memberDefault = { rule: ctx.user.lendTo ?? DEFAULT_LEND_RULE, km: ctx.user.lendWithinKm ?? DEFAULT_LEND_WITHIN_KM };
  return {
    book,
    clubs,
    lending: { rule: lending?.lendTo ?? null, km: lending?.lendWithinKm ?? memberDefault.km, memberDefault, hasArea: Boolean(area) },
    catalogue,
    title,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  let form: FormData;
  try {
    form = await readBookForm(request);
  } catch (error) {
    return actionError(error, { field: "cover" });
  }
  const parsed = parseBookForm(form);
  if (!parsed.success) return refuse(lendRuleFormErrors(fieldErrors(parsed.error)), 400);
  let cover: string | undefined;
  try {
    cover = await coverFromForm(ctx, form);
  } catch (error) {
    return actionError(error, { field: "cover" });
  }
  try {
    const book = await updateBook(ctx, params.bookId, { ...parsed.data, ...(cover ? { s3Key: cover } : {}) }, writeBookEdit);
    // The My Books dialog stays on its page and takes the saved book; the page goes to the book.
    if (form.get("from") === "dialog") return { ok: true as const, book, errors: {} };
    return redirect(`/books/${params.bookId}`, { headers: await setFlash({ type: "success", message: translate("Book updated") }) });
  } catch (error) {
    await dropUnusedCover(ctx, cover);
    return actionError(error);
  }
}

export default function BookEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { book, clubs, lending } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.endsWith("/edit");
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={`/books/${book.bookId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to the book")}
      </Link>
      <h1 className="font-serif text-3xl font-bold">{t("Edit Book")}</h1>
      {/* Multipart: the cover picture is posted with the form (a book added by hand gets its cover here). */}
      <Form method="post" encType="multipart/form-data" className="card space-y-6 p-5">
        <BookEditFields book={book} clubs={clubs} errors={errors} />
        <BookLanguageAgeFields language={book.language} ageGroupFine={book.ageGroupFine} errors={errors} />
        <TextField {...bookFieldStyle} label="ISBN" name="isbn" autoComplete="off" defaultValue={book.isbn13 ?? book.isbn10 ?? ""} error={errors?.isbn} />
        <CoverField current={book.coverImage} title={book.title} author={book.author} description={book.coverAlt} error={errors?.cover} />
        <TextAreaField
          {...bookFieldStyle}
          label={t("Cover description")}
          hint={t("What the cover shows, for readers who can't see it. Empty: only the title and author are said.")}
          name="coverAlt"
          rows={2}
          maxLength={COVER_ALT_MAX}
          defaultValue={book.coverAlt ?? ""}
          error={errors?.coverAlt}
        />
        <LendRuleFields
          legend={t("Who may ask to borrow this book")}
          rule={lending.rule}
          km={lending.km}
          memberDefault={lending.memberDefault}
          hasArea={lending.hasArea}
          errors={errors}
        />
        <div className="flex flex-wrap justify-between gap-3">
          <DeleteBookButton formAction={`/books/${book.bookId}/delete`} />
          <div className="flex gap-3">
            <Link to={`/books/${book.bookId}`} className="btn btn-secondary">
              {t("Cancel")}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? t("Saving…") : t("Save")}
            </button>
          </div>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refused page has no loader data, so no catalogue of its own: these read in English unless core's has them.
  const t = useT();
  return <RouteErrorBoundary error={error} heading={t("Failed to load book")} byStatus={{ 403: t("You can't edit this book"), 404: t("Book not found") }} />;
}
