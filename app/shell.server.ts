import type { RouterContextProvider } from "react-router";
import { devSignInAllowed } from "../worker/auth/dev-sign-in";
import { googleSignInConfigured, readConfig } from "../worker/config";
import { requestContext } from "../worker/context";
import { mediaUrl } from "../worker/shared/media-url";
import { countUnreadMessages } from "../worker/services/conversations";
import { serviceContext } from "./route-context.server";

export async function loadShell(context: Readonly<RouterContextProvider>) {
  const { env, user, url } = context.get(requestContext);
  const config = readConfig(env);
  return {
    user: user && { id: user.id, name: user.name, email: user.email, picture: mediaUrl(user.picture) },
    signIn: { google: googleSignInConfigured(config), dev: devSignInAllowed(config, url) },
    // A failing count must not take the whole page down; the badge just shows nothing.
    unread: user ? await countUnreadMessages(serviceContext(context)).catch(() => 0) : 0,
  };
}
