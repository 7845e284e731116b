import { translate } from "@worker/core/i18n/request-language";
import { formatRelative, type Reader } from "@worker/core/shared/date-format";
import { msg } from "@worker/core/shared/translate";
import {
  listNotifications,
  markNotificationsRead,
  NOTIFICATIONS_PAGE_SIZE,
  notificationListQuerySchema,
  openNotification,
} from "@worker/features/notifications/notifications";
import { data, Form, Link, redirect, useRouteLoaderData } from "react-router";
import { actionError } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { safeRedirectTarget } from "~/core/redirect-target.server";
import { memberContext } from "~/core/route-context.server";
import { queryFromUrl } from "~/core/url-query.server";
import { useReader } from "~/core/use-reader";
import type { RootData } from "~/root";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/notifications";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Notifications"} — BookClub` }];
}

/**
 * Bell items are written when they are stored, in their recipient's language (notify() in
 * worker/features/notifications/notifications.ts): the page shows their title and body as they are.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const query = queryFromUrl(notificationListQuerySchema, new URL(request.url).searchParams, ["before"], { limit: NOTIFICATIONS_PAGE_SIZE });
  // The unread count is the bell's, which the root loader reads for every page (no second count here).
  const [page, catalogue] = await Promise.all([listNotifications(ctx, query), pageMessages(context, "notifications")]);
  return { ...page, olderPage: query.before !== undefined, now: Date.now(), catalogue, title: translate("Notifications") };
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
  const t = useT();
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
              {unread && <span className="sr-only">{`${t("Unread:")} `}</span>}
              {item.title}
              {unread && item.count > 1 && (
                <span className="ms-2 rounded-full bg-brand-100 px-2 text-xs font-semibold text-brand-800">
                  {t("{count, plural, one {# new} other {# new}}", { count: item.count })}
                </span>
              )}
            </span>
            {item.body && (
              <span dir="auto" className="block truncate text-sm text-stone-700">
                {item.body}
              </span>
            )}
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
  const { items, nextToken, olderPage, now } = loaderData;
  const unread = (useRouteLoaderData("root") as RootData | undefined)?.notifications ?? 0;
  const reader = useReader();
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">{t("Notifications")}</h1>
        {unread > 0 && (
          <Form method="post">
            <button type="submit" name="intent" value="read-all" className="btn btn-secondary">
              {t("Mark all as read")}
            </button>
          </Form>
        )}
      </div>
      {items.length === 0 ? (
        <p className="card p-6 text-center text-stone-700">
          {olderPage ? t("No older notifications.") : t("You have no notifications yet. Loan requests, club news and new messages will appear here.")}
        </p>
      ) : (
        <ul aria-label={t("Notifications")} className="card divide-y divide-stone-200 overflow-hidden">
          {items.map((item) => (
            <NotificationItem key={item.notificationId} item={item} now={now} reader={reader} />
          ))}
        </ul>
      )}
      <nav aria-label={t("Notification pages")} className="flex justify-between">
        {olderPage ? (
          <Link to="/notifications" className="font-medium text-brand-700 hover:underline">
            {t("Newest")}
          </Link>
        ) : (
          <span />
        )}
        {nextToken !== null && (
          <Link to={`/notifications?before=${nextToken}`} className="font-medium text-brand-700 hover:underline">
            {t("Older notifications")}
          </Link>
        )}
      </nav>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error} heading={msg("Could not load notifications")} back={{ to: "/notifications", label: msg("Back to Notifications") }} />
  );
}
