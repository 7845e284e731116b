import { buildPushPayload } from "@block65/webcrypto-web-push";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { parsePushPayload } from "@worker/core/shared/push-payload";
import { describe, expect, it } from "vitest";
import { decryptPush, deviceFromKeys, makeDevice, verifyVapid } from "./support";

// RFC 8291 Appendix A: the user agent's keys and the encrypted push of its example message.
const RFC_8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  privateD: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

/** A VAPID key as the Worker holds it (its public point and private scalar, base64url). */
async function vapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  const point = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return { subject: "mailto:push-tests@example.org", publicKey: encodeBase64urlNoPadding(point), privateKey: jwk.d! };
}

describe("Web Push payload encryption (RFC 8291)", () => {
  it("the test's decryption reads RFC 8291's own example back", async () => {
    const device = await deviceFromKeys("https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV", RFC_8291);
    expect(await decryptPush(decodeBase64urlIgnorePadding(RFC_8291.body), device)).toBe(RFC_8291.plaintext);
  });

  it("a payload encrypted for a subscription decrypts with that subscription's private key, and with no other", async () => {
    const device = await makeDevice();
    const vapid = await vapidKeys();
    const payload = JSON.stringify({
      title: "New messages from Olive",
      body: "Is «Middlemarch» still free? ✓",
      url: "/messages/abc",
      tag: "dm:abc",
      lang: "fr",
      dir: "ltr",
    });
    const request = await buildPushPayload(
      { data: payload, options: { ttl: 86_400 } },
      { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
      vapid,
    );

    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers.ttl).toBe("86400");
    // Padded to the record push services must accept, so the length says nothing about the text.
    expect(request.body.byteLength).toBe(4096);
    expect(await decryptPush(request.body, device)).toBe(payload);
    expect(parsePushPayload(await decryptPush(request.body, device))).toMatchObject({ title: "New messages from Olive", url: "/messages/abc" });

    const stranger = await makeDevice(device.endpoint);
    await expect(decryptPush(request.body, { ...stranger, keys: device.keys })).rejects.toThrow();
  });

  it("signs a VAPID JWT (RFC 8292) for the push service's origin with the server's key", async () => {
    const device = await makeDevice("https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk");
    const vapid = await vapidKeys();
    const request = await buildPushPayload({ data: "{}", options: { ttl: 60 } }, { endpoint: device.endpoint, expirationTime: null, keys: device.keys }, vapid);
    const { key, claims } = await verifyVapid(request.headers.authorization, device.endpoint);
    expect(key).toBe(vapid.publicKey);
    expect(claims).toMatchObject({ aud: "https://updates.push.services.mozilla.com", sub: "mailto:push-tests@example.org" });
  });

  it("a push payload from elsewhere is refused or made safe by the service worker's reader", () => {
    expect(parsePushPayload("not json")).toBeNull();
    expect(parsePushPayload(JSON.stringify({ title: "x", url: "https://evil.example/" }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ title: "x", url: "//evil.example/" }))).toBeNull();
    expect(parsePushPayload(JSON.stringify({ title: "x", url: "/loans", dir: "sideways" }))).toMatchObject({ url: "/loans", body: "", dir: "ltr" });
  });
});
