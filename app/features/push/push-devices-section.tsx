import { formatDay } from "@worker/core/shared/date-format";
import type { PushDevice } from "@worker/features/push";
import { Form, useActionData } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { pushResultOf } from "./push-intent";
import { type Notice, usePushDevice } from "./use-push-device";

/** What the page's loader gives the section: the server's key (null when push is not set up) and the member's devices (null if unreadable). */
export interface PushSettings {
  publicKey: string | null;
  devices: PushDevice[] | null;
}

/** The answer to a Remove posted without JavaScript, shown like a fetcher's. */
function useDocumentNotice(): Notice | null {
  const t = useT();
  const result = pushResultOf(useActionData());
  if (!result) return null;
  return result.ok ? { tone: "status", text: t("Device removed.") } : { tone: "alert", text: result.errors.push ?? "" };
}

/**
 * "Notifications on your devices" on /settings/notifications: this browser's button (turn pushes on,
 * or stop them here), and every device the member gets pushes on, each with Remove.
 */
export function PushDevicesSection({ push }: { push: PushSettings }) {
  const t = useT();
  const reader = useReader();
  const device = usePushDevice(push.publicKey);
  const documentNotice = useDocumentNotice();
  const notice = device.notice ?? documentNotice;
  const { devices } = push;
  const thisDevice = devices?.find((entry) => entry.thisDevice);

  let control: React.ReactNode = null;
  if (device.support === "unsupported") {
    control = <p className="text-stone-700">{t("This browser can't receive notifications from BookClub.")}</p>;
  } else if (device.support === "supported" && !push.publicKey) {
    control = <p className="text-stone-700">{t("Notifications on devices are not set up on this server.")}</p>;
  } else if (device.support === "supported" && thisDevice && device.subscribed) {
    control = (
      <button type="button" className="btn btn-secondary" disabled={device.busy} onClick={() => void device.stop(thisDevice.subscriptionId)}>
        {t("Stop notifications on this device")}
      </button>
    );
  } else if (device.support === "supported" && device.blocked) {
    control = (
      <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
        {t("Notifications are blocked for BookClub in this browser's settings. Allow them there, then try again.")}
      </p>
    );
  } else if (device.support === "supported") {
    control = (
      <button type="button" className="btn btn-primary" disabled={device.busy} onClick={() => void device.subscribe()}>
        {t("Notify me on this device")}
      </button>
    );
  }

  return (
    <section aria-labelledby="push-notifications" className="card space-y-4 p-5">
      <h2 id="push-notifications" className="font-serif text-xl font-bold">
        {t("Notifications on your devices")}
      </h2>
      <p className="text-stone-700">{t("Get BookClub's notifications on this phone or computer, even while the app is closed.")}</p>
      {/* Before hydration nobody can tell what this browser supports: the button's room is kept. */}
      <div className="min-h-11">{control}</div>
      {/* Always there, so what it comes to say is announced. */}
      <p role="status" className="text-green-800 empty:hidden">
        {notice?.tone === "status" ? notice.text : ""}
      </p>
      {notice?.tone === "alert" && (
        <p role="alert" className="text-red-800">
          {notice.text}
        </p>
      )}
      <div className="space-y-1 border-t border-stone-200 pt-4">
        <h3 id="push-devices" className="text-sm font-semibold tracking-wide text-stone-700 uppercase">
          {t("Your devices")}
        </h3>
        {devices === null ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
            {t("Could not load your devices.")}
          </p>
        ) : devices.length === 0 ? (
          <p className="text-stone-700">{t("No devices get notifications yet.")}</p>
        ) : (
          <ul aria-labelledby="push-devices" className="divide-y divide-stone-200">
            {devices.map((entry) => (
              <li key={entry.subscriptionId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">
                    {entry.deviceName}
                    {entry.thisDevice && (
                      <span className="ms-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t("This device")}</span>
                    )}
                  </p>
                  <p className="text-sm text-stone-700">{t("Added {date}", { date: formatDay(entry.createdAt, reader) })}</p>
                </div>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    event.preventDefault();
                    // This browser's own entry: its subscription ends too, not only the server's record.
                    if (entry.thisDevice) void device.stop(entry.subscriptionId);
                    else device.remove(entry.subscriptionId);
                  }}
                >
                  <input type="hidden" name="subscriptionId" value={entry.subscriptionId} />
                  <button
                    type="submit"
                    name="intent"
                    value="push-remove"
                    className="btn btn-secondary"
                    disabled={device.busy}
                    aria-label={t("Remove {device}", { device: entry.deviceName })}
                  >
                    {t("Remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
