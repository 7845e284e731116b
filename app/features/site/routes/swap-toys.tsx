import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { interestSchema, registerSwapToysInterest, swapToysProgress } from "@worker/features/site/interest";
import { clientAddress } from "@worker/core/http/client-address";
import { SIMPLE_EMAIL } from "@worker/core/shared/rules";
import { actionError, refuse } from "~/core/action-result.server";
import { TextField } from "~/ui/field";
import { useToast } from "~/ui/toaster";
import { readFormData, textField } from "~/core/form-data.server";
import { serviceContext } from "~/core/route-context.server";
import type { Route } from "./+types/swap-toys";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Swap Toys — BookClub" },
    {
      name: "description",
      content: "Toy swapping is coming to BookClub. Register your interest and help us reach 100 families before launch.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return swapToysProgress(serviceContext(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readFormData(request);
    const parsed = interestSchema.safeParse({ email: textField(form, "email"), from: textField(form, "from") || undefined });
    if (!parsed.success) return refuse({ form: "Please enter a valid email address" }, 400);
    const result = await registerSwapToysInterest(serviceContext(context), parsed.data, clientAddress(request));
    return { ok: true as const, ...result };
  } catch (error) {
    return actionError(error);
  }
}

const REASONS = [
  "Children outgrow toys in months; swapping gives every toy a longer life.",
  "Fresh toys for your family without spending money or adding clutter.",
  "Less plastic in landfill and fewer new toys shipped across the world.",
  "Meet families nearby through the same trusted BookClub community.",
  "Pass on puzzles, games and building sets with all their pieces to someone who will love them.",
];

type FormState = "idle" | "loading" | "success" | "error";

export default function SwapToys({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const { notify } = useToast();
  const [email, setEmail] = useState("");
  const [clientError, setClientError] = useState<string | null>(null);
  const [pageUrl, setPageUrl] = useState("/swap-toys");
  useEffect(() => setPageUrl(window.location.href), []);

  const result = fetcher.data;
  const state: FormState =
    fetcher.state !== "idle" ? "loading" : result?.ok ? "success" : result && !result.ok ? "error" : "idle";
  const interested = result?.ok ? result.interested : loaderData.interested;
  const goal = loaderData.goal;
  const percent = Math.min(100, Math.round((interested / goal) * 100));
  const error = clientError ?? (state === "error" ? (result && !result.ok ? result.errors.form : null) : null);

  async function copy(text: string, success: string) {
    try {
      await navigator.clipboard.writeText(text);
      notify("success", success);
    } catch {
      notify("error", "Could not copy link.");
    }
  }

  async function share() {
    const text = "Help bring toy swapping to BookClub — register your interest:";
    if (navigator.share) {
      try {
        await navigator.share({ title: "Swap Toys on BookClub", text, url: pageUrl });
        return;
      } catch (shareError) {
        if (shareError instanceof DOMException && shareError.name === "AbortError") return;
      }
    }
    await copy(`${text} ${pageUrl}`, "Share text copied to clipboard!");
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold">Swap Toys</h1>
        <p className="text-lg text-stone-700">
          We are bringing the BookClub way of sharing to toys. Register your interest and we will launch once {goal} families
          have signed up.
        </p>
      </header>

      <section aria-labelledby="progress-heading" className="card space-y-3 p-5">
        <h2 id="progress-heading" className="font-semibold">
          {interested} of {goal} interested
        </h2>
        {/* A native progress bar: accessible, and no inline style (the CSP forbids those). */}
        <progress
          value={interested}
          max={goal}
          aria-label="Interested families"
          className="h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-brand-700"
        >
          {percent}%
        </progress>
      </section>

      <section aria-labelledby="register-heading" className="card space-y-4 p-5">
        <h2 id="register-heading" className="font-serif text-xl font-semibold">
          Register your interest
        </h2>
        {state === "success" ? (
          <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
            Thanks! Your interest is registered. We'll notify you when it's ready.
          </p>
        ) : (
          <fetcher.Form
            method="post"
            noValidate
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
            onSubmit={(event) => {
              if (!SIMPLE_EMAIL.test(email.trim())) {
                event.preventDefault();
                setClientError("Please enter a valid email address");
              } else setClientError(null);
            }}
          >
            <input type="hidden" name="from" value={pageUrl} />
            <TextField
              id="swap-email"
              fieldClassName="flex-1"
              label="Email address"
              labelClassName="sr-only"
              error={error && (error === "Please enter a valid email address" ? error : "Failed to register your interest. Please try again.")}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={state === "loading"}>
              {state === "loading" ? "Registering…" : "Register Interest"}
            </button>
          </fetcher.Form>
        )}
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
          <span className="text-sm font-medium text-stone-700">Share this link</span>
          <button type="button" className="btn btn-secondary" onClick={share}>
            Share
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => copy(pageUrl, "Link copied to clipboard!")}>
            Copy link
          </button>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="space-y-3">
        <h2 id="why-heading" className="font-serif text-xl font-semibold">
          Why swap toys?
        </h2>
        <ul className="list-disc space-y-2 ps-6 text-stone-800">
          {REASONS.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
