import { env } from "cloudflare:workers";
import { createSession } from "@worker/core/session";
import { pushSubscriptions } from "@worker/db/schema";
import { MAX_PUSH_DEVICES, pushPublicKey } from "@worker/features/push";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { db, signedInMember } from "../helpers/fixtures";
import { api, type Caller, call, SAME_ORIGIN } from "../helpers/http";
import { makeDevice, type TestDevice } from "./support";

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

type Device = { subscriptionId: string; deviceName: string; createdAt: number; thisDevice: boolean };

const subscription = (device: TestDevice) => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys });

function subscribe(caller: Caller, body: unknown, userAgent = ANDROID_CHROME, invalid = false) {
  return api<{ device: Device; created: boolean }>("/push/devices", caller, {
    method: "POST",
    json: body,
    headers: { ...SAME_ORIGIN, "User-Agent": userAgent },
    invalid,
  });
}
const devicesOf = async (caller: Caller) => (await api<{ devices: Device[] }>("/push/devices", caller)).body.data!.devices;
const storedFor = (userId: string) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("who may use the push routes", () => {
  it("answers visitors 401 on every route, and members only about their own devices", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const saved = await subscribe(owner, subscription(await makeDevice()));
    expect(saved.status).toBe(201);
    const id = saved.body.data!.device.subscriptionId;

    for (const [path, method] of [
      ["/push/key", "GET"],
      ["/push/devices", "GET"],
      ["/push/devices", "POST"],
      [`/push/devices/${id}`, "DELETE"],
    ] as const) {
      const answer = await api(path, null, { method, ...(method === "POST" ? { json: subscription(await makeDevice()) } : {}) });
      expect(answer, `${method} ${path}`).toMatchObject({ status: 401, body: { success: false } });
    }
    expect(await devicesOf(stranger)).toEqual([]);
    expect(await api(`/push/devices/${id}`, stranger, { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { success: false, error: "Device not found" },
    });
    expect(await devicesOf(owner)).toHaveLength(1);
    expect(await api(`/push/devices/${id}`, owner, { method: "DELETE" })).toMatchObject({ status: 200, body: { data: { removed: true } } });
    expect(await devicesOf(owner)).toEqual([]);
  });

  it("gives members the VAPID key to subscribe with", async () => {
    const member = await signedInMember();
    const key = await api<{ publicKey: string }>("/push/key", member);
    expect(key.body.data!.publicKey).toBe(pushPublicKey(env));
    expect(key.body.data!.publicKey).toMatch(/^B[\w-]{86}$/);
  });

  it("refuses a cross-site subscribe with a session cookie (CSRF) and accepts a Bearer client", async () => {
    const member = await signedInMember();
    const crossSite = await call("/api/push/devices", {
      method: "POST",
      cookie: member.cookie,
      headers: { Origin: "https://evil.example" },
      json: subscription(await makeDevice()),
    });
    expect(crossSite.status).toBe(403);
    const viaBearer = await api("/push/devices", member, { method: "POST", auth: "bearer", json: subscription(await makeDevice()) });
    expect(viaBearer.status).toBe(201);
  });
});

describe("adding a device", () => {
  it("names it from the user agent, marks this browser's, and updates it when the same endpoint comes again", async () => {
    const member = await signedInMember();
    const phone = await makeDevice();
    const first = await subscribe(member, subscription(phone));
    expect(first).toMatchObject({ status: 201, body: { data: { created: true, device: { deviceName: "Chrome on Android", thisDevice: true } } } });

    const renewed = await makeDevice(phone.endpoint);
    const again = await subscribe(member, subscription(renewed));
    expect(again).toMatchObject({ status: 201, body: { data: { created: false, device: { subscriptionId: first.body.data!.device.subscriptionId } } } });
    const [stored] = await storedFor(member.user.id);
    expect(stored).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth, browser: "Chrome", system: "Android" });

    // The same member on an iPhone (another session): listed, not as this device.
    const otherSession = await createSession(db, member.user.id);
    const iphone = { cookie: `bookclub_session=${otherSession.token}` };
    const apple = await makeDevice("https://web.push.apple.com/QGuQyavXutnMPGE5Wf0s");
    expect((await subscribe(iphone, subscription(apple), IPHONE_SAFARI)).status).toBe(201);
    const listed = await devicesOf(member);
    expect(listed.map((device) => [device.deviceName, device.thisDevice])).toEqual([
      ["Safari on iPhone", false],
      ["Chrome on Android", true],
    ]);
  });

  it("writes the device's name in the reader's language", async () => {
    const member = await signedInMember({ language: "es" });
    await subscribe(member, subscription(await makeDevice()));
    expect((await devicesOf(member))[0]!.deviceName).toBe("Chrome en Android");
  });

  it("moves an endpoint another member left on this browser, so their pushes stop showing here", async () => {
    const before = await signedInMember();
    const after = await signedInMember();
    const browser = await makeDevice();
    await subscribe(before, subscription(browser));
    expect((await subscribe(after, subscription(browser))).status).toBe(201);
    expect(await storedFor(before.user.id)).toEqual([]);
    expect(await storedFor(after.user.id)).toHaveLength(1);
  });

  it("refuses bad subscriptions with a 400 that says why", async () => {
    const member = await signedInMember();
    const good = await makeDevice();
    const cases: [unknown, string][] = [
      [{ ...subscription(good), endpoint: "http://fcm.googleapis.com/fcm/send/abc" }, "The push endpoint must be an https URL."],
      [{ ...subscription(good), endpoint: "not a url" }, "The push endpoint must be an https URL."],
      [{ ...subscription(good), endpoint: "https://push.evil.example/send/abc" }, "The push endpoint is not on a known push service."],
      [{ ...subscription(good), endpoint: `https://fcm.googleapis.com/fcm/send/${"a".repeat(2048)}` }, "The push endpoint is longer than 2 KB."],
      [
        { ...subscription(good), keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
        "keys.p256dh must be the browser's P-256 public key: 65 bytes, base64url.",
      ],
      [{ ...subscription(good), keys: { ...good.keys, p256dh: "not base64!" } }, "keys.p256dh must be the browser's P-256 public key: 65 bytes, base64url."],
      [{ ...subscription(good), keys: { ...good.keys, auth: "AAAA" } }, "keys.auth must be the subscription's 16-byte secret, base64url."],
      [{ endpoint: good.endpoint }, "keys is required: the subscription's p256dh and auth keys."],
      [{ keys: good.keys }, "endpoint is required: the push subscription's URL."],
    ];
    for (const [body, error] of cases) {
      expect(await subscribe(member, body, ANDROID_CHROME, true), error).toMatchObject({
        status: 400,
        body: { success: false, error: expect.stringContaining(error) },
      });
    }
    expect(await storedFor(member.user.id)).toEqual([]);
  });

  it("takes every known push service, and the operator's own from PUSH_SERVICE_HOSTS", async () => {
    const member = await signedInMember();
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dAPT",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://web.push.apple.com/QGuQyavXutnMPGE5Wf0s",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB",
      "https://push.example.net/subscription/42",
    ]) {
      expect((await subscribe(member, subscription(await makeDevice(endpoint)))).status, endpoint).toBe(201);
    }
    expect((await subscribe(member, subscription(await makeDevice("https://notify.windows.com.evil.example/x")))).status).toBe(400);
  });

  it(`stops at ${MAX_PUSH_DEVICES} devices, even when they all subscribe at once`, async () => {
    const member = await signedInMember();
    const answers = await Promise.all(Array.from({ length: MAX_PUSH_DEVICES + 3 }, async () => subscribe(member, subscription(await makeDevice()))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_PUSH_DEVICES);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 409, body: { error: `You can get notifications on at most ${MAX_PUSH_DEVICES} devices. Remove one first.` } });
    }
    expect(await storedFor(member.user.id)).toHaveLength(MAX_PUSH_DEVICES);
  });
});

describe("devices leave with the session or the account", () => {
  it("signing out on a device removes that device only; signing out everywhere removes them all", async () => {
    const member = await signedInMember();
    const laptopSession = await createSession(db, member.user.id);
    const laptop = { cookie: `bookclub_session=${laptopSession.token}` };
    await subscribe(member, subscription(await makeDevice()));
    await subscribe(laptop, subscription(await makeDevice()));
    expect(await storedFor(member.user.id)).toHaveLength(2);

    expect((await call("/api/auth/logout", { method: "POST", cookie: laptop.cookie, headers: SAME_ORIGIN })).status).toBe(200);
    expect((await storedFor(member.user.id)).map((row) => row.browser)).toEqual(["Chrome"]);
    expect(await devicesOf(member)).toMatchObject([{ thisDevice: true }]);

    const tablet = await createSession(db, member.user.id);
    await subscribe({ cookie: `bookclub_session=${tablet.token}` }, subscription(await makeDevice()));
    expect((await call("/api/auth/logout-all", { method: "POST", cookie: member.cookie, headers: SAME_ORIGIN })).status).toBe(200);
    expect(await storedFor(member.user.id)).toEqual([]);
  });

  it("account deletion removes the member's devices", async () => {
    const member = await signedInMember();
    await subscribe(member, subscription(await makeDevice()));
    expect((await deleteAccountByApi(member.cookie)).status).toBe(200);
    expect(await storedFor(member.user.id)).toEqual([]);
  });
});
