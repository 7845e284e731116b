import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { PollListItem } from "./poll-status";
import type { PollsSummaryData } from "./polls.server";

/** The club page's "Polls" section: the newest few, a link to all of them, and "New poll" for admins. */
export function ClubPollsSummary({ polls }: { polls: PollsSummaryData | null }) {
  const t = useT();
  if (!polls) return null;
  const { clubId, items, more, canManage, timeZone } = polls;
  return (
    <section aria-labelledby="club-polls-heading" className="card space-y-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="club-polls-heading" className="font-serif text-xl font-semibold">
          {t("Polls")}
        </h2>
        <div className="flex flex-wrap gap-2">
          {canManage && (
            <Link to={`/clubs/${clubId}/polls#new-poll`} className="btn btn-secondary">
              {t("New poll")}
            </Link>
          )}
          {(more || items.length > 0) && (
            <Link to={`/clubs/${clubId}/polls`} className="btn btn-secondary">
              {t("See all polls")}
            </Link>
          )}
        </div>
      </div>
      {items.length === 0 ? (
        <p className="text-stone-700">{t("No polls yet.")}</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {items.map((poll) => (
            <PollListItem key={poll.pollId} clubId={clubId} poll={poll} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
