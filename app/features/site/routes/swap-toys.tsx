import { clientAddress } from "@worker/core/http/client-address";
import { translate } from "@worker/core/i18n/request-language";
import { SIMPLE_EMAIL } from "@worker/core/shared/rules";
import { msg } from "@worker/core/shared/translate";
import { interestSchema, registerSwapToysInterest, swapToysProgress } from "@worker/features/site/interest";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { actionError, refuse } from "~/core/action-result.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useI18n } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { serviceContext } from "~/core/route-context.server";
import { TextField } from "~/ui/field";
import { useToast } from "~/ui/toaster";
import { useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";
import type { Route } from "./+types/swap-toys";

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  return [{ title: loaderData.title }, { name: "description", content: loaderData.description }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [progress, catalogue] = await Promise.all([swapToysProgress(serviceContext(context)), pageMessages(context, "site")]);
  return {
    ...progress,
    catalogue,
    title: translate("Swap Toys — BookClub"),
    description: translate(
      "Toy swapping is coming to BookClub. Register your interest and help us reach {goal, plural, one {# family} other {# families}} before launch.",
      { goal: progress.goal },
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readFormData(request);
    const parsed = interestSchema.safeParse({ email: textField(form, "email"), from: textField(form, "from") || undefined });
    if (!parsed.success) return refuse({ form: translate("Please enter a valid email address") }, 400);
    const result = await registerSwapToysInterest(serviceContext(context), parsed.data, clientAddress(request));
    return { ok: true as const, ...result };
  } catch (error) {
    return actionError(error);
  }
}

const REASONS = [
  msg("Children outgrow toys in months; swapping gives every toy a longer life."),
  msg("Fresh toys for your family without spending money or adding clutter."),
  msg("Less plastic in landfill and fewer new toys shipped across the world."),
  msg("Meet families nearby through the same trusted BookClub community."),
  msg("Pass on puzzles, games and building sets with all their pieces to someone who will love them."),
];

type FormState = "idle" | "loading" | "success" | "error";

export default function SwapToys({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const { notify } = useToast();
  const { t, locale } = useI18n();
  const invalidEmail = t("Please enter a valid email address");
  const [email, setEmail] = useState("");
  const emailBox = useTypedBeforeHydration<HTMLInputElement>(email, setEmail);
  const [clientError, setClientError] = useState<string | null>(null);
  const [pageUrl, setPageUrl] = useState("/swap-toys");
  useEffect(() => setPageUrl(window.location.href), []);

  const result = fetcher.data;
  const state: FormState = fetcher.state !== "idle" ? "loading" : result?.ok ? "success" : result && !result.ok ? "error" : "idle";
  const interested = result?.ok ? result.interested : loaderData.interested;
  const goal = loaderData.goal;
  const percent = Math.min(100, Math.round((interested / goal) * 100));
  const error = clientError ?? (state === "error" ? (result && !result.ok ? result.errors.form : null) : null);

  async function copy(text: string, success: string) {
    try {
      await navigator.clipboard.writeText(text);
      notify("success", success);
    } catch {
      notify("error", t("Could not copy link."));
    }
  }

  async function share() {
    const text = t("Help bring toy swapping to BookClub — register your interest:");
    if (navigator.share) {
      try {
        await navigator.share({ title: t("Swap Toys on BookClub"), text, url: pageUrl });
        return;
      } catch (shareError) {
        if (shareError instanceof DOMException && shareError.name === "AbortError") return;
      }
    }
    await copy(`${text} ${pageUrl}`, t("Share text copied to clipboard!"));
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold">{t("Swap Toys")}</h1>
        <p className="text-lg text-stone-700">
          {t(
            "We are bringing the BookClub way of sharing to toys. Register your interest and we will launch once {goal, plural, one {# family has} other {# families have}} signed up.",
            { goal },
          )}
        </p>
      </header>

      <section aria-labelledby="progress-heading" className="card space-y-3 p-5">
        <h2 id="progress-heading" className="font-semibold">
          {t("{interested} of {goal} interested", { interested, goal })}
        </h2>
        {/* A native progress bar: accessible, and no inline style (the CSP forbids those). */}
        <progress
          value={interested}
          max={goal}
          aria-label={t("Interested families")}
          className="h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-brand-700"
        >
          {new Intl.NumberFormat(locale, { style: "percent" }).format(percent / 100)}
        </progress>
      </section>

      <section aria-labelledby="register-heading" className="card space-y-4 p-5">
        <h2 id="register-heading" className="font-serif text-xl font-semibold">
          {t("Register your interest")}
        </h2>
        {state === "success" ? (
          <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
            {t("Thanks! Your interest is registered. We'll notify you when it's ready.")}
          </p>
        ) : (
          <fetcher.Form
            method="post"
            noValidate
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
            onSubmit={(event) => {
              if (!SIMPLE_EMAIL.test(email.trim())) {
                event.preventDefault();
                setClientError(invalidEmail);
              } else setClientError(null);
            }}
          >
            <input type="hidden" name="from" value={pageUrl} />
            <TextField
              id="swap-email"
              fieldClassName="flex-1"
              label={t("Email address")}
              labelClassName="sr-only"
              error={error && (error === invalidEmail ? error : t("Failed to register your interest. Please try again."))}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              ref={emailBox}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={state === "loading"}>
              {state === "loading" ? t("Registering…") : t("Register Interest")}
            </button>
          </fetcher.Form>
        )}
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
          <span className="text-sm font-medium text-stone-700">{t("Share this link")}</span>
          <button type="button" className="btn btn-secondary" onClick={share}>
            {t("Share")}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => copy(pageUrl, t("Link copied to clipboard!"))}>
            {t("Copy link")}
          </button>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="space-y-3">
        <h2 id="why-heading" className="font-serif text-xl font-semibold">
          {t("Why swap toys?")}
        </h2>
        <ul className="list-disc space-y-2 ps-6 text-stone-800">
          {REASONS.map((reason) => (
            <li key={reason}>{t(reason)}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
