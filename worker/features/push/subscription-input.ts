import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { translate } from "@worker/core/i18n/request-language";
import { z } from "zod";

/** A push endpoint longer than this is not one a browser made (theirs are a few hundred bytes). */
export const MAX_ENDPOINT_BYTES = 2048;
/** An uncompressed P-256 point (0x04, x, y) and the RFC 8291 auth secret. */
const P256_PUBLIC_KEY_BYTES = 65;
const AUTH_SECRET_BYTES = 16;

/** The bytes of a base64url text (padding allowed, as some browsers send it), or null if it is not one. */
function base64urlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  try {
    return decodeBase64urlIgnorePadding(text.replace(/=+$/, ""));
  } catch {
    return null;
  }
}

const endpointSchema = z
  .string({ error: () => translate("endpoint is required: the push subscription's URL.") })
  .refine((endpoint) => new TextEncoder().encode(endpoint).length <= MAX_ENDPOINT_BYTES, {
    error: () => translate("The push endpoint is longer than 2 KB."),
    abort: true,
  })
  .refine((endpoint) => URL.canParse(endpoint) && new URL(endpoint).protocol === "https:", {
    error: () => translate("The push endpoint must be an https URL."),
  });

/** `PushSubscription.toJSON()` as the browser gives it. Whether its host is a push service is the service's check (it needs the settings). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string().refine(
        (key) => {
          const bytes = base64urlBytes(key);
          return bytes?.length === P256_PUBLIC_KEY_BYTES && bytes[0] === 4;
        },
        { error: () => translate("keys.p256dh must be the browser's P-256 public key: 65 bytes, base64url.") },
      ),
      auth: z.string().refine((key) => base64urlBytes(key)?.length === AUTH_SECRET_BYTES, {
        error: () => translate("keys.auth must be the subscription's 16-byte secret, base64url."),
      }),
    },
    { error: () => translate("keys is required: the subscription's p256dh and auth keys.") },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;
