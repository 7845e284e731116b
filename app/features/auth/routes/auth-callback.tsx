import { translate } from "@worker/core/i18n/request-language";
import { requestContext } from "@worker/core/request-context";
import { finishGoogleSignIn } from "@worker/features/auth/google-sign-in";
import { allowSignInAttempt, rateLimitedHeaders, SIGN_IN_RATE_LIMITED } from "@worker/features/auth/rate-limit";
import { useEffect, useRef } from "react";
import { data, Link, useFetcher, useNavigate } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { afterSignInPath } from "~/core/redirect-target.server";
import type { Route } from "./+types/auth-callback";

/** After a successful sign-in the page says so, then moves on after 400 ms. */
const REDIRECT_DELAY_MS = 400;

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Signing in"} — BookClub` }, { name: "robots", content: "noindex" }];
}

/**
 * Google sends the browser here with `code` and `state` (or `error`). The loader only reads them: the
 * one-time code is spent by the action, which the page posts as soon as it loads, so a reload or a
 * revalidation never replays it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { url } = context.get(requestContext);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const providerError = url.searchParams.get("error");
  let error: string | null = null;
  if (providerError) error = translate("Authentication error: {error}", { error: providerError.slice(0, 200) });
  else if (!code) error = translate("Missing authorization code in callback URL.");
  return { code, state, error, title: translate("Signing in"), catalogue: await pageMessages(context, "auth") };
}

// Document responses only carry an action's headers that the route passes on (Set-Cookie aside).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(requestContext);
  if (!(await allowSignInAttempt(env, request))) {
    return data({ ok: false as const, errors: { form: translate(SIGN_IN_RATE_LIMITED) } }, { status: 429, headers: rateLimitedHeaders() });
  }
  try {
    const form = await readFormData(request);
    const field = (name: string) => textField(form, name) || null;
    const result = await finishGoogleSignIn({ db, env }, request, { code: field("code"), state: field("state") });
    if (!result.ok) return refuse({ form: result.error }, 400);
    const headers = new Headers();
    for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
    return data({ ok: true as const, redirectTo: afterSignInPath(result.redirectTo) }, { headers });
  } catch (error) {
    return actionError(error);
  }
}

export default function AuthCallback({ loaderData, actionData }: Route.ComponentProps) {
  const { code, state } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const t = useT();
  const started = useRef(false);

  // Exchange the code once (refs survive StrictMode's double effect, so the code is not spent twice).
  useEffect(() => {
    if (started.current || loaderData.error || !code) return;
    started.current = true;
    void fetcher.submit({ code, state: state ?? "" }, { method: "post" });
  }, [code, state, loaderData.error, fetcher]);

  // A document POST (before hydration, or without JavaScript) answers through actionData.
  const result = fetcher.state === "idle" ? (fetcher.data ?? actionData) : undefined;
  const error = loaderData.error ?? (result && !result.ok ? result.errors.form : null);
  const target = result?.ok ? result.redirectTo : null;

  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target, navigate]);

  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="sr-only">{t("Signing in")}</h1>
      {error ? (
        <div className="card space-y-6 p-6">
          <p role="alert" className="font-medium text-red-900">
            {error}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            {code && (
              <fetcher.Form method="post">
                <input type="hidden" name="code" value={code} />
                <input type="hidden" name="state" value={state ?? ""} />
                <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
                  {t("Try Again")}
                </button>
              </fetcher.Form>
            )}
            <Link to="/login" className="btn btn-secondary">
              {t("Back to Login")}
            </Link>
          </div>
        </div>
      ) : target ? (
        <div className="space-y-3">
          <p role="status" className="text-lg font-medium text-brand-800">
            {t("Signed in successfully. Redirecting…")}
          </p>
          <noscript>
            <a href={target} className="btn btn-primary">
              {t("Continue")}
            </a>
          </noscript>
        </div>
      ) : (
        <div className="space-y-4">
          <span aria-hidden="true" className="mx-auto block h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
          <p role="status" className="text-lg font-medium">
            {t("Authenticating…")}
          </p>
          <noscript>
            <form method="post">
              <input type="hidden" name="code" value={code ?? ""} />
              <input type="hidden" name="state" value={state ?? ""} />
              <button type="submit" className="btn btn-primary">
                {t("Continue")}
              </button>
            </form>
          </noscript>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  // The route's catalogue came with its data, which an error page lacks: these show in English unless core has them.
  const t = useT();
  return (
    <div className="card mx-auto max-w-md space-y-6 p-6 text-center">
      <p role="alert" className="font-medium text-red-900">
        {t("Authentication failed.")}
      </p>
      <Link to="/login" className="btn btn-secondary">
        {t("Back to Login")}
      </Link>
    </div>
  );
}
