import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext } from "@worker/core/service-context";
import { blockMember, unblockMember } from "@worker/features/messages/blocks";
import { redirect } from "react-router";
import { actionError } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";

export type BlockIntent = "block" | "unblock";

export const isBlockIntent = (intent: unknown): intent is BlockIntent => intent === "block" || intent === "unblock";

/**
 * Block / Unblock from a member's page or a conversation: one service call, then back to the page
 * (without its dialog) with a notice, so a reload does not post again.
 */
export async function blockIntentAction(ctx: MemberContext, intent: BlockIntent, userId: string, back: string) {
  try {
    if (intent === "block") await blockMember(ctx, userId);
    else await unblockMember(ctx, userId);
  } catch (error) {
    return actionError(error, { unexpected: intent === "block" ? translate("Failed to block member") : translate("Failed to unblock member") });
  }
  const message = intent === "block" ? translate("Member blocked") : translate("Member unblocked");
  return redirect(back, { headers: await setFlash({ type: "success", message }) });
}
