import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext } from "@worker/core/service-context";
import { followMember, unfollowMember } from "@worker/features/follows";
import { redirect } from "react-router";
import { actionError } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";

export type FollowIntent = "follow" | "unfollow";

export const isFollowIntent = (intent: unknown): intent is FollowIntent => intent === "follow" || intent === "unfollow";

/**
 * Follow / Unfollow from a member's page: the API's own service call, then back to the page with a
 * notice, so a reload does not post again. A refusal (a block, too many tries) says why on the page.
 */
export async function followIntentAction(ctx: MemberContext, intent: FollowIntent, userId: string, name: string, back: string) {
  try {
    if (intent === "follow") await followMember(ctx, userId);
    else await unfollowMember(ctx, userId);
  } catch (error) {
    return actionError(error, {
      field: "follow",
      unexpected: intent === "follow" ? translate("Could not follow this member") : translate("Could not unfollow this member"),
    });
  }
  const message = intent === "follow" ? translate("You follow {name} now", { name }) : translate("You no longer follow {name}", { name });
  return redirect(back, { headers: await setFlash({ type: "success", message }) });
}
