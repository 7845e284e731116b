import { Form, useNavigation } from "react-router";
import { useT } from "~/core/i18n";

/** "3 followers · 2 following" under a member's name. */
export function FollowCounts({ followers, following }: { followers: number; following: number }) {
  const t = useT();
  return (
    <p className="text-sm text-stone-700">
      {t("{count, plural, one {# follower} other {# followers}}", { count: followers })} · {t("{count, plural, other {# following}}", { count: following })}
    </p>
  );
}

/**
 * Follow, or "Following" with Unfollow beside it, as a plain form posting `intent` to the member
 * page's action: it works before the page's script has loaded, and a reload never posts again.
 */
export function FollowButton({ following, describedBy, error }: { following: boolean; describedBy?: string; error?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const busy = pending === "follow" || pending === "unfollow";
  return (
    <div className="space-y-1">
      <Form method="post" className="flex flex-wrap items-center justify-center gap-2">
        {following ? (
          <>
            <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{t("Following")}</span>
            <button type="submit" name="intent" value="unfollow" className="btn btn-secondary" disabled={busy} aria-describedby={describedBy}>
              {pending === "unfollow" ? t("Unfollowing…") : t("Unfollow")}
            </button>
          </>
        ) : (
          <button type="submit" name="intent" value="follow" className="btn btn-secondary" disabled={busy} aria-describedby={describedBy}>
            {pending === "follow" ? t("Following…") : t("Follow")}
          </button>
        )}
      </Form>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
