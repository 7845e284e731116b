import { data, Form, Link } from "react-router";
import { readUnsubscribeLink, type UnsubscribeLink, unsubscribeByToken } from "@worker/features/notifications/unsubscribe";
import { UNSUBSCRIBE_LINK_INVALID } from "@worker/core/shared/unsubscribe";
import { serviceContext } from "~/core/route-context.server";
import type { Route } from "./+types/unsubscribe";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Unsubscribe — BookClub" }, { name: "robots", content: "noindex" }];
}

const invalid = () => data({ state: "invalid" as const }, { status: 400 });

/** GET asks first: mail scanners open links, and only a POST (the button, or a mail client's one-click) changes anything. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = token ? await readUnsubscribeLink(serviceContext(context), token) : null;
  if (!link) return invalid();
  return { state: "ask" as const, topic: link.topic, maskedEmail: link.maskedEmail, preference: link.preference };
}

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

function doneText({ preference, topic, maskedEmail }: UnsubscribeLink) {
  return preference === "emailOptIn"
    ? `You're unsubscribed. BookClub will no longer e-mail ${maskedEmail}.`
    : `You're unsubscribed. ${maskedEmail} will no longer get ${topic} e-mails.`;
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return (
    <div className="card mx-auto max-w-lg space-y-4 p-6">
      <h1 className="font-serif text-2xl font-bold">Unsubscribe</h1>
      {shown.state === "invalid" && (
        <p role="alert" className="text-red-800">
          {UNSUBSCRIBE_LINK_INVALID}
        </p>
      )}
      {shown.state === "ask" && (
        <Form method="post" className="space-y-4">
          <p>{`Turn off ${shown.topic} e-mails for ${shown.maskedEmail}?`}</p>
          <button type="submit" className="btn btn-primary">
            Turn off
          </button>
        </Form>
      )}
      {shown.state === "done" && <p role="status">{doneText(shown)}</p>}
      <p className="text-sm text-stone-700">
        <Link to="/settings/notifications" className="font-medium text-brand-700 hover:underline">
          Manage your notification settings
        </Link>
      </p>
    </div>
  );
}
