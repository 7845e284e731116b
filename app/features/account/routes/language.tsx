import { readConfig } from "@worker/core/config";
import { languageCookieHeader } from "@worker/core/i18n/negotiate";
import { requestContext } from "@worker/core/request-context";
import { isLanguage, isUiLanguage, PSEUDO_LANGUAGE } from "@worker/core/shared/languages";
import { setMemberLanguage } from "@worker/features/account/member-language";
import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectTarget } from "~/core/redirect-target.server";
import { serviceContext } from "~/core/route-context.server";
import type { Route } from "./+types/language";

export const loader = () => redirect("/");

const form = z.object({ language: z.string().refine(isUiLanguage), redirectTo: z.string().optional() });

/**
 * POST /language: the footer's switch. A visitor's choice is a cookie; a member's is also kept with
 * them (their e-mails follow it). Back to the page it was made on, without any `?lang=` that would
 * outrank the new choice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { url, env } = context.get(requestContext);
  const parsed = form.safeParse(Object.fromEntries(await request.formData()));
  const back = new URL(safeRedirectTarget(parsed.data?.redirectTo, "/"), url);
  back.searchParams.delete("lang");
  const target = back.pathname + back.search + back.hash;
  const language = parsed.data?.language;
  if (!language || (language === PSEUDO_LANGUAGE && !readConfig(env).DEV_SIGN_IN)) return redirect(target);
  const ctx = serviceContext(context);
  if (ctx.user && isLanguage(language)) await setMemberLanguage(ctx, language);
  return redirect(target, { headers: { "Set-Cookie": languageCookieHeader(language, url) } });
}
