import { readerOf } from "@worker/core/http/reader";
import { requestContext } from "@worker/core/request-context";
import type { MemberContext, ServiceContext, SessionUser } from "@worker/core/service-context";
import type { Reader } from "@worker/core/shared/date-format";
import { type RouterContextProvider, redirect } from "react-router";

type Context = Readonly<RouterContextProvider>;

/**
 * Sign-in, then back to this page. A client-side navigation asks for the page's data at
 * "{path}.data?…&_routes=…": the way back is the page itself, not its data.
 */
export function loginUrlFor(url: URL): string {
  const path = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return `/login?redirectTo=${encodeURIComponent(query ? `${path}?${query}` : path)}`;
}

/** What services need for this request (`db`, `env`, and the member or null), for loaders and actions. */
export function serviceContext(context: Context): ServiceContext {
  const { db, env, user, sessionId, ctx } = context.get(requestContext);
  return { db, env, user, sessionId, afterResponse: (work) => ctx.waitUntil(work) };
}

/** The service context of a signed-in member, or a redirect to /login that brings them back here. */
export function memberContext(context: Context): MemberContext {
  const ctx = serviceContext(context);
  if (!ctx.user) throw redirect(loginUrlFor(context.get(requestContext).url));
  return ctx as MemberContext;
}

/** The signed-in member, or the same redirect to /login. */
export function requireMember(context: Context): SessionUser {
  return memberContext(context).user;
}

/** Whom this page's dates are written for (the root loader hands the same to every component). */
export function readerFor(request: Request, context: Context): Reader {
  const { user, locale } = context.get(requestContext);
  return readerOf(request, user, locale);
}
