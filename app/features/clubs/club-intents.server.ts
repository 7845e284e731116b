import type { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { clubInputSchema, joinClubInputSchema, memberRoleInputSchema } from "@worker/core/shared/club-rules";
import { idSchema } from "@worker/core/shared/id";
import { msg } from "@worker/core/shared/translate";
import { takeClubWrite } from "@worker/features/clubs/club-access";
import { clubIdParams } from "@worker/features/clubs/club-lists";
import { createClub, deleteClub, updateClub } from "@worker/features/clubs/club-writes";
import { regenerateInviteCode } from "@worker/features/clubs/invite-codes";
import {
  approveJoinRequest,
  joinClubByCode,
  leaveClub,
  rejectJoinRequest,
  removeMember,
  requestToJoinClub,
  setMemberRole,
} from "@worker/features/clubs/membership-steps";
import { type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { actionError, fieldErrors, refuse } from "~/core/action-result.server";
import { setFlash } from "~/core/flash.server";
import { readFormData, textField } from "~/core/form-data.server";
import { memberContext } from "~/core/route-context.server";
import { clubFields } from "./club-fields.server";

// The club screens' messages (docs/product.md#clubs) for failures the member did not cause, or cannot do more about.
// Marked here, written in the reader's language where they are answered.
const FAILED = {
  create: msg("Failed to create club"),
  update: msg("Failed to save changes"),
  delete: msg("Failed to delete club"),
  join: msg("Failed to join club"),
  request: msg("Could not request to join club"),
  leave: msg("Failed to leave club"),
  approve: msg("Failed to approve"),
  reject: msg("Failed to reject"),
  member: msg("Failed to update member"),
  invite: msg("Failed to make a new invite code"),
} as const;

const INTENTS = ["create", "update", "delete", "join", "request", "leave", "approve", "reject", "set-role", "remove-member", "regenerate-invite"] as const;
const intentSchema = z.enum(INTENTS);
export type ClubIntent = (typeof INTENTS)[number];

const SAY_WHY = [400, 409, 413, 429];

/** A refusal the member can act on (a full club, a bad code, too many tries) keeps its own words; the rest gets the screen's. */
const explain =
  (fallback: string, alsoSayWhy: number[] = []) =>
  (error: ServiceError) =>
    SAY_WHY.includes(error.status) || alsoSayWhy.includes(error.status) ? error.message : translate(fallback);

/**
 * Every club form on the club pages posts here with an `intent`, from My Clubs, Browse Clubs and
 * a club's own page alike; each intent is one service call (the same services the API uses).
 * `page` says where the member is, which decides where a save or a delete goes next.
 */
export async function clubIntentAction({
  request,
  context,
  clubId: routeClubId,
  page,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The club of a club's own page; elsewhere the form names it. */
  clubId?: string;
  page: "list" | "club";
}) {
  const ctx = memberContext(context);
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    return actionError(error);
  }
  const intent = intentSchema.safeParse(textField(form, "intent"));
  if (!intent.success) return refuse({ form: translate("Unknown action.") }, 400);
  // Every intent is a club write: one count against the member's limit, as the API does.
  try {
    await takeClubWrite(ctx);
  } catch (error) {
    return actionError(error);
  }

  if (intent.data === "create") {
    const input = clubInputSchema.safeParse(clubFields(form));
    if (!input.success) return refuse(fieldErrors(input.error), 400);
    try {
      const club = await createClub(ctx, input.data);
      return redirect(`/clubs/${club.clubId}`);
    } catch (error) {
      return actionError(error, { message: explain(FAILED.create), unexpected: translate(FAILED.create) });
    }
  }

  if (intent.data === "join") {
    const input = joinClubInputSchema.safeParse({ inviteCode: textField(form, "inviteCode") });
    if (!input.success) return refuse(fieldErrors(input.error), 400);
    try {
      const joined = await joinClubByCode(ctx, input.data.inviteCode);
      if (joined.status === "active") {
        return redirect(`/clubs/${joined.clubId}`, { headers: await setFlash({ type: "success", message: translate("Joined club!") }) });
      }
      return redirect("/clubs", { headers: await setFlash({ type: "success", message: translate("Request to join sent") }) });
    } catch (error) {
      // Every code that does not let you in gets the service's one answer (404), as do a full club and the attempt limits.
      return actionError(error, { field: "inviteCode", message: explain(FAILED.join, [404]), unexpected: translate(FAILED.join) });
    }
  }

  const clubId = clubIdParams.shape.id.safeParse(routeClubId ?? textField(form, "clubId"));
  if (!clubId.success) return refuse({ form: translate("Which club? The form did not say.") }, 400);
  const id = clubId.data;
  // Where a saved dialog closes to: the page it was opened on (named here, not read from the request,
  // whose address has React Router's ".data" suffix when the form was sent by script).
  const pageAddress = page === "club" ? `/clubs/${id}` : "/clubs";

  switch (intent.data) {
    case "update": {
      // The form sends every field; an unticked "Private club" is absent, which means public.
      const input = clubInputSchema.safeParse(clubFields(form));
      if (!input.success) return refuse(fieldErrors(input.error), 400);
      try {
        // An older form without the zone leaves the club's zone as it is.
        const { timezone, ...rest } = input.data;
        await updateClub(ctx, id, textField(form, "timezone") ? { ...rest, timezone } : rest);
        return redirect(pageAddress);
      } catch (error) {
        return actionError(error, { message: explain(FAILED.update), unexpected: translate(FAILED.update) });
      }
    }
    case "delete":
      try {
        await deleteClub(ctx, id);
        return page === "club" ? redirect("/clubs") : { ok: true as const };
      } catch (error) {
        return actionError(error, { message: () => translate(FAILED.delete), unexpected: translate(FAILED.delete) });
      }
    case "request":
      try {
        const { status } = await requestToJoinClub(ctx, id);
        return { ok: true as const, status };
      } catch (error) {
        return actionError(error, { message: explain(FAILED.request), unexpected: translate(FAILED.request) });
      }
    case "leave":
      try {
        await leaveClub(ctx, id);
        return redirect("/clubs");
      } catch (error) {
        // The last admin's refusal says what to do (make someone else admin first).
        return actionError(error, {
          message: (refused) => (refused.status === 409 ? refused.message : translate(FAILED.leave)),
          unexpected: translate(FAILED.leave),
        });
      }
    case "regenerate-invite":
      try {
        await regenerateInviteCode(ctx, id);
        return { ok: true as const };
      } catch (error) {
        return actionError(error, { message: explain(FAILED.invite), unexpected: translate(FAILED.invite) });
      }
    default:
      return memberIntent(intent.data, form, ctx, id);
  }
}

/** Intents about one member of the club: deciding a request, changing a role, removing someone. */
async function memberIntent(
  intent: "approve" | "reject" | "set-role" | "remove-member",
  form: FormData,
  ctx: ReturnType<typeof memberContext>,
  clubId: string,
) {
  const userId = idSchema.safeParse(textField(form, "userId"));
  if (!userId.success) return refuse({ form: translate("Which member? The form did not say.") }, 400);
  const failed = intent === "approve" ? FAILED.approve : intent === "reject" ? FAILED.reject : FAILED.member;
  try {
    if (intent === "approve") await approveJoinRequest(ctx, clubId, userId.data);
    else if (intent === "reject") await rejectJoinRequest(ctx, clubId, userId.data);
    else if (intent === "remove-member") await removeMember(ctx, clubId, userId.data);
    else {
      const role = memberRoleInputSchema.safeParse({ role: textField(form, "role") });
      if (!role.success) return refuse(fieldErrors(role.error), 400);
      await setMemberRole(ctx, clubId, userId.data, role.data.role);
    }
    return { ok: true as const };
  } catch (error) {
    return actionError(error, { message: explain(failed), unexpected: translate(failed) });
  }
}
