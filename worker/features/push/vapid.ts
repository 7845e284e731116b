import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { DEFAULT_EMAIL_FROM, readConfig } from "@worker/core/config";

/** The Worker's VAPID identity (RFC 8292): the key that signs each push, and whom push services may contact. */
export interface Vapid {
  /** The application server key browsers subscribe with: the uncompressed P-256 point, base64url. */
  publicKey: string;
  /** The private scalar (the JWK's `d`), base64url. */
  privateKey: string;
  /** The JWT's `sub`. */
  subject: string;
}

const cache = new Map<string, Vapid | null>();

/** The configured VAPID key, or null when push is not set up (VAPID_PRIVATE_KEY unset or not a P-256 JWK). */
export function readVapid(env: Env): Vapid | null {
  const config = readConfig(env);
  const secret = config.VAPID_PRIVATE_KEY;
  if (!secret) return null;
  const cacheKey = `${secret}\n${config.VAPID_SUBJECT ?? ""}\n${config.EMAIL_FROM ?? ""}`;
  if (!cache.has(cacheKey)) cache.set(cacheKey, parseVapid(secret, config.VAPID_SUBJECT ?? subjectFromSender(config.EMAIL_FROM)));
  return cache.get(cacheKey) ?? null;
}

/** Push services want a contact: the From address of the app's e-mail when no VAPID_SUBJECT is set. */
function subjectFromSender(from: string | undefined): string {
  const address = /<([^>]+)>/.exec(from ?? DEFAULT_EMAIL_FROM)?.[1] ?? from ?? "";
  return `mailto:${address}`;
}

function parseVapid(secret: string, subject: string): Vapid | null {
  let jwk: JsonWebKey;
  try {
    jwk = JSON.parse(secret) as JsonWebKey;
  } catch {
    console.error('VAPID_PRIVATE_KEY is not JSON: it must be a P-256 private key as a JWK (README "Web Push").');
    return null;
  }
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.x || !jwk.y || !jwk.d) {
    console.error("VAPID_PRIVATE_KEY must be a P-256 private key as a JWK (kty EC, crv P-256, x, y, d).");
    return null;
  }
  const point = new Uint8Array(65);
  point[0] = 4;
  point.set(decodeBase64urlIgnorePadding(jwk.x), 1);
  point.set(decodeBase64urlIgnorePadding(jwk.y), 33);
  return { publicKey: encodeBase64urlNoPadding(point), privateKey: jwk.d, subject };
}

/** The key browsers subscribe with, or null when push is not configured. */
export function pushPublicKey(env: Env): string | null {
  return readVapid(env)?.publicKey ?? null;
}
