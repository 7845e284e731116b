import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import type { NotificationKey } from "@worker/db/schema";
import { localOutboxEnabled } from "@worker/features/notifications/email-outbox";
import { getNotificationSettings, notificationSettingsSchema, updateNotificationSettings } from "@worker/features/notifications/notification-prefs";
import { useEffect } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext } from "~/core/route-context.server";
import { isPushIntent, PushDevicesSection, pushResultOf } from "~/features/push";
import { pushIntentAction, pushSettingsFor } from "~/features/push/index.server";
import { BackArrow } from "~/ui/icons";
import { Switch } from "~/ui/switch";
import { useToast } from "~/ui/toaster";
import type { Route } from "./+types/notification-settings";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Notification settings"} — BookClub` }];
}

const LOAD_FAILED = msg("Failed to load preferences");
const SAVE_FAILED = msg("Failed to save preferences");
const SAVED = msg("Notification preferences saved");

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  // With no e-mail provider configured, e-mails wait in the local outbox (/dev/outbox).
  const outbox = localOutboxEnabled(ctx.env);
  const [push, catalogue] = await Promise.all([pushSettingsFor(ctx), pageMessages(context, "notifications", "push")]);
  const page = { outbox, push, catalogue, title: translate("Notification settings") };
  try {
    return { settings: await getNotificationSettings(ctx), ...page };
  } catch (error) {
    console.error("Loading notification preferences failed", error);
    return { settings: null, ...page };
  }
}

/** Each switch posts `intent=<key>=on|off`: the state it asks for, so a repeated post changes nothing. */
const INTENT = /^(\w+)=(on|off)$/;
/** A switch's form is a few bytes; the push section's carries the browser's subscription (its endpoint is at most 2 KB, escaped). */
const MAX_FORM_BYTES = 8 * 1024;

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const form = await readFormData(request, MAX_FORM_BYTES, SAVE_FAILED);
    const intent = textField(form, "intent");
    if (isPushIntent(intent)) return await pushIntentAction(ctx, intent, form, request.headers.get("User-Agent"));
    const [, key, state] = INTENT.exec(intent ?? "") ?? [];
    const on = state === "on";
    const parsed = notificationSettingsSchema.safeParse(key === "emailOptIn" ? { emailOptIn: on } : { prefs: { [key ?? ""]: on } });
    if (!key || !parsed.success) return refuse({ form: translate(SAVE_FAILED) }, 400);
    return { ok: true as const, settings: await updateNotificationSettings(ctx, parsed.data) };
  } catch (error) {
    return actionError(error, { message: () => translate(SAVE_FAILED) });
  }
}

const TOPICS: Record<NotificationKey, { label: string; description: string }> = {
  new_book_from_followed_user: {
    label: msg("New books from people you follow"),
    description: msg("When a member you follow adds a book."),
  },
  comment_on_your_book: { label: msg("Comments on your books"), description: msg("When someone comments on a book you shared.") },
  reminder_due_date: { label: msg("Due date reminders"), description: msg("Before a book you borrowed or lent is due back.") },
  new_member_in_your_club: { label: msg("New club members"), description: msg("When someone joins a club you belong to.") },
  club_announcement: { label: msg("Club announcements"), description: msg("News and events from your clubs.") },
  dm_message_received: { label: msg("Direct messages"), description: msg("When another member sends you a message.") },
  wanted_book_nearby: {
    label: msg("A book you want is available near you"),
    description: msg("When a copy of a book on your wanted list is listed, returned or freed within your radius. E-mail and push come at most once a day."),
  },
};
const TOPIC_KEYS = Object.keys(TOPICS) as NotificationKey[];

type SettingKey = NotificationKey | "emailOptIn";
const fetcherKey = (key: SettingKey) => `notification-setting-${key}`;

/** The value the member last asked for while it is being saved, else the saved value. */
function useSetting(key: SettingKey, saved: boolean) {
  const fetcher = useFetcher<typeof action>({ key: fetcherKey(key) });
  const pending = fetcher.formData?.get("intent");
  const value = typeof pending === "string" ? pending.endsWith("=on") : saved;
  return { fetcher, value };
}

function SettingSwitch({
  settingKey,
  saved,
  disabled,
  label,
  description,
}: {
  settingKey: SettingKey;
  saved: boolean;
  disabled?: boolean;
  label: string;
  description: string;
}) {
  const { fetcher, value } = useSetting(settingKey, saved);
  const { notify } = useToast();
  const t = useT();
  const result = fetcher.data;

  useEffect(() => {
    if (!result) return;
    if (result.ok) notify("success", t(SAVED));
    else notify("error", t(SAVE_FAILED));
  }, [result, notify, t]);

  return (
    <fetcher.Form method="post">
      <Switch
        id={`setting-${settingKey}`}
        name="intent"
        value={`${settingKey}=${value ? "off" : "on"}`}
        checked={value}
        disabled={disabled}
        label={label}
        description={description}
      />
    </fetcher.Form>
  );
}

export default function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  // Without JavaScript the switches post as ordinary forms; the result is shown here.
  const actionData = useActionData<typeof action>();
  // The push section shows its own answers.
  const documentResult = pushResultOf(actionData) ? undefined : actionData;
  const master = useSetting("emailOptIn", settings?.emailOptIn ?? true).value;
  const t = useT();

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to="/profile" className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to Profile")}
      </Link>
      <section aria-labelledby="email-notifications" className="card space-y-4 p-5">
        <h1 id="email-notifications" className="font-serif text-2xl font-bold">
          {t("Email Notifications")}
        </h1>
        {documentResult && (
          <p role={documentResult.ok ? "status" : "alert"} className={documentResult.ok ? "text-green-800" : "text-red-800"}>
            {documentResult.ok ? t(SAVED) : documentResult.errors.form}
          </p>
        )}
        {!settings ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
            {t(LOAD_FAILED)}
          </p>
        ) : (
          <>
            <SettingSwitch
              settingKey="emailOptIn"
              saved={settings.emailOptIn}
              label={t("Email notifications")}
              description={t("Turn off to stop all e-mails and device notifications from BookClub. Your choices below are kept.")}
            />
            <fieldset aria-labelledby="email-topics" className="space-y-1 border-t border-stone-200 pt-4">
              <h2 id="email-topics" className="px-2 pb-1 text-sm font-semibold tracking-wide text-stone-700 uppercase">
                {t("E-mail me about")}
              </h2>
              {TOPIC_KEYS.map((key) => (
                <SettingSwitch
                  key={key}
                  settingKey={key}
                  saved={settings.prefs[key]}
                  disabled={!master}
                  label={t(TOPICS[key].label)}
                  description={t(TOPICS[key].description)}
                />
              ))}
            </fieldset>
          </>
        )}
        {loaderData.outbox && (
          <p className="border-t border-stone-200 pt-4 text-sm">
            <Link to="/dev/outbox" className="font-medium text-brand-700 hover:underline">
              {t("See the e-mails BookClub would have sent you")}
            </Link>
          </p>
        )}
      </section>
      <PushDevicesSection push={loaderData.push} />
    </div>
  );
}
