import { isSecureUrl } from "@worker/core/session-cookie";
import { VIEWER_COOKIE } from "@worker/core/shared/offline";
import { serialize } from "hono/utils/cookie";

/**
 * The viewer cookie for a member's session: the same lifetime as the session cookie, but readable
 * by scripts, because the service worker must know offline whose saved pages it may show. It holds
 * the member's id only, which every page of theirs already carries.
 */
export function viewerCookie(url: URL | string, memberId: string, expiresAt: number): string {
  return serialize(VIEWER_COOKIE, memberId, { secure: isSecureUrl(url), sameSite: "Lax", path: "/", expires: new Date(expiresAt) });
}

export function clearedViewerCookie(url: URL | string): string {
  return serialize(VIEWER_COOKIE, "", { secure: isSecureUrl(url), sameSite: "Lax", path: "/", maxAge: 0, expires: new Date(0) });
}
