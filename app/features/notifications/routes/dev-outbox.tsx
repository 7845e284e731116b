import { listOutboxEmails, localOutboxEnabled } from "@worker/features/notifications/email-outbox";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import type { Route } from "./+types/dev-outbox";
import { formatDayTime } from "@worker/core/shared/date-format";
import { useReader } from "~/core/use-reader";

export function meta(): Route.MetaDescriptors {
  return [{ title: "E-mail outbox — BookClub" }];
}

/** Only while no e-mail provider is configured: then these e-mails exist nowhere else. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  if (!localOutboxEnabled(ctx.env)) throw refusal("Not found", 404);
  return { emails: await listOutboxEmails(ctx) };
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
  const { emails } = loaderData;
  const reader = useReader();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="font-serif text-3xl font-bold">E-mail outbox</h1>
      <p className="text-stone-700">
        No e-mail provider is configured, so nothing is sent: these are the e-mails BookClub would have sent you, newest first.
      </p>
      {emails.length === 0 ? (
        <p className="card p-6 text-center text-stone-700">No e-mails yet.</p>
      ) : (
        <ul aria-label="E-mails" className="space-y-4">
          {emails.map((email) => (
            <li key={email.emailId}>
              <article aria-labelledby={`email-${email.emailId}`} className="card space-y-2 p-4">
                <h2 id={`email-${email.emailId}`} className="font-semibold">
                  {email.subject}
                </h2>
                <p className="text-sm text-stone-700">
                  To {email.toEmail} · {email.state} · <time dateTime={new Date(email.createdAt).toISOString()}>{formatDayTime(email.createdAt, reader)}</time>
                </p>
                <p className="whitespace-pre-wrap text-sm">
                  <TextWithLinks text={email.text} />
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
