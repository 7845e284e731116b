import { translate } from "@worker/core/i18n/request-language";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import type { Route } from "./+types/account-deleted";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: translate("Account deleted"), catalogue: await pageMessages(context, "account") };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Account deleted"} — BookClub` }];
}

/** Where the browser lands after "Delete my account", already signed out. */
export default function AccountDeleted() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl space-y-4 py-6">
      <h1 className="font-serif text-3xl font-bold">{t("Your account has been deleted")}</h1>
      <p>{t("Your profile, books and covers are gone, and you have been signed out on every device.")}</p>
      <p>{t('The members you talked to keep your conversations, shown as from "Deleted member".')}</p>
      <Link to="/" className="btn btn-primary">
        {t("Go to the home page")}
      </Link>
    </div>
  );
}
