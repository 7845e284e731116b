import { googleSignInConfigured, isModerator, readConfig } from "@worker/core/config";
import { requestContext } from "@worker/core/request-context";
import { mediaUrl } from "@worker/core/shared/media-url";
import { devSignInAllowed } from "@worker/features/auth";
import { unreadMessagesStatement } from "@worker/features/messages";
import { readUnreadNotifications, unreadNotificationsStatement } from "@worker/features/notifications";
import type { RouterContextProvider } from "react-router";
import { readerFor, serviceContext } from "~/core/route-context.server";
import { languageLinks } from "./language-links.server";

export async function loadShell(context: Readonly<RouterContextProvider>, request: Request) {
  const { env, user, url, language } = context.get(requestContext);
  const config = readConfig(env);
  return {
    user: user && {
      id: user.id,
      name: user.name,
      email: user.email,
      picture: mediaUrl(user.picture),
      // Only moderators see the Moderation link.
      moderator: isModerator(config, user.email),
    },
    reader: readerFor(request, context),
    language,
    languageLinks: languageLinks(url, language),
    signIn: { google: googleSignInConfigured(config), dev: devSignInAllowed(config, url) },
    ...(await unreadCounts(context, Boolean(user))),
  };
}

/** The signed-in member as the bars show them (null for visitors): a type the bars import instead of root.tsx, which imports them. */
export type ShellUser = Awaited<ReturnType<typeof loadShell>>["user"];

/** The Messages badge and the bell: two indexed statements in one D1 batch (one round trip on every signed-in page). */
async function unreadCounts(context: Readonly<RouterContextProvider>, signedIn: boolean) {
  const ctx = serviceContext(context);
  if (!signedIn || !ctx.user) return { unread: 0, notifications: 0 };
  const member = { ...ctx, user: ctx.user };
  try {
    const [messages, bell] = await ctx.db.batch([unreadMessagesStatement(member), unreadNotificationsStatement(member)]);
    return { unread: Number(messages[0]?.unread ?? 0), notifications: readUnreadNotifications(bell) };
  } catch {
    // A failing count must not take the whole page down; its badge just shows nothing.
    return { unread: 0, notifications: 0 };
  }
}
