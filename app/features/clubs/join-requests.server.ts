import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { listJoinRequests } from "@worker/features/clubs/membership-steps";

export const REQUESTS_LOAD_FAILED = msg("Failed to load requests");

/**
 * The pending requests the Manage Join Requests dialog lists. A failure (not a manager, no such
 * club, storage trouble) becomes the dialog's 'Failed to load requests', not a broken page.
 */
export async function loadJoinRequests(ctx: MemberContext, clubId: string) {
  try {
    const { items } = await listJoinRequests(ctx, clubId);
    return { clubId, items, error: null };
  } catch (error) {
    if (!(error instanceof ServiceError)) console.error(REQUESTS_LOAD_FAILED, error);
    return { clubId, items: null, error: translate(REQUESTS_LOAD_FAILED) };
  }
}
