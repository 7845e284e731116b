import { translate } from "@worker/core/i18n/request-language";
import { requestContext } from "@worker/core/request-context";
import { clearedSessionCookie } from "@worker/core/session-cookie";
import { accountDeletionBlockers, DELETE_CONFIRMATION_WORD, deleteAccount, deleteAccountSchema } from "@worker/features/account/account-deletion";
import { useId } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import { noteOwnSignOut } from "~/core/session-events";
import { TextField } from "~/ui/field";
import type { Route } from "./+types/profile-delete";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Delete my account"} — BookClub` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const [blockers, catalogue] = await Promise.all([accountDeletionBlockers(ctx), pageMessages(context, "account")]);
  return { blockers, word: DELETE_CONFIRMATION_WORD, title: translate("Delete my account"), catalogue };
}

/** Deletes the account, clears this browser's cookie (every other session is already gone) and confirms. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const form = await readFormData(request);
    const parsed = deleteAccountSchema.safeParse({ confirm: textField(form, "confirm") ?? "" });
    if (!parsed.success) return refuse({ confirm: parsed.error.issues[0]?.message ?? translate("Please confirm.") }, 400);
    await deleteAccount(ctx);
  } catch (error) {
    return actionError(error);
  }
  return redirect("/account-deleted", { headers: { "Set-Cookie": clearedSessionCookie(context.get(requestContext).url) } });
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { blockers, word } = loaderData;
  const errors: Record<string, string> = actionData && !actionData.ok ? actionData.errors : {};
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting";
  const ids = useId();
  const t = useT();
  const confirmError = errors.confirm ?? null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="font-serif text-3xl font-bold">{t("Delete my account")}</h1>
      <section className="card space-y-3 p-5">
        <h2 className="font-serif text-xl font-semibold">{t("What will happen")}</h2>
        <ul className="list-disc space-y-1 ps-5 text-stone-800">
          <li>{t("Your profile, picture and e-mail address are removed, and you are signed out on every device.")}</li>
          <li>{t("Your books and their covers are deleted, with their loan requests and waiting lists.")}</li>
          <li>{t("You leave every club. A club you created passes to another admin, or to its oldest member; a club with no other member is deleted.")}</li>
          <li>{t("Your join requests, loan requests, notifications, notification settings and e-mails waiting to be sent are deleted.")}</li>
          <li>{t('The members you talked to keep your conversations; your messages show as from "Deleted member".')}</li>
          <li>{t("This cannot be undone. You may want to download all your data first from your profile.")}</li>
        </ul>
      </section>

      {blockers.length > 0 ? (
        <section className="card space-y-3 p-5" aria-labelledby={`${ids}-blocked`}>
          <h2 id={`${ids}-blocked`} className="font-serif text-xl font-semibold">
            {t("You can't delete your account yet")}
          </h2>
          <p>{t("These books are still out. Once they are back with their owners, you can delete your account.")}</p>
          <ul className="list-disc space-y-1 ps-5">
            {blockers.map((blocker) => (
              <li key={blocker.bookId}>
                <Link to={`/books/${blocker.bookId}`} className="font-medium text-brand-700 hover:underline">
                  {blocker.title || t("Untitled")}
                </Link>{" "}
                {blocker.side === "lent"
                  ? blocker.otherName
                    ? t("— lent to {name}", { name: blocker.otherName })
                    : t("— lent to someone")
                  : blocker.otherName
                    ? t("— you have it from {name}", { name: blocker.otherName })
                    : t("— you have it from its owner")}
              </li>
            ))}
          </ul>
          <Link to="/loans" className="btn btn-secondary">
            {t("Go to my loans")}
          </Link>
        </section>
      ) : (
        <Form method="post" noValidate className="card space-y-4 p-5" onSubmit={noteOwnSignOut}>
          <TextField
            id={`${ids}-confirm`}
            label={t("Type {word} to confirm", { word })}
            error={confirmError}
            name="confirm"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn btn-danger" disabled={deleting}>
              {deleting ? t("Deleting…") : t("Delete my account")}
            </button>
            <Link to="/profile" className="btn btn-secondary">
              {t("Keep my account")}
            </Link>
          </div>
          {errors.form && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
              {errors.form}
            </p>
          )}
        </Form>
      )}
    </div>
  );
}
