import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { idSchema } from "@worker/core/shared/id";
import { msg } from "@worker/core/shared/translate";
import { announcementInput, loadRoomPage, postAnnouncement, roomMessageInput, sendRoomMessage } from "@worker/features/club-room/room";
import { data, Link, redirect } from "react-router";
import { actionError, fieldErrors } from "~/core/action-result.server";
import { checkboxField, readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { BackArrow } from "~/ui/icons";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { ClubRoomView } from "../room-view";
import { ROOM_SEND_FAILED } from "../use-club-room";
import type { Route } from "./+types/club-room";

const CLUB_NOT_FOUND = msg("Club not found");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  // `?milestone=`: one milestone's thread; an edited one shows every message.
  const filter = idSchema.safeParse(new URL(request.url).searchParams.get("milestone"));
  try {
    // The composer is messages' and the report dialog moderation's.
    const [room, catalogue] = await Promise.all([
      loadRoomPage(ctx, params.clubId, filter.success ? filter.data : undefined),
      pageMessages(context, "club-room", "messages", "moderation"),
    ]);
    const thread = filter.success ? filter.data : null;
    return { ...room, thread, title: translate("Club room — {club}", { club: room.club.name }), catalogue };
  } catch (error) {
    // Not an active member: a private club is not found, an open one says the room is for its members.
    if (error instanceof ServiceError && (error.status === 404 || error.status === 403)) throw refusal(error.message, error.status);
    throw error;
  }
}

/** The composer for a browser without JavaScript (with it, the room posts to the API itself and keeps the text on failure). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  const here = `/clubs/${params.clubId}/room`;
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    return actionError(error, { field: "content" });
  }
  const content = textField(form, "content") ?? "";
  const unsent = (error: string, status: number) => data({ ok: false as const, errors: { content: error }, content }, { status });
  const announce = checkboxField(form, "announce") === true;
  const parsed = announce
    ? announcementInput.safeParse({ content })
    : roomMessageInput.safeParse({ content, milestoneId: textField(form, "milestoneId") || null });
  if (!parsed.success) return unsent(fieldErrors(parsed.error).content ?? fieldErrors(parsed.error).milestoneId ?? translate(ROOM_SEND_FAILED), 400);
  try {
    if (announce) await postAnnouncement(ctx, params.clubId, parsed.data);
    else await sendRoomMessage(ctx, params.clubId, parsed.data);
  } catch (error) {
    const refused = actionError(error, { field: "content", unexpected: translate(ROOM_SEND_FAILED) });
    return unsent(refused.data.errors.content ?? translate(ROOM_SEND_FAILED), refused.init?.status ?? 500);
  }
  // After a post, a fresh GET: reloading the page does not post again.
  return redirect(here);
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? CLUB_NOT_FOUND} — BookClub` }, { name: "robots", content: "noindex" }];
}

export default function ClubRoomPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { club, canManage, viewerId, items, nextToken, pinned, milestones, thread } = loaderData;
  const unsent =
    actionData && "content" in actionData && actionData.errors?.content ? { content: actionData.content, error: actionData.errors.content } : undefined;
  return (
    <div className="space-y-4">
      <Link to={`/clubs/${club.clubId}`} className="text-sm font-medium text-brand-700 hover:underline">
        <BackArrow /> {t("Back to {club}", { club: club.name })}
      </Link>
      <h1 className="font-serif text-3xl font-bold">{t("Club room")}</h1>
      <div className="card overflow-hidden">
        <ClubRoomView
          key={`${club.clubId}:${thread ?? ""}`}
          clubId={club.clubId}
          clubName={club.name}
          viewerId={viewerId}
          canManage={canManage}
          milestones={milestones}
          initialMessages={items}
          initialNextToken={nextToken}
          initialPinned={pinned}
          unsent={unsent}
          thread={thread}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return <RouteErrorBoundary error={error} byStatus={{ 404: t(CLUB_NOT_FOUND) }} back={{ to: "/clubs", label: t("Back to Clubs") }} />;
}
