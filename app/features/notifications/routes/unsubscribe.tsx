import { translate } from "@worker/core/i18n/request-language";
import type { Translate } from "@worker/core/shared/translate";
import { readUnsubscribeLink, type UnsubscribeLink, unsubscribeByToken } from "@worker/features/notifications/unsubscribe";
import { TURN_OFF, UNSUBSCRIBED, UNSUBSCRIBED_FROM_ALL } from "@worker/features/notifications/unsubscribe-texts";
import { data, Form, Link } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { serviceContext } from "~/core/route-context.server";
import type { Route } from "./+types/unsubscribe";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Unsubscribe"} — BookClub` }, { name: "robots", content: "noindex" }];
}

/**
 * GET asks first: mail scanners open links, and only a POST (the button, or a mail client's one-click) changes anything.
 * The page is in the language the e-mail was: its link carries `lang` (worker/features/notifications/email-outbox.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [link, catalogue] = await Promise.all([token ? readUnsubscribeLink(serviceContext(context), token) : null, pageMessages(context, "notifications")]);
  const title = translate("Unsubscribe");
  if (!link) return data({ state: "invalid" as const, catalogue, title }, { status: 400 });
  return { state: "ask" as const, maskedEmail: link.maskedEmail, preference: link.preference, catalogue, title };
}

const invalid = () => data({ state: "invalid" as const }, { status: 400 });

/**
 * The page's button (the form posts back to the link itself), or RFC 8058's one-click POST
 * (`List-Unsubscribe=One-Click`, from a mail provider's servers; worker/features/notifications/one-click-unsubscribe.ts
 * takes those from other sites). The signed token in the URL is the only authority, not a session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = token ? await unsubscribeByToken(serviceContext(context), token) : null;
  if (!done) return invalid();
  return { state: "done" as const, ...done };
}

function doneText(t: Translate, { preference, maskedEmail }: UnsubscribeLink) {
  return preference === "emailOptIn" ? t(UNSUBSCRIBED_FROM_ALL, { email: maskedEmail }) : t(UNSUBSCRIBED, { topic: preference, email: maskedEmail });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const shown = actionData ?? loaderData;
  return (
    <div className="card mx-auto max-w-lg space-y-4 p-6">
      <h1 className="font-serif text-2xl font-bold">{t("Unsubscribe")}</h1>
      {shown.state === "invalid" && (
        <p role="alert" className="text-red-800">
          {t("This unsubscribe link is not valid.")}
        </p>
      )}
      {shown.state === "ask" && (
        <Form method="post" className="space-y-4">
          <p>{t(TURN_OFF, { topic: shown.preference, email: shown.maskedEmail })}</p>
          <button type="submit" className="btn btn-primary">
            {t("Turn off")}
          </button>
        </Form>
      )}
      {shown.state === "done" && <p role="status">{doneText(t, shown)}</p>}
      <p className="text-sm text-stone-700">
        <Link to="/settings/notifications" className="font-medium text-brand-700 hover:underline">
          {t("Manage your notification settings")}
        </Link>
      </p>
    </div>
  );
}
