import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import type { NotificationChannel, NotificationKey } from "@worker/db/schema";
import { localOutboxEnabled } from "@worker/features/notifications/email-outbox";
import {
  getNotificationSettings,
  notificationSettingsSchema,
  type NotificationSettings as Settings,
  updateNotificationSettings,
} from "@worker/features/notifications/notification-prefs";
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

/**
 * Each switch posts `intent=<setting>=on|off`, the state it asks for, so a repeated post changes
 * nothing: `emailOptIn`, a whole topic (`dm_message_received`) or one cell of the grid
 * (`dm_message_received.email`).
 */
const INTENT = /^(\w+)(?:\.(bell|email|push))?=(on|off)$/;
/** A switch's form is a few bytes; the push section's carries the browser's subscription (its endpoint is at most 2 KB, escaped). */
const MAX_FORM_BYTES = 8 * 1024;

function settingOf(intent: string | undefined): unknown {
  const [, key = "", channel, state] = INTENT.exec(intent ?? "") ?? [];
  const on = state === "on";
  if (!state) return null;
  if (key === "emailOptIn") return channel ? null : { emailOptIn: on };
  return channel ? { channels: { [key]: { [channel]: on } } } : { prefs: { [key]: on } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const form = await readFormData(request, MAX_FORM_BYTES, SAVE_FAILED);
    const intent = textField(form, "intent");
    if (isPushIntent(intent)) return await pushIntentAction(ctx, intent, form, request.headers.get("User-Agent"));
    const parsed = notificationSettingsSchema.safeParse(settingOf(intent));
    if (!parsed.success) return refuse({ form: translate(SAVE_FAILED) }, 400);
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

const CHANNELS: { channel: NotificationChannel; label: string }[] = [
  { channel: "bell", label: msg("Bell") },
  { channel: "email", label: msg("E-mail") },
  { channel: "push", label: msg("Push") },
];

type SettingKey = NotificationKey | "emailOptIn" | `${NotificationKey}.${NotificationChannel}`;
const fetcherKey = (key: SettingKey) => `notification-setting-${key}`;

/** The value the member last asked for while it is being saved, else the saved value. */
function useSetting(key: SettingKey, saved: boolean) {
  const fetcher = useFetcher<typeof action>({ key: fetcherKey(key) });
  const pending = fetcher.formData?.get("intent");
  const value = typeof pending === "string" ? pending.endsWith("=on") : saved;
  return { fetcher, value };
}

/** Says whether the save worked, once per answer. */
function useSavedToast(result: { ok: boolean } | undefined) {
  const { notify } = useToast();
  const t = useT();
  useEffect(() => {
    if (!result) return;
    if (result.ok) notify("success", t(SAVED));
    else notify("error", t(SAVE_FAILED));
  }, [result, notify, t]);
}

function SettingSwitch({ settingKey, saved, label, description }: { settingKey: SettingKey; saved: boolean; label: string; description: string }) {
  const { fetcher, value } = useSetting(settingKey, saved);
  useSavedToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <Switch
        id={`setting-${settingKey}`}
        name="intent"
        value={`${settingKey}=${value ? "off" : "on"}`}
        checked={value}
        label={label}
        description={description}
      />
    </fetcher.Form>
  );
}

/** One cell of the grid: a topic on one channel. Its name says both ("Direct messages: E-mail"). */
function CellSwitch({ settingKey, saved, disabled, label }: { settingKey: SettingKey; saved: boolean; disabled: boolean; label: string }) {
  const { fetcher, value } = useSetting(settingKey, saved);
  useSavedToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex justify-center">
      <button
        type="submit"
        role="switch"
        aria-checked={value}
        aria-label={label}
        id={`setting-${settingKey}`}
        name="intent"
        value={`${settingKey}=${value ? "off" : "on"}`}
        disabled={disabled}
        className="flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full border-2 transition-colors ${
            value ? "border-brand-700 bg-brand-700" : "border-stone-500 bg-stone-200"
          }`}
        >
          <span
            className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${value ? "translate-x-4 rtl:-translate-x-4" : "translate-x-0.5 rtl:-translate-x-0.5"}`}
          />
        </span>
      </button>
    </fetcher.Form>
  );
}

/** Each topic by channel: what turning a switch off stops is the cell it sits in, nothing else. */
function TopicGrid({ settings, master }: { settings: Settings; master: boolean }) {
  const t = useT();
  return (
    <div className="space-y-2 border-t border-stone-200 pt-4">
      <h2 id="notification-grid" className="text-sm font-semibold tracking-wide text-stone-700 uppercase">
        {t("Tell me about")}
      </h2>
      <p className="text-sm text-stone-700">
        {t("Bell: your Notifications page. E-mail: your inbox. Push: the devices where you turned on notifications, below.")}
      </p>
      <table aria-labelledby="notification-grid" className="w-full border-collapse text-start">
        <thead>
          <tr className="border-b border-stone-200 text-xs font-semibold text-stone-700">
            <th scope="col" className="py-2 text-start">
              {t("Topic")}
            </th>
            {CHANNELS.map(({ channel, label }) => (
              <th key={channel} scope="col" className="w-14 py-2 text-center">
                {t(label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TOPIC_KEYS.map((key) => (
            <tr key={key} className="border-b border-stone-100 align-middle">
              <th scope="row" className="py-2 pe-2 text-start font-normal">
                <span className="block font-medium text-stone-900">{t(TOPICS[key].label)}</span>
                <span className="block text-xs text-stone-700">{t(TOPICS[key].description)}</span>
              </th>
              {CHANNELS.map(({ channel, label }) => (
                <td key={channel} className="py-1">
                  <CellSwitch
                    settingKey={`${key}.${channel}`}
                    saved={settings.channels[key][channel]}
                    // The master switch stops e-mail and push; the bell is not theirs to stop.
                    disabled={channel !== "bell" && !master}
                    label={t("{topic}: {channel}", { topic: t(TOPICS[key].label), channel: t(label) })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
              description={t("Turn off to stop all e-mails and device notifications from BookClub. Your bell and your choices below are kept.")}
            />
            <TopicGrid settings={settings} master={master} />
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
