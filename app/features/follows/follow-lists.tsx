import type { FollowPage } from "@worker/features/follows";
import { useId } from "react";
import { Link } from "react-router";
import { useI18n } from "~/core/i18n";
import { Avatar } from "~/ui/avatar";
import { NextArrow } from "~/ui/icons";

interface ListProps {
  title: string;
  /** The query parameter that names this list's page, and the card's id (the links come back to it). */
  param: "following" | "followers";
  count: number;
  page: FollowPage;
  /** Whether this is a later page (a link back to the newest shows). */
  paged: boolean;
  empty: string;
}

/** One card: the members, newest follow first, each a link to their page, and "Older" for the next page. */
function FollowList({ title, param, count, page, paged, empty }: ListProps) {
  const { t, locale } = useI18n();
  const headingId = useId();
  return (
    <section id={param} aria-labelledby={headingId} className="card space-y-3 p-5">
      <h2 id={headingId} className="font-serif text-xl font-semibold">
        {title} <span className="text-base font-normal text-stone-700">({count.toLocaleString(locale)})</span>
      </h2>
      {page.items.length === 0 ? (
        <p className="text-stone-700">{empty}</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {page.items.map((member) => (
            <li key={member.userId} className="min-w-0">
              <Link to={`/users/${member.userId}`} className="flex min-w-0 items-center gap-3 py-2 hover:bg-stone-50">
                <Avatar src={member.profilePicture} name={member.name} size="sm" />
                <span dir="auto" className="min-w-0 truncate font-semibold text-stone-900">
                  {member.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(paged || page.nextToken) && (
        <div className="flex flex-wrap gap-2">
          {paged && (
            <Link className="btn btn-secondary" to={`?#${param}`} preventScrollReset>
              {t("Newest")}
            </Link>
          )}
          {page.nextToken && (
            <Link className="btn btn-secondary" to={`?${param}=${encodeURIComponent(page.nextToken)}#${param}`} preventScrollReset>
              {t("Older")} <NextArrow />
            </Link>
          )}
        </div>
      )}
    </section>
  );
}

/** /profile's Following and Followers cards. */
export function FollowLists({
  counts,
  following,
  followers,
  paged,
}: {
  counts: { following: number; followers: number };
  following: FollowPage;
  followers: FollowPage;
  paged: { following: boolean; followers: boolean };
}) {
  const { t } = useI18n();
  return (
    <>
      <FollowList
        title={t("Following")}
        param="following"
        count={counts.following}
        page={following}
        paged={paged.following}
        empty={t("You don't follow anyone yet. Follow a member from their page to hear when they add books.")}
      />
      <FollowList
        title={t("Followers")}
        param="followers"
        count={counts.followers}
        page={followers}
        paged={paged.followers}
        empty={t("Nobody follows you yet.")}
      />
    </>
  );
}
