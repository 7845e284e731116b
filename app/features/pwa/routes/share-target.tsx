import { translate } from "@worker/core/i18n/request-language";
import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import type { Route } from "./+types/share-target";

export async function loader({ context }: Route.LoaderArgs) {
  return { catalogue: await pageMessages(context, "pwa"), title: translate("Share photos — BookClub") };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return loaderData ? [{ title: loaderData.title }] : [];
}

/**
 * Reached only when the installed app's service worker did not take the shared photos (a browser
 * without service workers, or one that has not installed it yet): the Worker turned the POST into
 * this GET without reading the photos, so nothing was uploaded.
 */
export default function ShareTarget() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl space-y-4 py-12 text-center">
      <h1 className="font-serif text-3xl font-bold">{t("Share photos to BookClub")}</h1>
      <p className="text-stone-700">
        {t("This browser can't receive shared photos, so nothing was uploaded. Open My Books and choose Add Books to pick the cover photos instead.")}
      </p>
      <Link to="/my-books?add=1" className="btn btn-primary">
        {t("Add Books")}
      </Link>
    </div>
  );
}
