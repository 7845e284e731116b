import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { msg } from "@worker/core/shared/translate";
import { findPublicUser } from "@worker/features/account/profiles";
import { hasBlocked, startConversation } from "@worker/features/messages";
import { useId } from "react";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { refusal } from "~/core/refusal.server";
import { memberContext } from "~/core/route-context.server";
import { revalidateUnlessDialogChange, useUrlDialog } from "~/core/use-url-dialog";
import { FollowButton, FollowCounts } from "~/features/follows";
import { followIntentAction, isFollowIntent, memberFollowsFor } from "~/features/follows/index.server";
import { BlockMemberDialog } from "~/features/messages";
import { blockIntentAction, isBlockIntent } from "~/features/messages/index.server";
import { ReportButton } from "~/features/moderation";
import { Avatar } from "~/ui/avatar";
import { OpenDialogButton } from "~/ui/dialog";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/user-profile";

const NOT_FOUND = msg("User not found");
const LOAD_FAILED = msg("Failed to load user");
const START_FAILED = msg("Could not start conversation");

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const member = ctx.user;
  try {
    const user = await findPublicUser(ctx, params.userId);
    const isSelf = user.userId === member.id;
    const [blocked, follows, catalogue] = await Promise.all([
      isSelf ? false : hasBlocked(ctx, user.userId),
      memberFollowsFor(ctx, user.userId),
      // The follow button, the block dialog and the report dialog are other features' components.
      pageMessages(context, "account", "follows", "messages", "moderation"),
    ]);
    return { user, isSelf, blocked, follows, emailPrivate: isSelf && !member.showEmail, catalogue };
  } catch (error) {
    // Written in the reader's language here: the error page has no catalogue of this route.
    if (error instanceof ServiceError && error.status === 404) throw refusal(translate(NOT_FOUND), 404);
    throw error;
  }
}

/** Start Conversation goes to the conversation (created on first use); Block, Unblock, Follow and Unfollow come back here. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = memberContext(context);
  let intent: string | undefined;
  try {
    intent = textField(await readFormData(request), "intent");
  } catch (error) {
    return actionError(error);
  }
  if (isBlockIntent(intent)) return blockIntentAction(ctx, intent, params.userId, `/users/${params.userId}`);
  if (isFollowIntent(intent)) {
    // The notice names the member; an unknown one is refused by the service with its own 404.
    const name = await findPublicUser(ctx, params.userId).then(
      (user) => user.name,
      () => translate("this member"),
    );
    return followIntentAction(ctx, intent, params.userId, name, `/users/${params.userId}`);
  }
  if (intent !== "start") return refuse({ form: translate(START_FAILED) }, 400);
  try {
    const { conversationId } = await startConversation(ctx, params.userId);
    return redirect(`/messages/${conversationId}`);
  } catch (error) {
    // A refusal says why (a block, oneself, too many tries); anything else is 'Could not start conversation' alone.
    const reason = error instanceof ServiceError && [400, 403, 429].includes(error.status) ? error.message : undefined;
    if (error instanceof ServiceError) return refuse({ form: translate(START_FAILED), ...(reason ? { reason } : {}) }, error.status);
    return actionError(error, { unexpected: translate(START_FAILED) });
  }
}

export const shouldRevalidate = revalidateUnlessDialogChange();

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.user.name ?? NOT_FOUND} — BookClub` }, { name: "robots", content: "noindex" }];
}

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, isSelf, blocked, follows, emailPrivate } = loaderData;
  const headingId = useId();
  const t = useT();
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "start";
  const { dialog, closeHref, close } = useUrlDialog();
  const errors = actionData && "errors" in actionData ? (actionData.errors as Partial<Record<string, string>>) : undefined;
  return (
    <article className="mx-auto max-w-xl">
      <div className="card flex flex-col items-center gap-4 p-6 text-center">
        <Avatar src={user.profilePicture} name={user.name} size="lg" />
        <div>
          <h1 id={headingId} dir="auto" className="font-serif text-2xl font-bold">
            {user.name}
          </h1>
          {/* Null when this viewer may not see it (see worker/features/account/email-visibility.ts). */}
          {user.email && (
            <a href={`mailto:${user.email}`} className="text-brand-700 underline">
              {user.email}
            </a>
          )}
          {follows && <FollowCounts followers={follows.followers} following={follows.following} />}
        </div>
        {/* The member's own words: kept as written (line breaks too), and a long unbroken word wraps. */}
        {user.bio && (
          <p dir="auto" className="whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">
            {user.bio}
          </p>
        )}
        {isSelf ? (
          <div className="space-y-2">
            <p className="text-stone-700">{t("This is how other members see you.")}</p>
            {emailPrivate && (
              <p className="text-sm text-stone-700">
                {t(
                  "Your e-mail is shown only to members you have exchanged messages with, and to fellow members of a private club you both joined by invitation or approval.",
                )}
              </p>
            )}
            <Link to="/profile" className="btn btn-secondary">
              {t("Edit profile")}
            </Link>
          </div>
        ) : (
          <div className="space-y-3">
            {!blocked && follows && <FollowButton following={follows.viewerFollows} describedBy={headingId} error={errors?.follow} />}
            {blocked ? (
              <p className="text-stone-700">
                {t("You have blocked {name}. Neither of you can message the other until you unblock them.", { name: user.name })}
              </p>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="start" />
                <button type="submit" className="btn btn-primary" disabled={starting}>
                  {starting ? t("Starting…") : t("Start Conversation")}
                </button>
              </Form>
            )}
            {errors?.form && dialog !== "block" && (
              <div role="alert" className="text-sm text-red-800">
                <p className="font-semibold">{errors.form}</p>
                {errors.reason && <p>{errors.reason}</p>}
              </div>
            )}
            <div className="flex flex-wrap justify-center gap-2">
              <OpenDialogButton dialog="block" className="btn btn-secondary" describedBy={headingId}>
                {blocked ? t("Unblock") : t("Block")}
              </OpenDialogButton>
              <ReportButton target={{ subject: "member", userId: user.userId }} title={t("Report {name}", { name: user.name })} describedBy={headingId} />
            </div>
          </div>
        )}
      </div>
      {!isSelf && (
        <BlockMemberDialog
          open={dialog === "block"}
          onClose={close}
          cancelHref={closeHref}
          name={user.name}
          blocked={blocked}
          error={dialog === "block" ? errors?.form : undefined}
        />
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  // The loader's 404 carries "User not found" already in the reader's language.
  const notFound = isRouteErrorResponse(error) && error.status === 404 && typeof error.data === "string" && error.data ? error.data : t(NOT_FOUND);
  return <RouteErrorBoundary error={error} heading={t(LOAD_FAILED)} byStatus={{ 404: notFound }} />;
}
