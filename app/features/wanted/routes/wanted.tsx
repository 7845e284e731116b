import { ServiceError } from "@worker/core/errors";
import { reasonPhrase } from "@worker/core/http/reason-phrase";
import { translate } from "@worker/core/i18n/request-language";
import { formatKm } from "@worker/core/shared/distance-format";
import { msg } from "@worker/core/shared/translate";
import {
  addWanted,
  addWantedSchema,
  listWanted,
  removeWanted,
  setWantedRadius,
  WANTED_RADII_KM,
  type WantedView,
  wantedListQuery,
  wantedRadiusSchema,
} from "@worker/features/wanted";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { type FormErrors, fieldErrors } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { numberField, readFormData, textField } from "~/core/form-data.server";
import { useI18n, useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext, readerFor } from "~/core/route-context.server";
import { SelectField, TextField } from "~/ui/field";
import { FieldError } from "~/ui/field-error";
import { NextArrow } from "~/ui/icons";
import type { Route } from "./+types/wanted";
import { WANT_REMOVED } from "./want-book";

const WANTED_TITLE = msg("Wanted books — BookClub");
const ADDED = msg('Added "{title}" to your wanted list.');
const ALREADY = msg('"{title}" is already on your wanted list.');
const RADIUS_SAVED = msg("Saved. We'll tell you about copies within {distance}.");

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: loaderData?.title ?? WANTED_TITLE }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const url = new URL(request.url);
  // A bad or stale token starts the list again instead of failing the page.
  const query = wantedListQuery.safeParse({ nextToken: url.searchParams.get("nextToken") ?? undefined });
  const paged = query.success && query.data.nextToken !== undefined;
  const [page, catalogue] = await Promise.all([listWanted(ctx, query.success ? query.data : {}), pageMessages(context, "wanted")]);
  // The radii travel as data: the page's code takes no value from the server's modules.
  return { ...page, paged, radii: [...WANTED_RADII_KM], catalogue, title: translate(WANTED_TITLE) };
}

const idField = z.coerce.number().int().positive();

/**
 * The page's plain forms (intent): add by ISBN or by title and author, remove one, and the radius. A refusal
 * comes back with what was typed, so nothing is lost; a success redirects with a flash.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  // Back to the page the form was on (a script's post comes to /wanted.data, so the path is not the page's).
  const token = new URL(request.url).searchParams.get("nextToken");
  const here = token ? `/wanted?nextToken=${encodeURIComponent(token)}` : "/wanted";
  const values = { isbn: "", title: "", author: "" };
  let intent: string | undefined;
  const refuse = (errors: FormErrors, status: number) => data({ ok: false as const, errors, intent, values }, { status, statusText: reasonPhrase(status) });
  const done = async (to: string, message: string) => redirect(to, { headers: await setFlash({ type: "success", message }) });
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    // Too large or unreadable: not one of this page's forms, said plainly above the list.
    if (error instanceof ServiceError) return refuse({ form: error.message }, error.status);
    throw error;
  }
  intent = textField(form, "intent");
  Object.assign(values, { isbn: textField(form, "isbn") ?? "", title: textField(form, "title") ?? "", author: textField(form, "author") ?? "" });
  try {
    if (intent === "add-isbn" || intent === "add-title") {
      const input = addWantedSchema.safeParse(intent === "add-isbn" ? { isbn: values.isbn } : { title: values.title, author: values.author });
      if (!input.success) return refuse(fieldErrors(input.error), 400);
      const { item, created } = await addWanted(ctx, input.data);
      return done("/wanted", translate(created ? ADDED : ALREADY, { title: item.title || item.isbn13 || "" }));
    }
    if (intent === "remove") {
      const id = idField.safeParse(textField(form, "wantedId"));
      if (!id.success) return refuse({ form: translate("That wanted book is not on your list.") }, 404);
      await removeWanted(ctx, id.data);
      return done(here, translate(WANT_REMOVED));
    }
    if (intent === "radius") {
      const input = wantedRadiusSchema.safeParse({ radiusKm: numberField(form, "radiusKm") });
      if (!input.success) return refuse({ radiusKm: Object.values(fieldErrors(input.error))[0]! }, 400);
      const { radiusKm } = await setWantedRadius(ctx, input.data);
      return done(here, translate(RADIUS_SAVED, { distance: formatKm(readerFor(request, context).locale, radiusKm) }));
    }
    return refuse({ form: translate("Choose what to do: add, remove or set the distance.") }, 400);
  } catch (error) {
    // The service's refusals (an ISBN nobody knows, a full list, no area) in its words, beside the form that caused them.
    if (!(error instanceof ServiceError)) throw error;
    return refuse({ [intent === "add-isbn" ? "isbn" : intent === "radius" ? "radiusKm" : "form"]: error.message }, error.status);
  }
}

function WantedItem({ item, hasArea }: { item: WantedView; hasArea: boolean }) {
  const t = useT();
  const title = item.title || item.isbn13 || t("Untitled book");
  return (
    <li className="card flex flex-wrap items-start justify-between gap-3 p-4" data-wanted-id={item.id}>
      <div className="min-w-0 space-y-1">
        <h3 className="font-serif text-lg font-semibold" dir="auto">
          {item.bookId ? (
            <Link to={`/books/${item.bookId}`} className="hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {item.author && (
          <p className="text-sm text-stone-700" dir="auto">
            {item.author}
          </p>
        )}
        {item.isbn13 && <p className="text-sm text-stone-700">{t("ISBN {isbn}", { isbn: item.isbn13 })}</p>}
        {hasArea && (
          <p className="text-sm font-semibold text-brand-800">
            {t("{count, plural, =0 {No copies near you yet} one {# copy near you} other {# copies near you}}", { count: item.copiesNear })}
          </p>
        )}
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="wantedId" value={item.id} />
        <button type="submit" className="btn btn-secondary" aria-label={t("Remove {title}", { title })}>
          {t("Remove")}
        </button>
      </Form>
    </li>
  );
}

export default function Wanted({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const failed = actionData;
  const errors = failed?.errors ?? {};
  const values = failed?.values ?? { isbn: "", title: "", author: "" };
  const error = (intent: string, field: string) => (failed?.intent === intent ? errors[field] : undefined);
  // A new book on the list clears the add forms; a refusal keeps what was typed.
  const formKey = loaderData.items[0]?.id ?? 0;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold">{t("Wanted books")}</h1>
        <p className="mt-1 text-stone-700">{t("Books you would like to borrow. We tell you when a copy is available near you.")}</p>
      </div>

      <section aria-labelledby="wanted-add-heading" className="card space-y-4 p-4">
        <h2 id="wanted-add-heading" className="font-serif text-xl font-semibold">
          {t("Add a book you want")}
        </h2>
        <Form method="post" key={`isbn-${formKey}`} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-isbn" />
          <TextField
            label={t("By ISBN")}
            name="isbn"
            id="wanted-isbn"
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            defaultValue={failed?.intent === "add-isbn" ? values.isbn : ""}
            error={error("add-isbn", "isbn") ?? error("add-isbn", "form")}
            fieldClassName="min-w-0 flex-1"
          />
          <button type="submit" className="btn btn-primary">
            {t("Add by ISBN")}
          </button>
        </Form>
        <Form method="post" key={`title-${formKey}`} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-title" />
          <TextField
            label={t("Title")}
            name="title"
            id="wanted-title"
            maxLength={300}
            defaultValue={failed?.intent === "add-title" ? values.title : ""}
            error={error("add-title", "title") ?? error("add-title", "form")}
            fieldClassName="min-w-0 flex-1"
          />
          <TextField
            label={t("Author (optional)")}
            name="author"
            id="wanted-author"
            maxLength={200}
            defaultValue={failed?.intent === "add-title" ? values.author : ""}
            error={error("add-title", "author")}
            fieldClassName="min-w-0 flex-1"
          />
          <button type="submit" className="btn btn-primary">
            {t("Add by title")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="wanted-radius-heading" className="card space-y-3 p-4">
        <h2 id="wanted-radius-heading" className="font-serif text-xl font-semibold">
          {t("Copies near you")}
        </h2>
        {loaderData.hasArea ? (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="radius" />
            <SelectField
              label={t("Tell me about copies within")}
              name="radiusKm"
              id="wanted-radius"
              defaultValue={String(loaderData.radiusKm)}
              error={error("radius", "radiusKm") ?? error("radius", "form")}
            >
              {loaderData.radii.map((km) => (
                <option key={km} value={km}>
                  {formatKm(locale, km)}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="btn btn-secondary">
              {t("Save")}
            </button>
          </Form>
        ) : (
          <p className="text-stone-800">
            {t("Set your area on your profile to hear of copies near you.")}{" "}
            <Link to="/profile#my-area" className="font-semibold text-brand-700 underline">
              {t("Set my area")}
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="wanted-list-heading" className="space-y-3">
        <h2 id="wanted-list-heading" className="font-serif text-xl font-semibold">
          {t("My wanted books")}
        </h2>
        <FieldError message={["add-isbn", "add-title", "radius"].includes(failed?.intent ?? "") ? undefined : errors.form} />
        {loaderData.items.length === 0 ? (
          <p className="card p-6 text-center text-stone-700">
            {loaderData.paged ? t("No older wanted books.") : t("Nothing here yet. Press “Want this book” on a book’s page, or add one above.")}
          </p>
        ) : (
          <ul className="space-y-3">
            {loaderData.items.map((item) => (
              <WantedItem key={item.id} item={item} hasArea={loaderData.hasArea} />
            ))}
          </ul>
        )}
        <nav aria-label={t("Pages")} className="flex flex-wrap justify-between gap-3">
          {loaderData.paged ? (
            <Link to="/wanted" className="btn btn-secondary">
              {t("Back to the newest")}
            </Link>
          ) : (
            <span />
          )}
          {loaderData.nextToken && (
            <Link to={`/wanted?nextToken=${loaderData.nextToken}`} className="btn btn-secondary">
              {t("Older")} <NextArrow />
            </Link>
          )}
        </nav>
      </section>
    </div>
  );
}
