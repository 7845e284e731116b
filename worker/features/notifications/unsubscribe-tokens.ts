import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { readConfig } from "@worker/core/config";
import { NOTIFICATION_KEYS, type NotificationKey } from "@worker/db/schema";
import { z } from "zod";

/** What an unsubscribe link turns off: one preference, or (for always-on events) the master switch. */
export type UnsubscribePreference = NotificationKey | "emailOptIn";
export const UNSUBSCRIBE_PREFERENCES = [...NOTIFICATION_KEYS, "emailOptIn"] as const;

export interface UnsubscribeClaim {
  userId: string;
  preference: UnsubscribePreference;
}

// The member and the preference are inside the signed part, so a link can only ever turn off what
// it was made for, for the member it was sent to: changing either breaks the signature.
const payloadSchema = z.strictObject({
  u: z.string().min(1).max(64),
  p: z.enum(UNSUBSCRIBE_PREFERENCES),
});

/** A token is a few hundred characters at most; anything longer is not one of ours. */
const MAX_TOKEN_LENGTH = 512;
/** Separates these signatures from any other use of the same secret. */
const PURPOSE = "unsubscribe:";

const keys = new WeakMap<object, Promise<CryptoKey>>();

function secretKey(env: Env): Promise<CryptoKey> {
  let key = keys.get(env);
  if (!key) {
    const secret = readConfig(env).EMAIL_TOKEN_SECRET;
    if (!secret) {
      throw new Error("EMAIL_TOKEN_SECRET is not set: add it to .dev.vars (see .dev.vars.example) or run `wrangler secret put EMAIL_TOKEN_SECRET`.");
    }
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(env, key);
  }
  return key;
}

const signedBytes = (payload: string) => new TextEncoder().encode(PURPOSE + payload);

/** base64url(JSON payload) + "." + base64url(HMAC-SHA-256 of it). No expiry: an old e-mail's link still works. */
export async function createUnsubscribeToken(env: Env, claim: UnsubscribeClaim): Promise<string> {
  const payload = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify({ u: claim.userId, p: claim.preference })));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await secretKey(env), signedBytes(payload)));
  return `${payload}.${encodeBase64urlNoPadding(signature)}`;
}

/** The claim a genuine token carries, or null for anything else (forged, edited, truncated, garbage). */
export async function verifyUnsubscribeToken(env: Env, token: string): Promise<UnsubscribeClaim | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  let signatureBytes: Uint8Array;
  let payloadText: string;
  try {
    signatureBytes = decodeBase64urlIgnorePadding(signature);
    payloadText = new TextDecoder("utf-8", { fatal: true }).decode(decodeBase64urlIgnorePadding(payload));
  } catch {
    return null;
  }
  // crypto.subtle.verify compares in constant time.
  const genuine = await crypto.subtle.verify("HMAC", await secretKey(env), signatureBytes as Uint8Array<ArrayBuffer>, signedBytes(payload));
  if (!genuine) return null;
  let value: unknown;
  try {
    value = JSON.parse(payloadText);
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(value);
  return parsed.success ? { userId: parsed.data.u, preference: parsed.data.p } : null;
}
