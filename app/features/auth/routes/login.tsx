import { readConfig } from "@worker/core/config";
import { browserTimeZone } from "@worker/core/http/reader";
import { translate } from "@worker/core/i18n/request-language";
import { requestContext } from "@worker/core/request-context";
import { rememberBrowserTimeZone } from "@worker/core/shared/time-zones";
import { msg } from "@worker/core/shared/translate";
import { devSignInAllowed, findLocalMember, listDemoMembers, localSignInSchema } from "@worker/features/auth/dev-sign-in";
import { allowSignInAttempt, rateLimitedHeaders, SIGN_IN_RATE_LIMITED } from "@worker/features/auth/rate-limit";
import { startSession } from "@worker/features/auth/sign-in";
import { SignInError } from "@worker/features/auth/sign-in-error";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { afterSignInPath } from "~/core/redirect-target.server";
import { refusal } from "~/core/refusal.server";
import type { RootData } from "~/root";
import { TextField } from "~/ui/field";
import { signInReason } from "../sign-in-reason";
import type { Route } from "./+types/login";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: `${loaderData?.title ?? "Sign in"} — BookClub` },
    { name: "description", content: loaderData?.description ?? "Sign in to BookClub to share your books, borrow from neighbours and join book clubs." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, user, url } = context.get(requestContext);
  const redirectTo = afterSignInPath(url.searchParams.get("redirectTo"));
  if (user) throw redirect(redirectTo);
  const [demoMembers, catalogue] = await Promise.all([devSignInAllowed(readConfig(env), url) ? listDemoMembers(db) : [], pageMessages(context, "auth")]);
  return {
    redirectTo,
    reason: signInReason(redirectTo),
    demoMembers,
    googleStartFailed: url.searchParams.get("error") === "google",
    title: translate("Sign in"),
    description: translate("Sign in to BookClub to share your books, borrow from neighbours and join book clubs."),
    catalogue,
  };
}

/** Local sign-in (demo member or new member). Only ever on localhost with DEV_SIGN_IN; 404 anywhere else. */
// Document responses only carry an action's headers that the route passes on (Set-Cookie aside).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, url } = context.get(requestContext);
  if (!devSignInAllowed(readConfig(env), url)) throw refusal(translate("Not found"), 404);
  if (!(await allowSignInAttempt(env, request))) {
    return data({ ok: false as const, errors: { form: translate(SIGN_IN_RATE_LIMITED) } }, { status: 429, headers: rateLimitedHeaders() });
  }
  try {
    const form = await readFormData(request);
    const parsed = localSignInSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refuse({ form: parsed.error.issues[0]?.message ?? translate("Please check the form.") }, 400);
    const member = await findLocalMember(db, parsed.data, browserTimeZone(request));
    if (!member) return refuse({ form: translate("That demo member no longer exists. Please pick another.") }, 404);
    const cookie = await startSession({ db, env }, request, member.id);
    return redirect(afterSignInPath(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof SignInError) return refuse({ form: error.message }, 403);
    return actionError(error);
  }
}

const SMALL_LABEL = "mb-1 block text-sm font-medium";

const STEPS = [
  { title: msg("Upload a cover"), text: msg("Photograph a book's cover; the title and author are detected for you.") },
  { title: msg("Swap with friends"), text: msg("Lend, borrow and give away books with friends and neighbours.") },
  { title: msg("Search your groups"), text: msg("Find books within your clubs and the community library.") },
];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  // The shell's sign-in options; read here, not through a helper exported by root.tsx, because any
  // value import from root.tsx splits the root route into two scripts on every page.
  const shell = useRouteLoaderData("root") as RootData | undefined;
  const t = useT();
  const { redirectTo, reason, demoMembers, googleStartFailed } = loaderData;
  const dev = shell?.signIn.dev ?? false;
  const google = shell?.signIn.google ?? false;
  // A member made by this sign-in starts in this device's zone.
  useEffect(rememberBrowserTimeZone, []);
  return (
    <div className="mx-auto grid max-w-4xl gap-8 py-6 md:grid-cols-2">
      <section className="card space-y-6 p-6">
        <h1 className="font-serif text-3xl font-bold">{t("Sign in to BookClub")}</h1>
        {reason && <p className="text-stone-800">{t(reason)}</p>}
        {googleStartFailed && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
            {t("Failed to start Google sign-in. Please try again.")}
          </p>
        )}
        {google && (
          // A plain form: the answer is a redirect to Google, which only a full page load can follow.
          <form method="post" action="/auth/google">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="btn btn-secondary w-full">
              <GoogleMark />
              {t("Continue with Google")}
            </button>
          </form>
        )}
        {!google && !dev && <p className="text-stone-700">{t("Sign-in is not configured on this server yet.")}</p>}
        {dev && <LocalSignIn demoMembers={demoMembers} redirectTo={redirectTo} error={actionData?.errors.form} />}
        {/* Two whole sentences, so each language words them its own way; the second is the link. */}
        <p className="text-sm text-stone-700">
          {t("New here?")}{" "}
          <Link to="/library" className="text-brand-700 underline">
            {t("Browse the library first.")}
          </Link>
        </p>
      </section>
      <section aria-labelledby="how-it-works" className="space-y-4">
        <h2 id="how-it-works" className="font-serif text-2xl font-semibold">
          {t("How it works")}
        </h2>
        <ol className="space-y-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card flex gap-4 p-4">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">{index + 1}</span>
              <div>
                <h3 className="font-semibold">{t(step.title)}</h3>
                <p className="text-sm text-stone-700">{t(step.text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function LocalSignIn({
  demoMembers,
  redirectTo,
  error,
}: {
  demoMembers: { id: string; name: string; email: string }[];
  redirectTo: string;
  error: string | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section aria-labelledby="local-sign-in" className="space-y-4 border-t border-stone-200 pt-6">
      <div>
        <h2 id="local-sign-in" className="font-serif text-xl font-semibold">
          {t("Local sign-in")}
        </h2>
        <p className="text-sm text-stone-700">{t("For local development only (DEV_SIGN_IN on localhost). No password needed.")}</p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900">
          {error}
        </p>
      )}
      {demoMembers.length > 0 && (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="demo" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <h3 className="text-sm font-semibold text-stone-800">{t("Demo members")}</h3>
          <fieldset aria-label={t("Sign in as a demo member")} className="grid gap-2">
            {demoMembers.map((member) => (
              <button
                key={member.id}
                type="submit"
                name="userId"
                value={member.id}
                disabled={busy}
                className="flex min-h-11 w-full flex-col items-start rounded-lg border border-stone-300 bg-white px-4 py-2 text-start text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <span>{member.name}</span>
                <span className="text-xs font-normal text-stone-600">{member.email}</span>
              </button>
            ))}
          </fieldset>
        </Form>
      )}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="new" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <h3 className="text-sm font-semibold text-stone-800">{t("Or as a new member")}</h3>
        <TextField id="local-name" label={t("Name")} labelClassName={SMALL_LABEL} name="name" required maxLength={100} autoComplete="name" />
        <TextField id="local-email" label={t("Email")} labelClassName={SMALL_LABEL} name="email" type="email" required maxLength={254} autoComplete="email" />
        <button type="submit" disabled={busy} className="btn btn-primary w-full">
          {t("Sign in as new member")}
        </button>
      </Form>
    </section>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
