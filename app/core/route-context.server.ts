import { readerOf } from "@worker/core/http/reader";
import { requestContext } from "@worker/core/request-context";
import type { MemberContext, ServiceContext, SessionUser } from "@worker/core/service-context";
import type { Reader } from "@worker/core/shared/date-format";
import { type RouterContextProvider, redirect } from "react-router";
import { loginUrlFor } from "./redirect-target.server";

type Context = Readonly<RouterContextProvider>;

/** What services need for this request (`db`, `env`, and the member or null), for loaders and actions. */
export function serviceContext(context: Context): ServiceContext {
  const { db, env, user, sessionId, areaCell, ctx } = context.get(requestContext);
  return { db, env, user, sessionId, areaCell, afterResponse: (work) => ctx.waitUntil(work) };
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
