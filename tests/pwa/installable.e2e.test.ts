import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import { expect, newMember, randomClientAddress, signInAsNewMember, test, watchPageProblems } from "../helpers/e2e/fixtures";

const OFFLINE_NOTICE = "You're offline. Showing saved pages.";
const COVER = readFileSync("tests/covers/fixtures/front-cover-no-barcode.jpg");
const BACK_COVER = readFileSync("tests/covers/fixtures/isbn-back-cover.jpg");

/** A browser context of the spec's own, with a page whose problems are checked while it is online. */
async function openContext(browser: import("@playwright/test").Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": randomClientAddress() } });
  const page = await context.newPage();
  const problems = watchPageProblems(page, baseURL);
  return { context, page, problems };
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
 * Problems while offline are the point: sockets, fetches and the router's discovery of the routes
 * that links lead to fail. Only the others count.
 */
function onlineProblems(problems: string[]) {
  return problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|WebSocket connection|net::ERR_FAILED|Failed to fetch manifest patches/.test(problem));
}

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

test("the app can be installed: a valid manifest, icons, and an active service worker", async ({ page }) => {
  await page.goto("/library");
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await page.request.get(href ?? "")).json();
  expect(manifest).toMatchObject({ name: "BookClub", short_name: "BookClub", start_url: "/library", scope: "/", display: "standalone" });
  expect(manifest.shortcuts.map((shortcut: { name: string }) => shortcut.name)).toEqual(["Add Books", "Messages"]);
  expect(manifest.share_target).toMatchObject({ action: "/share-target", method: "POST", enctype: "multipart/form-data" });
  for (const image of [...manifest.icons, ...manifest.screenshots, { src: "/icons/apple-touch-icon.png" }]) {
    const answer = await page.request.get(image.src);
    expect(answer.status(), image.src).toBe(200);
    expect(answer.headers()["content-type"], image.src).toMatch(/^image\//);
  }
  expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === "maskable")).toBe(true);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");

  await controlled(page);
  // It claims the page while still activating (clients.claim() runs inside its activate event), so wait for the end of it.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe("activated");
});

test("Chrome finds nothing that stops installation", async ({ baseURL }, testInfo) => {
  // Chrome never offers to install from an incognito window, which is what a Playwright context is:
  // this asks from a browser profile of its own, as a reader's Chrome would.
  const profile = await mkdtemp(path.join(tmpdir(), "bookclub-install-"));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = watchPageProblems(page, baseURL);
    await page.goto("/library");
    await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("visited pages open offline with a notice; a page never visited shows the offline page", async ({ browser, baseURL }) => {
  const { context, page, problems } = await openContext(browser, baseURL);
  await page.goto("/library");
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  await controlled(page);
  // The first page came before the worker; this visit goes through it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  const book = page.locator("main ul > li").first().getByRole("heading").getByRole("link");
  const title = ((await book.textContent()) ?? "").trim();
  await book.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const bookUrl = page.url();
  // A page reached by a link is saved in the background (its document is fetched again): wait for it.
  await expect.poll(() => page.evaluate(async (url) => Boolean(await (await caches.open("bookclub-pages")).match(url)), bookUrl)).toBe(true);

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await page.goto("/library");
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  // A link inside the app, offline: the saved page, not the router's error.
  await page
    .locator(`a[href="${new URL(bookUrl).pathname}"]`)
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto("/about/blogs");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();

  await context.setOffline(false);
  expect(onlineProblems(problems)).toEqual([]);
  await context.close();
});

test("after signing out nothing of the member's is served offline, and the next member sees none of it", async ({ browser, baseURL }) => {
  const { context, page, problems } = await openContext(browser, baseURL);
  const first = await signInAsNewMember(page, newMember("Olive Offline"));
  await controlled(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "My Books" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();

  const mainNav = page.getByRole("navigation", { name: "Main" });
  await mainNav.getByRole("button", { name: "Logout" }).click();
  // Signed out: the library, with the visitor's navigation.
  await expect(mainNav.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  await goOffline(context);
  for (const path of ["/my-books", "/profile"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await expect(page.getByText(first.email)).toHaveCount(0);
  }
  await context.setOffline(false);

  await signInAsNewMember(page, newMember("Pia Second"));
  await goOffline(context);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  const saved = await page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("bookclub-")) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push(await ((await cache.match(request))?.text() ?? ""));
    }
    return texts.join("\n");
  });
  expect(saved).not.toContain(first.name);
  expect(saved).not.toContain(first.email);
  await context.setOffline(false);
  expect(onlineProblems(problems)).toEqual([]);
  await context.close();
});

test("once a member's session is gone from the device, their saved pages are not shown offline or on a slow network", async ({ browser, baseURL }) => {
  const { context, page, problems } = await openContext(browser, baseURL);
  const first = await signInAsNewMember(page, newMember("Ada Ended"));
  await controlled(page);
  const pages = [
    ["/loans", "Loans"],
    ["/messages", "Messages"],
    ["/profile", "Profile"],
  ] as const;
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await expect
    .poll(() =>
      page.evaluate(
        async (paths) => (await Promise.all(paths.map(async (path) => Boolean(await (await caches.open("bookclub-pages")).match(path))))).every(Boolean),
        pages.map(([path]) => path),
      ),
    )
    .toBe(true);
  // While the session lasts, the member's own saved pages open offline.
  await goOffline(context);
  await page.goto("/loans");
  await expect(page.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await context.setOffline(false);

  // The app is closed and the session ends (it expires, and its cookies with it): the next person opens it.
  await page.close();
  await context.clearCookies();
  const next = await context.newPage();
  const nextProblems = watchPageProblems(next, baseURL);
  await goOffline(context);
  for (const [path] of pages) {
    await next.goto(path);
    await expect(next.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await expect(next.getByText(first.name)).toHaveCount(0);
    await expect(next.getByText(first.email)).toHaveCount(0);
  }
  await context.setOffline(false);

  // A slow network: the saved page is not the fallback either; the server's answer (sign in) is.
  await context.route(/\/messages$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await route.continue();
  });
  await next.goto("/messages");
  await expect(next.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
  await expect(next.getByText(first.name)).toHaveCount(0);
  expect(onlineProblems([...problems, ...nextProblems])).toEqual([]);
  await context.close();
});

test("actions that need the server say why offline, and an unsent message stays in the box", async ({ browser, baseURL }) => {
  const { context, page, problems } = await openContext(browser, baseURL);
  await signInAsNewMember(page, newMember("Quinn Quiet"), { path: "/library", heading: "Community Library" });
  await controlled(page);
  // A demo member's book anyone may borrow: its page offers the owner's chat.
  const card = page.locator("main ul > li").filter({ hasText: "Available" }).filter({ hasNotText: "Members only" }).first();
  await card.getByRole("heading").getByRole("link").click();
  await page.getByRole("button", { name: /^Borrow from / }).click();
  const box = page.getByRole("textbox", { name: /^Message / });
  await expect(box).toBeVisible();
  await box.fill("Is it still available?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("log").getByText("Is it still available?")).toBeVisible();

  await goOffline(context);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  // The composer keeps what was typed, says the send failed, and sends it when asked again.
  await box.fill("Could I pick it up on Saturday?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to send message" })).toBeVisible();
  await expect(box).toHaveValue("Could I pick it up on Saturday?");
  // Any other action that needs the server is held back with the reason (here: signing out).
  const mainNav = page.getByRole("navigation", { name: "Main" });
  await mainNav.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You're offline. This needs a connection." })).toBeVisible();
  await expect(mainNav.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(box).toHaveValue("Could I pick it up on Saturday?");

  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_NOTICE })).toHaveCount(0);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("log").getByText("Could I pick it up on Saturday?")).toBeVisible();
  await expect(box).toHaveValue("");
  expect(onlineProblems(problems)).toEqual([]);
  await context.close();
});

/** What the phone's share sheet sends: a multipart POST of the photos to the manifest's share_target action. */
async function shareFromGallery(page: Page) {
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/share-target";
    form.enctype = "multipart/form-data";
    form.innerHTML = '<input type="file" name="covers" multiple>';
    form.id = "share-sheet";
    document.body.append(form);
  });
  await page.locator("#share-sheet input").setInputFiles([
    { name: "shelf-photo-1.jpg", mimeType: "image/jpeg", buffer: COVER },
    { name: "shelf-photo-2.jpg", mimeType: "image/jpeg", buffer: BACK_COVER },
  ]);
  await page.evaluate(() => (document.getElementById("share-sheet") as HTMLFormElement).submit());
}

/** Add Books holds both shared photos; one tap uploads them and they leave the device's cache. */
async function uploadSharedPhotos(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Add Books" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Selected: shelf-photo-1.jpg" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Selected: shelf-photo-2.jpg" })).toBeVisible();
  await expect(page).toHaveURL(/\/my-books$/);
  await dialog.getByRole("button", { name: "Upload 2 images" }).click();
  await expect(page.getByText("Added 2/2 book(s).")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("2 books on your shelf")).toBeVisible();
  expect(await page.evaluate(async () => (await (await caches.open("bookclub-shared")).keys()).length)).toBe(0);
}

test("cover photos shared from the gallery open Add Books with them, and upload with one tap", async ({ page }) => {
  await signInAsNewMember(page, newMember("Rosa Sharing"));
  await controlled(page);
  await shareFromGallery(page);
  await uploadSharedPhotos(page);
});

/** The names of the shared photos waiting on the device for Add Books. */
function pendingSharedPhotos(page: Page) {
  return page.evaluate(async () => {
    const cache = await caches.open("bookclub-shared");
    const names = await Promise.all(
      (await cache.keys()).map(async (request) => decodeURIComponent((await cache.match(request))?.headers.get("X-File-Name") ?? "")),
    );
    return names.sort();
  });
}

test("a page on another site cannot replace the photos waiting from the share sheet", async ({ page, baseURL }) => {
  await signInAsNewMember(page, newMember("Tess Targeted"));
  await controlled(page);
  await shareFromGallery(page);
  await expect(page.getByRole("dialog", { name: "Add Books" }).getByRole("img", { name: "Selected: shelf-photo-2.jpg" })).toBeVisible();
  expect(await pendingSharedPhotos(page)).toEqual(["shelf-photo-1.jpg", "shelf-photo-2.jpg"]);

  // Another site's page posts a "share" of its own photo to the app: once naming its origin, once hiding it.
  for (const policy of ["strict-origin-when-cross-origin", "no-referrer"]) {
    await page.route("http://elsewhere.test/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<meta name="referrer" content="${policy}"><form id="f" method="post" enctype="multipart/form-data" action="${baseURL}/share-target"><input type="file" name="covers"></form>`,
      }),
    );
    await page.goto("http://elsewhere.test/");
    await page.locator("#f input").setInputFiles({ name: "planted.jpg", mimeType: "image/jpeg", buffer: COVER });
    await page.evaluate(() => (document.getElementById("f") as HTMLFormElement).submit());
    await expect(page.getByText("403 Forbidden: Cross-site request refused.")).toBeVisible();
  }

  await page.goto("/my-books");
  await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
  expect(await pendingSharedPhotos(page)).toEqual(["shelf-photo-1.jpg", "shelf-photo-2.jpg"]);
});

test("a signed-out reader who shares photos signs in first, then carries on with the same photos", async ({ page }) => {
  await page.goto("/library");
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  await controlled(page);
  await shareFromGallery(page);
  await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
  // Nothing was sent to the server: the photos wait on the device.
  expect(await page.evaluate(async () => (await (await caches.open("bookclub-shared")).keys()).length)).toBe(2);
  const member = newMember("Sami Signs In");
  await page.getByLabel("Name").fill(member.name);
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Sign in as new member" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
  await uploadSharedPhotos(page);
});

test("a browser without the service worker is told sharing needs one, and nothing is uploaded", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block", extraHTTPHeaders: { "CF-Connecting-IP": randomClientAddress() } });
  const page = await context.newPage();
  const problems = watchPageProblems(page, baseURL);
  const answer = await page.request.post("/share-target", { multipart: { covers: { name: "a.jpg", mimeType: "image/jpeg", buffer: COVER } }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
  await page.goto(answer.headers().location ?? "");
  await expect(page.getByRole("heading", { name: "Share photos to BookClub" })).toBeVisible();
  await expect(page.getByText("This browser can't receive shared photos, so nothing was uploaded.")).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("a new version waits until the reader accepts the reload", async ({ page }) => {
  await page.goto("/library");
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  await controlled(page);
  // A deploy, as the browser sees it: a different worker script for the same scope.
  await page.evaluate(() => navigator.serviceWorker.register("/sw.js?version=next", { scope: "/" }));
  const notice = page.getByRole("alert").filter({ hasText: "A new version is available." });
  await expect(notice).toBeVisible();
  // Until then the old worker still controls the page.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).not.toContain("version=next");
  // A mark on the old document: gone once the page has really reloaded.
  await page.evaluate(() => Object.assign(window, { beforeTheReload: true }));
  await notice.getByRole("button", { name: "Reload" }).click();
  // The reload may still be under way: a page being replaced answers nothing, which counts as not yet.
  await expect.poll(() => page.evaluate(() => "beforeTheReload" in window).catch(() => true)).toBe(false);
  await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain("version=next");
  // The new page registers /sw.js again, which this test's "deploy" (another script URL) makes one more version to
  // offer, so the offer's absence is not asserted here: the old document, and its offer, are gone.
});
