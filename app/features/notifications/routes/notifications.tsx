import { data, Form, Link, redirect } from "react-router";
import {
  countUnreadNotifications,
  listNotifications,
  markNotificationsRead,
  NOTIFICATIONS_PAGE_SIZE,
  notificationListQuerySchema,
  openNotification,
} from "@worker/features/notifications/notifications";
import { actionError } from "~/core/action-result.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { readFormData, textField } from "~/core/form-data.server";
import { formatRelative, type Reader } from "@worker/core/shared/date-format";
import { useReader } from "~/core/use-reader";
import { safeRedirectTarget } from "~/core/redirect-target.server";
import { memberContext } from "~/core/route-context.server";
import { queryFromUrl } from "~/core/url-query.server";
import type { Route } from "./+types/notifications";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Notifications — BookClub" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const query = queryFromUrl(notificationListQuerySchema, new URL(request.url).searchParams, ["before"], { limit: NOTIFICATIONS_PAGE_SIZE });
  const [page, unread] = await Promise.all([listNotifications(ctx, query), countUnreadNotifications(ctx)]);
  return { ...page, unread, olderPage: query.before !== undefined, now: Date.now() };
}

/** `open` marks one item read and goes where it points; `read-all` marks them all. Both work without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  try {
    const form = await readFormData(request, 4096);
    const intent = textField(form, "intent");
    if (intent === "read-all") {
      return await markNotificationsRead(ctx, { all: true });
    }
    if (intent === "open") {
      // The link comes from the stored row, never from the form, and stays on this site.
      return redirect(safeRedirectTarget(await openNotification(ctx, textField(form, "id") ?? ""), "/notifications"));
    }
    return data({ ok: false as const }, { status: 400 });
  } catch (error) {
    return actionError(error);
  }
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

function NotificationItem({ item, now, reader }: { item: Item; now: number; reader: Reader }) {
  const unread = item.readAt === null;
  return (
    <li>
      <Form method="post">
        <input type="hidden" name="id" value={item.notificationId} />
        <button
          type="submit"
          name="intent"
          value="open"
          className={`flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-stone-50 ${unread ? "bg-brand-50/50" : ""}`}
        >
          <span aria-hidden="true" className={`mt-2 h-2 w-2 shrink-0 rounded-full ${unread ? "bg-brand-700" : "bg-transparent"}`} />
          <span className="min-w-0 flex-1">
            <span className={`block ${unread ? "font-semibold text-stone-900" : "text-stone-800"}`}>
              {unread && <span className="sr-only">Unread: </span>}
              {item.title}
              {unread && item.count > 1 && <span className="ms-2 rounded-full bg-brand-100 px-2 text-xs font-semibold text-brand-800">{`${item.count} new`}</span>}
            </span>
            {item.body && <span className="block truncate text-sm text-stone-700">{item.body}</span>}
            <time dateTime={new Date(item.updatedAt).toISOString()} className="block text-xs text-stone-600">
              {formatRelative(item.updatedAt, now, reader)}
            </time>
          </span>
        </button>
      </Form>
    </li>
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, nextToken, olderPage, now, unread } = loaderData;
  const reader = useReader();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Notifications</h1>
        {unread > 0 && (
          <Form method="post">
            <button type="submit" name="intent" value="read-all" className="btn btn-secondary">
              Mark all as read
            </button>
          </Form>
        )}
      </div>
      {items.length === 0 ? (
        <p className="card p-6 text-center text-stone-700">
          {olderPage ? "No older notifications." : "You have no notifications yet. Loan requests, club news and new messages will appear here."}
        </p>
      ) : (
        <ul aria-label="Notifications" className="card divide-y divide-stone-200 overflow-hidden">
          {items.map((item) => (
            <NotificationItem key={item.notificationId} item={item} now={now} reader={reader} />
          ))}
        </ul>
      )}
      <nav aria-label="Notification pages" className="flex justify-between">
        {olderPage ? <Link to="/notifications" className="font-medium text-brand-700 hover:underline">Newest</Link> : <span />}
        {nextToken !== null && (
          <Link to={`/notifications?before=${nextToken}`} className="font-medium text-brand-700 hover:underline">
            Older notifications
          </Link>
        )}
      </nav>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} heading="Could not load notifications" back={{ to: "/notifications", label: "Back to Notifications" }} />;
}
