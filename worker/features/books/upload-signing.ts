import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { readConfig } from "@worker/core/config";

/** How long an upload link stays valid; the browser gives up after 2 minutes anyway. */
export const UPLOAD_URL_TTL_MS = 5 * 60 * 1000;

const keys = new WeakMap<object, Promise<CryptoKey>>();

function signingKey(env: Env): Promise<CryptoKey> {
  let key = keys.get(env);
  if (!key) {
    const secret = readConfig(env).UPLOAD_SIGNING_SECRET;
    if (!secret) throw new Error("UPLOAD_SIGNING_SECRET is not set: run `wrangler secret put UPLOAD_SIGNING_SECRET`.");
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(env, key);
  }
  return key;
}

const payload = (objectKey: string, expires: number) => new TextEncoder().encode(`upload:${objectKey}:${expires}`);

/** Query string that lets exactly one PUT to `objectKey` happen until `expires`. */
export async function signUpload(env: Env, objectKey: string, now = Date.now()) {
  const expires = now + UPLOAD_URL_TTL_MS;
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(env), payload(objectKey, expires)));
  return new URLSearchParams({ expires: String(expires), sig: encodeBase64urlNoPadding(signature) });
}

export type UploadSignatureCheck = "valid" | "expired" | "invalid";

export async function verifyUpload(env: Env, objectKey: string, params: { expires?: string; sig?: string }, now = Date.now()): Promise<UploadSignatureCheck> {
  const expires = Number(params.expires);
  if (!params.sig || !Number.isSafeInteger(expires)) return "invalid";
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = new Uint8Array(decodeBase64urlIgnorePadding(params.sig));
  } catch {
    return "invalid";
  }
  const ok = await crypto.subtle.verify("HMAC", await signingKey(env), signature, payload(objectKey, expires));
  if (!ok) return "invalid";
  return expires < now ? "expired" : "valid";
}
