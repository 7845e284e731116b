import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext } from "@worker/core/service-context";
import { msg } from "@worker/core/shared/translate";
import { listDevices, pushPublicKey, pushSubscriptionSchema, removeDevice, subscribeDevice } from "@worker/features/push";
import { actionError, refuse } from "~/core/action-result.server";
import { textField } from "~/core/form-data.server";
import { type PushIntent, SUBSCRIBE_FAILED } from "./push-intent";

const REMOVE_FAILED = msg("Could not remove the device. Please try again.");

/** The push section's data: the server's key (null when push is not set up) and the member's devices (null if they could not be read). */
export async function pushSettingsFor(ctx: MemberContext) {
  const publicKey = pushPublicKey(ctx.env);
  try {
    return { publicKey, devices: await listDevices(ctx) };
  } catch (error) {
    console.error("Loading push devices failed", error);
    return { publicKey, devices: null };
  }
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Subscribing this device (`subscription`: the browser's `PushSubscription.toJSON()`), or removing
 * one of the member's devices (`subscriptionId`): the API's own service calls. A refusal is under
 * `errors.push`.
 */
export async function pushIntentAction(ctx: MemberContext, intent: PushIntent, form: FormData, userAgent: string | null) {
  try {
    if (intent === "push-subscribe") {
      const subscription = pushSubscriptionSchema.safeParse(parseJson(textField(form, "subscription")));
      if (!subscription.success) return refuse({ push: translate(SUBSCRIBE_FAILED) }, 400);
      await subscribeDevice(ctx, subscription.data, userAgent);
    } else {
      await removeDevice(ctx, textField(form, "subscriptionId") ?? "");
    }
    return { ok: true as const, push: intent };
  } catch (error) {
    return actionError(error, { field: "push", unexpected: translate(intent === "push-subscribe" ? SUBSCRIBE_FAILED : REMOVE_FAILED) });
  }
}
