import { msg } from "@worker/core/shared/translate";

/** What the push section posts to /settings/notifications, and what the action answers. */
export const PUSH_INTENTS = ["push-subscribe", "push-stop", "push-remove"] as const;
export type PushIntent = (typeof PUSH_INTENTS)[number];

/** Said by the page (the browser would not subscribe) and by the action (the server could not keep it). */
export const SUBSCRIBE_FAILED = msg("Could not turn on notifications on this device. Please try again.");

export const isPushIntent = (intent: string | undefined): intent is PushIntent => (PUSH_INTENTS as readonly (string | undefined)[]).includes(intent);

/** The action's answer to a push intent; a refusal's text is under `errors.push`. */
export type PushResult = { ok: true; push: PushIntent } | { ok: false; errors: Record<string, string> };

/** The action's answer when it was one to a push intent (the page's action also answers its e-mail switches). */
export function pushResultOf(value: unknown): PushResult | null {
  if (typeof value !== "object" || value === null) return null;
  const result = value as { ok?: unknown; push?: unknown; errors?: Record<string, unknown> };
  if (result.ok === true && typeof result.push === "string" && isPushIntent(result.push)) return result as PushResult;
  if (result.ok === false && typeof result.errors?.push === "string") return result as PushResult;
  return null;
}
