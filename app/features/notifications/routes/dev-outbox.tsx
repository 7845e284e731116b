import { translate } from "@worker/core/i18n/request-language";
import { formatDayTime } from "@worker/core/shared/date-format";
import { listOutboxEmails, localOutboxEnabled } from "@worker/features/notifications/email-outbox";
import { listLocalPushes, localPushOutboxEnabled } from "@worker/features/push";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { useReader } from "~/core/use-reader";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/dev-outbox";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "E-mail outbox"} — BookClub` }];
}

/**
 * Only while no e-mail provider is configured: then these e-mails exist nowhere else. Each is shown
 * as it was written, in the language of the member it is for. On a local run the pushes to the
 * member's devices are listed too, with the payload each device gets: push services cannot be reached
 * from a machine without the internet, and a developer can hand a payload to the service worker.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  if (!localOutboxEnabled(ctx.env)) throw refusal(translate("Not found"), 404);
  const [emails, pushes, catalogue] = await Promise.all([
    listOutboxEmails(ctx),
    localPushOutboxEnabled(ctx.env) ? listLocalPushes(ctx) : null,
    pageMessages(context, "notifications"),
  ]);
  return { emails, pushes, catalogue, title: translate("E-mail outbox") };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/;

/** The plain-text body with its links clickable (React escapes the rest). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={index} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { emails, pushes } = loaderData;
  const reader = useReader();
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="font-serif text-3xl font-bold">{t("E-mail outbox")}</h1>
      <p className="text-stone-700">
        {t("No e-mail provider is configured, so nothing is sent: these are the e-mails BookClub would have sent you, newest first.")}
      </p>
      {emails.length === 0 ? (
        <p className="card p-6 text-center text-stone-700">{t("No e-mails yet.")}</p>
      ) : (
        <ul aria-label={t("E-mails")} className="space-y-4">
          {emails.map((email) => (
            <li key={email.emailId}>
              <article aria-labelledby={`email-${email.emailId}`} className="card space-y-2 p-4">
                <h2 id={`email-${email.emailId}`} className="font-semibold">
                  {email.subject}
                </h2>
                <p className="text-sm text-stone-700">
                  {t("To {email}", { email: email.toEmail })} ·{" "}
                  {t("{state, select, outbox {outbox} pending {pending} sent {sent} failed {failed} other {{state}}}", { state: email.state })} ·{" "}
                  <time dateTime={new Date(email.createdAt).toISOString()}>{formatDayTime(email.createdAt, reader)}</time>
                </p>
                <p className="whitespace-pre-wrap text-sm">
                  <TextWithLinks text={email.text} />
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {pushes && (
        <section aria-labelledby="pushes" className="space-y-4 pt-4">
          <h2 id="pushes" className="font-serif text-2xl font-bold">
            {t("Pushes to your devices")}
          </h2>
          {pushes.length === 0 ? (
            <p className="card p-6 text-center text-stone-700">{t("No pushes yet.")}</p>
          ) : (
            <ul aria-label={t("Pushes to your devices")} className="space-y-4">
              {pushes.map((push) => (
                <li key={push.deliveryId}>
                  <article aria-labelledby={`push-${push.deliveryId}`} className="card space-y-2 p-4">
                    <h3 id={`push-${push.deliveryId}`} className="font-semibold" dir="auto">
                      {push.payload.title}
                    </h3>
                    <p className="text-sm" dir="auto">
                      {push.payload.body}
                    </p>
                    <p className="text-sm text-stone-700">
                      {t("{state, select, outbox {outbox} pending {pending} sent {sent} failed {failed} other {{state}}}", { state: push.state })} ·{" "}
                      <time dateTime={new Date(push.createdAt).toISOString()}>{formatDayTime(push.createdAt, reader)}</time>
                      {push.lastError && <> · {push.lastError}</>}
                    </p>
                    <pre data-push-payload className="overflow-x-auto rounded bg-stone-100 p-2 text-xs" dir="ltr">
                      {JSON.stringify(push.payload)}
                    </pre>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
