import { encodeHexLowerCase } from "@oslojs/encoding";
import { readConfig } from "@worker/core/config";
import { CROCKFORD_ALPHABET, INVITE_CODE_LENGTH } from "@worker/core/shared/club-rules";

// How invite codes are made and recognised without storing them (docs/decisions/005-invite-codes.md).

const keys = new WeakMap<object, Promise<CryptoKey>>();

function secretKey(env: Env): Promise<CryptoKey> {
  let key = keys.get(env);
  if (!key) {
    const secret = readConfig(env).INVITE_CODE_SECRET;
    if (!secret) {
      throw new Error("INVITE_CODE_SECRET is not set: add it to .dev.vars (see .dev.vars.example) or run `wrangler secret put INVITE_CODE_SECRET`.");
    }
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(env, key);
  }
  return key;
}

async function hmac(env: Env, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await secretKey(env), new TextEncoder().encode(message)));
}

/** 40 bits as 8 Crockford base32 characters, 5 bits each, most significant first. */
function crockford40(bytes: Uint8Array): string {
  let bits = 0n;
  for (const byte of bytes.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let i = INVITE_CODE_LENGTH - 1; i >= 0; i--) code += CROCKFORD_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** A fresh random nonce; a new nonce is a new code. */
export function newInviteNonce(): string {
  return encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(16)));
}

/** The code a club's nonce stands for: only the server, holding the secret, can work it out. */
export async function deriveInviteCode(env: Env, clubId: string, nonce: string): Promise<string> {
  return crockford40(await hmac(env, `invite-code:${clubId}:${nonce}`));
}

/** What is stored and looked up for a (normalised) code; a different message from the derivation's. */
export async function hashInviteCode(env: Env, code: string): Promise<string> {
  return encodeHexLowerCase(await hmac(env, `invite-code-hash:${code}`));
}
