import type { BrowserContext, Page, Worker } from "@playwright/test";
import { BASE_FLAGS, fullChromium } from "../helpers/e2e/browsers";
import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// The headless shell the other journeys use shows no notifications: this one needs the full Chromium.
test.use({ launchOptions: { executablePath: fullChromium(), args: BASE_FLAGS } });

/**
 * Google's push service, in the page: headless Chromium has no push service to subscribe with (FCM
 * is unreachable; `subscribe` fails "permission denied"). This answers `subscribe` as FCM would, with
 * an FCM endpoint and real keys (a P-256 key pair and a 16-byte secret made here), and remembers the
 * subscription across page loads as the browser does. Runs in the page, before the app's scripts.
 */
function standInPushService() {
  const SAVED = "e2e-push-subscription";
  type Saved = { endpoint: string; p256dh: string; auth: string; serverKey: string };
  const toBase64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  const subscriptionOf = (saved: Saved) => ({
    endpoint: saved.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64url(saved.serverKey).buffer },
    getKey: (name: string) => fromBase64url(name === "p256dh" ? saved.p256dh : saved.auth).buffer,
    toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: { p256dh: saved.p256dh, auth: saved.auth } }),
    unsubscribe: async () => {
      localStorage.removeItem(SAVED);
      return true;
    },
  });
  const saved = (): Saved | null => JSON.parse(localStorage.getItem(SAVED) ?? "null");
  const manager = PushManager.prototype as unknown as Record<string, unknown>;
  manager.getSubscription = async () => {
    const subscription = saved();
    return subscription && subscriptionOf(subscription);
  };
  manager.subscribe = async (options: PushSubscriptionOptionsInit) => {
    const existing = saved();
    if (existing) return subscriptionOf(existing);
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const serverKey = options.applicationServerKey;
    const subscription: Saved = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
      p256dh: toBase64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))),
      auth: toBase64url(crypto.getRandomValues(new Uint8Array(16))),
      serverKey: typeof serverKey === "string" ? serverKey : toBase64url(new Uint8Array(serverKey as ArrayBuffer)),
    };
    localStorage.setItem(SAVED, JSON.stringify(subscription));
    return subscriptionOf(subscription);
  };
}

/** Waits until the service worker is active and controls the page (it claims open pages on activation). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });
}

/**
 * Delivers `data` to the app's service worker as the push service would: a push event carrying it,
 * dispatched in the running worker, whose work (showing the notification, telling open pages) is
 * awaited there. Chrome's DevTools delivery (ServiceWorker.deliverPushMessage) was lost now and then
 * on a loaded machine, and a stopped worker could take the push after the test had asked another;
 * here the push and its outcome happen in one worker, and a worker that stops meanwhile is asked again
 * (a repeat shows the same notification, by its tag).
 */
async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string, matches: { tag: string; title?: string }): Promise<Shown> {
  let seen: unknown = "no answer from the service worker";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const worker = await awakeWorker(context, page, origin);
    const answer = await answerOf(
      worker.evaluate(
        async ({ data, tag, title }) => {
          const scope = self as unknown as {
            registration: ServiceWorkerRegistration;
            PushEvent: new (type: string, init: { data: string }) => Event;
            e2eShown?: Record<string, Notification>;
          };
          const event = new scope.PushEvent("push", { data });
          // An event the worker makes itself cannot extend its own life: the test waits on the work instead.
          const work: Promise<unknown>[] = [];
          Object.defineProperty(event, "waitUntil", { value: (promise: Promise<unknown>) => work.push(promise) });
          self.dispatchEvent(event);
          await Promise.all(work);
          const notification = (await scope.registration.getNotifications()).find((one) => one.tag === tag && (title === undefined || one.title === title));
          if (!notification) return { seen: (await scope.registration.getNotifications()).map((one) => [one.tag, one.title]) };
          // Kept for the click: headless Chromium may close a shown notification before a person would click it.
          scope.e2eShown = { ...scope.e2eShown, [tag]: notification };
          const { body, badge, icon, lang, dir } = notification;
          return { shown: { title: notification.title, body, tag: notification.tag, data: notification.data, badge, icon, lang, dir } };
        },
        { data, ...matches },
      ),
      null,
    );
    if (answer && "shown" in answer) return answer.shown as Shown;
    if (answer) seen = answer.seen;
  }
  throw new Error(`The service worker showed no notification ${JSON.stringify(matches)} for the push in three tries; it showed ${JSON.stringify(seen)}`);
}

/** The running service worker, woken by a message from the page when Chromium had stopped it (idle). */
async function awakeWorker(context: BrowserContext, page: Page, origin: string): Promise<Worker> {
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    const worker = runningWorker(context, origin);
    if (worker) return worker;
    const started = context.waitForEvent("serviceworker", { timeout: 3_000 }).catch(() => undefined);
    // The app's worker ignores a message it does not know; receiving one starts it.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.postMessage({ type: "E2E_WAKE" })).catch(() => undefined);
    await started;
  }
  throw new Error("The service worker could not be woken");
}

/** What a worker answers, or `otherwise` when it fails or is silent for 10 s (one Chromium is stopping may never answer). */
const answerOf = <T, U>(asked: Promise<T>, otherwise: U): Promise<T | U> =>
  Promise.race([asked.catch(() => otherwise), new Promise<U>((resolve) => setTimeout(resolve, 10_000, otherwise))]);

/** The service worker running now (Chromium may have started another since). */
const runningWorker = (context: BrowserContext, origin: string) =>
  context
    .serviceWorkers()
    .filter((candidate) => candidate.url() === `${origin}/sw.js`)
    .at(-1);

type Shown = Pick<Notification, "title" | "body" | "tag" | "data" | "badge" | "icon" | "lang" | "dir">;

/**
 * Waits in the service worker for a notification that `matches`, and clicks it there when `click` is
 * set. Headless Chromium closes a shown notification after a while (one seen for 11 s was gone a
 * minute after it was shown; on a loaded machine sooner), so the one the push showed, kept by
 * deliverPush in the worker, is clicked when Chromium no longer lists it.
 */
async function whenShown(context: BrowserContext, page: Page, origin: string, matches: { tag: string; title?: string }, click = false): Promise<Shown> {
  const deadline = Date.now() + 30_000;
  let seen: unknown = "no answer from the service worker";
  while (Date.now() < deadline) {
    // Chromium may start the worker again for the push: ask the one running now.
    const worker = await awakeWorker(context, page, origin).catch(() => undefined);
    const asked = worker?.evaluate(
      async ({ tag, title, click }) => {
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
          e2eShown?: Record<string, Notification>;
        };
        for (const until = Date.now() + 2_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
          const notification =
            (await scope.registration.getNotifications()).find((one) => one.tag === tag && (title === undefined || one.title === title)) ??
            scope.e2eShown?.[tag];
          if (!notification) continue;
          const { body, badge, icon, lang, dir, data } = notification;
          const shown = { title: notification.title, body, tag: notification.tag, data, badge, icon, lang, dir };
          if (click) {
            // An event the worker makes itself cannot extend its own life: the test waits on the work instead.
            const event = new scope.NotificationEvent("notificationclick", { notification });
            const work: Promise<unknown>[] = [];
            Object.defineProperty(event, "waitUntil", { value: (promise: Promise<unknown>) => work.push(promise) });
            self.dispatchEvent(event);
            await Promise.all(work);
          }
          return { shown };
        }
        return { seen: (await scope.registration.getNotifications()).map((one) => [one.tag, one.title]) };
      },
      { ...matches, click },
    );
    // A worker that stopped while asked, or never answers: ask the one running next.
    const found = asked && (await answerOf(asked, null));
    if (found && "shown" in found) return found.shown as Shown;
    if (found) seen = found.seen;
  }
  throw new Error(`No notification ${JSON.stringify(matches)} was shown within 30 s; last seen: ${JSON.stringify(seen)}`);
}

const shownTags = (page: Page) => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(({ tag }) => tag));

// Its waits for Chromium's worker (each bounded) can add up on a loaded machine: more room than the 90 s default.
test.setTimeout(150_000);
test("a member turns on notifications on this device; a message to them arrives as one that opens the conversation", async ({
  page,
  context,
  baseURL,
  newClient,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  await context.addInitScript(standInPushService);
  await context.grantPermissions(["notifications"], { origin });

  const ada = await signInAsNewMember(page, newMember("Ada Pusher"), { path: "/settings/notifications", heading: "Email Notifications" });
  const section = page.getByRole("region", { name: "Notifications on your devices" });
  await expect(section.getByText("No devices get notifications yet.")).toBeVisible();
  await controlled(page);

  await section.getByRole("button", { name: "Notify me on this device" }).click();
  await expect(section.getByRole("status")).toHaveText("Notifications are on for this device.");
  const devices = section.getByRole("list", { name: "Your devices" });
  const thisDevice = devices.getByRole("listitem").filter({ hasText: "Chrome on Windows" });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByText("This device")).toBeVisible();
  await expect(section.getByRole("button", { name: "Stop notifications on this device" })).toBeVisible();
  await expectAccessible(page);

  // On a phone the section keeps to the screen.
  await page.setViewportSize({ width: 412, height: 915 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const box = await section.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 412).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Bea writes to Ada: the server words a push for Ada's devices (here it waits in the local outbox).
  const { page: bea, member: beaMember } = await newClient("Bea Sender");
  await bea.goto("/messages");
  await expect(bea.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await bea.getByRole("button", { name: "Start a Conversation" }).click();
  const dialog = bea.getByRole("dialog", { name: "Start a Conversation" });
  await dialog.getByLabel("Email or member ID").fill(ada.email);
  await dialog.getByRole("button", { name: "Start Conversation" }).click();
  const text = "Your book is ready to collect";
  await bea.getByRole("textbox", { name: `Message ${ada.name}` }).fill(text);
  await bea.getByRole("textbox", { name: `Message ${ada.name}` }).press("Enter");
  await expect(bea.getByRole("log", { name: `Messages with ${ada.name}` }).getByText(text)).toBeVisible();

  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { level: 2, name: "Pushes to your devices" })).toBeVisible();
  const payloadText = page.locator("pre[data-push-payload]").first();
  await expect(async () => {
    await page.reload();
    await expect(payloadText).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const payload = JSON.parse((await payloadText.textContent()) ?? "");
  expect(payload).toMatchObject({ lang: "en", dir: "ltr", url: expect.stringMatching(/^\/messages\//) });
  expect(`${payload.title} ${payload.body}`).toContain(beaMember.name);
  expect(`${payload.title} ${payload.body}`).toContain(text);

  // The push reaches the service worker: it shows the notification and has the open page count its bell again.
  // A page keeps its counts live once it is up (its inbox socket is open): a push before then waits for the minute's refresh.
  const live = page.waitForEvent("websocket", (socket) => socket.url().endsWith("/api/dm/socket"));
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Email Notifications" })).toBeVisible();
  await live;
  await controlled(page);
  const deliver = (data: string, matches: { tag: string; title?: string }) => deliverPush(context, page, origin, data, matches);
  const bellCounted = page.waitForResponse((response) => response.url().endsWith("/api/notifications/unread-count"));
  expect(await deliver(JSON.stringify(payload), { tag: payload.tag })).toEqual({
    title: payload.title,
    body: payload.body,
    tag: payload.tag,
    data: { url: payload.url },
    badge: `${origin}/icons/badge-96.png`,
    icon: `${origin}/icons/icon-192.png`,
    lang: "en",
    dir: "ltr",
  });
  // The page counts its bell again.
  expect(await (await bellCounted).json()).toEqual({ success: true, data: { unread: 1 } });
  await expect(page.getByRole("link", { name: "Notifications, 1 unread" }).first()).toBeVisible();

  // Clicking the notification opens the conversation in the app's window.
  await whenShown(context, page, origin, { tag: payload.tag }, true);
  await expect(page.getByRole("log", { name: `Messages with ${beaMember.name}` }).getByText(text)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(payload.url);
  expect(await shownTags(page)).not.toContain(payload.tag);

  // A push that is not ours still shows something (Chrome insists), and opens the notifications.
  expect(await deliver("not a payload", { tag: "", title: "BookClub" })).toMatchObject({
    title: "BookClub",
    body: "You have a new notification",
    data: { url: "/notifications" },
  });

  // Remove: the device leaves the list, and this browser's subscription ends too.
  await page.goto("/settings/notifications");
  await expect(thisDevice).toHaveCount(1);
  await thisDevice.getByRole("button", { name: "Remove Chrome on Windows" }).click();
  await expect(section.getByRole("status")).toHaveText("Notifications are off for this device.");
  await expect(section.getByText("No devices get notifications yet.")).toBeVisible();
  await expect(section.getByRole("button", { name: "Notify me on this device" })).toBeVisible();
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);

  // Permission withdrawn (headless Chromium denies what was not granted): the page says where to allow it.
  await context.clearPermissions();
  await section.getByRole("button", { name: "Notify me on this device" }).click();
  await expect(section.getByRole("alert")).toHaveText("Notifications are blocked for BookClub in this browser's settings. Allow them there, then try again.");
  await expect(section.getByRole("button", { name: "Notify me on this device" })).toBeHidden();
});
