import { env } from "cloudflare:workers";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { pushPublicKey } from "@worker/features/push";
import { expect, vi } from "vitest";

// A browser's side of Web Push, made in the test: the subscription's keys (RFC 8291 §2), the
// decryption a browser does, and a push service that takes what the Worker posts the way FCM,
// autopush and APNs do (RFC 8030, RFC 8292), answering what the test tells it to.

const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** A browser's push subscription, with the private key only the browser has. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: CryptoKey;
}

/** A subscription as `PushSubscription.toJSON()` gives it, with fresh keys, on FCM unless told otherwise. */
export async function makeDevice(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`): Promise<TestDevice> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { endpoint, keys: { p256dh: encodeBase64urlNoPadding(publicKey), auth: encodeBase64urlNoPadding(auth) }, privateKey: pair.privateKey };
}

/** A device whose keys are given (RFC 8291 Appendix A's user agent). */
export async function deviceFromKeys(endpoint: string, keys: { p256dh: string; auth: string; privateD: string }): Promise<TestDevice> {
  const point = decodeBase64urlIgnorePadding(keys.p256dh);
  const jwk = { kty: "EC", crv: "P-256", x: encodeBase64urlNoPadding(point.slice(1, 33)), y: encodeBase64urlNoPadding(point.slice(33, 65)), d: keys.privateD };
  const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, privateKey };
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  // Copies: WebCrypto's types take only ArrayBuffer-backed views.
  const key = await crypto.subtle.importKey("raw", new Uint8Array(ikm), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(salt), info: new Uint8Array(info) }, key, bytes * 8),
  );
}

/**
 * What the browser does with a push body (RFC 8291 §3.4 over RFC 8188's aes128gcm): reads the header
 * (salt, record size, the sender's public key), derives the key and nonce from the ECDH secret and the
 * auth secret, decrypts the one record and drops its padding after the 0x02 delimiter.
 */
export async function decryptPush(received: Uint8Array, device: TestDevice): Promise<string> {
  const body = new Uint8Array(received);
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const keyIdLength = body[20]!;
  const senderPublic = body.slice(21, 21 + keyIdLength);
  const record = body.slice(21 + keyIdLength);
  expect(keyIdLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);

  const sender = await crypto.subtle.importKey("raw", senderPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, device.privateKey, 256));
  const receiverPublic = decodeBase64urlIgnorePadding(device.keys.p256dh);
  const ikm = await hkdf(decodeBase64urlIgnorePadding(device.keys.auth), ecdhSecret, concat(utf8("WebPush: info\0"), receiverPublic, senderPublic), 32);
  const cek = await hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", new Uint8Array(cek), "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: new Uint8Array(nonce) }, key, record));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end], "the last record ends with the 0x02 delimiter").toBe(2);
  return new TextDecoder("utf-8", { fatal: true }).decode(padded.slice(0, end));
}

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<key>` header as a push service does (RFC 8292 §2–3):
 * an ES256 JWT signed by `k`, for the endpoint's origin, expiring within 24 hours, with a contact.
 */
export async function verifyVapid(authorization: string | null, endpoint: string, now = Date.now()) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  expect(match, `an RFC 8292 vapid Authorization header, got ${authorization}`).not.toBeNull();
  const [, jwt, k] = match!;
  const [header, claims, signature] = jwt!.split(".") as [string, string, string];
  const decodeJson = (part: string) => JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(part))) as Record<string, unknown>;
  expect(decodeJson(header)).toMatchObject({ typ: "JWT", alg: "ES256" });
  const point = decodeBase64urlIgnorePadding(k!);
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: encodeBase64urlNoPadding(point.slice(1, 33)), y: encodeBase64urlNoPadding(point.slice(33, 65)) },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const signed = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    new Uint8Array(decodeBase64urlIgnorePadding(signature)),
    utf8(`${header}.${claims}`),
  );
  expect(signed, "the JWT's ES256 signature verifies with k").toBe(true);
  const body = decodeJson(claims) as { aud: string; exp: number; sub: string };
  expect(body.aud).toBe(new URL(endpoint).origin);
  expect(body.exp * 1000).toBeGreaterThan(now);
  expect(body.exp * 1000).toBeLessThanOrEqual(now + 24 * 60 * 60 * 1000);
  expect(body.sub).toMatch(/^(mailto:|https:\/\/)/);
  return { key: k!, claims: body };
}

/** What the push service took: the headers that matter and the payload, decrypted as the device would. */
export interface ReceivedPush {
  endpoint: string;
  ttl: string | null;
  topic: string | null;
  urgency: string | null;
  bodyBytes: number;
  payload: Record<string, unknown>;
}

type Answer = number | { status: number; retryAfter?: string } | "unreachable";

/**
 * A recorded push service in front of the test's devices: every POST must carry a VAPID JWT signed
 * with the Worker's key and an aes128gcm body the device can decrypt; it answers with `answers` in turn
 * (the last again after that). Anything else fetched fails the test.
 */
export function pushService(devices: TestDevice[], ...answers: Answer[]) {
  let next = 0;
  return pushServiceAnswering(devices, () => answers[Math.min(next++, answers.length - 1)] ?? 201);
}

/** The same push service, answering each device its own way (whatever order a run's sends go in). */
export function pushServiceAnswering(devices: TestDevice[], answerFor: (endpoint: string) => Answer) {
  const received: ReceivedPush[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init as RequestInit);
    const answer = answerFor(request.url);
    if (answer === "unreachable") throw new TypeError("Network connection lost.");
    const device = devices.find((one) => one.endpoint === request.url);
    expect(device, `a push to a known device, not ${request.url}`).toBeDefined();
    expect(request.method).toBe("POST");
    const { key } = await verifyVapid(request.headers.get("Authorization"), request.url);
    expect(key).toBe(pushPublicKey(env));
    expect(request.headers.get("Content-Encoding")).toBe("aes128gcm");
    const body = new Uint8Array(await request.arrayBuffer());
    expect(body.length).toBeLessThanOrEqual(4096);
    const payload = JSON.parse(await decryptPush(body, device!)) as Record<string, unknown>;
    received.push({
      endpoint: request.url,
      ttl: request.headers.get("TTL"),
      topic: request.headers.get("Topic"),
      urgency: request.headers.get("Urgency"),
      bodyBytes: body.length,
      payload,
    });
    const { status, retryAfter } = typeof answer === "number" ? { status: answer, retryAfter: undefined } : answer;
    return new Response(status === 201 ? null : `{"reason":"recorded ${status}"}`, {
      status,
      headers: { ...(retryAfter ? { "Retry-After": retryAfter } : {}), ...(status === 201 ? { Location: `${request.url}/m/${crypto.randomUUID()}` } : {}) },
    });
  });
  return { received, spy };
}
