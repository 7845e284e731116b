import { Form } from "react-router";
import { useT } from "~/core/i18n";

/**
 * The member's calendar feed: a secret address calendar apps subscribe to, with every meeting of
 * every club they are in. Only its hash is kept, so the address is shown once, when made; a new one
 * replaces the old, and "Stop the feed" ends it.
 */
export function CalendarFeedPanel({ feed, newUrl }: { feed: { active: boolean; lastUsedAt: number | null }; newUrl: string | null }) {
  const t = useT();
  return (
    <section aria-labelledby="calendar-feed-heading" className="card space-y-3 p-5">
      <h2 id="calendar-feed-heading" className="font-serif text-xl font-semibold">
        {t("Calendar feed")}
      </h2>
      <p className="text-stone-700">
        {t("Subscribe in your calendar app to see the meetings of all your clubs. Keep the address private: anyone with it can read your meetings.")}
      </p>
      {newUrl && (
        <div className="space-y-1">
          <label htmlFor="calendar-feed-url" className="block font-medium">
            {t("Your feed address (shown only now)")}
          </label>
          <input id="calendar-feed-url" readOnly value={newUrl} className="field min-h-11 w-full font-mono text-sm" />
        </div>
      )}
      {!newUrl && feed.active && <p className="text-stone-700">{t("You have a feed address. Make a new one if you lost it: the old one stops working.")}</p>}
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="feed-create" />
          <button type="submit" className="btn btn-secondary min-h-11">
            {feed.active || newUrl ? t("Make a new address") : t("Get a feed address")}
          </button>
        </Form>
        {(feed.active || newUrl) && (
          <Form method="post">
            <input type="hidden" name="intent" value="feed-revoke" />
            <button type="submit" className="btn btn-secondary min-h-11">
              {t("Stop the feed")}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
