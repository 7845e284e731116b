import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, newMember, signInAsNewMember, test, waitUntilHydrated } from "../helpers/e2e/fixtures";

// A slow phone: the page is on screen and can be typed into before its JavaScript has run. What is typed
// then must survive hydration (or the box must stay visibly disabled until it works), as the import
// dialog's file does (tests/imports/import.e2e.test.ts).

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

/** Holds the page's scripts back until `release()`, so the server's HTML is all there is. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Once released, this handler lets every later script through at once (a newer hold comes first).
  return release;
}

async function api<T>(request: APIRequestContext, method: "get" | "post" | "put", path: string, data?: unknown): Promise<T> {
  const answer = await request[method](path, data === undefined ? {} : { data });
  const body = await answer.json();
  expect(answer.ok(), `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data as T;
}

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

test("club search typed before the page is interactive is kept and searched", async ({ page }) => {
  await signInAsNewMember(page, newMember("Sam Slowphone"));
  const word = `Quokka${unique()}`;
  await api(page.request, "post", "/api/clubs", { name: `${word} Readers`, location: "Perth", isPrivate: false });
  await api(page.request, "post", "/api/clubs", { name: `Other Readers ${unique()}`, location: "Perth", isPrivate: false });

  const release = await holdScripts(page);
  await page.goto("/clubs/browse", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: "Book Clubs" })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search clubs" });
  await search.fill(word);

  release();
  await waitUntilHydrated(search);
  await expect(search).toHaveValue(word);
  // The search runs once typing has paused, as it does after hydration.
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  const list = page.getByRole("main").getByRole("list").first();
  await expect(list.getByRole("heading", { name: `${word} Readers` })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(search).toHaveValue(word);
});

test("a message typed before the page is interactive is sent once it is", async ({ page, newClient }) => {
  await signInAsNewMember(page, newMember("Sam Slowphone"));
  const { page: other } = await newClient("Olu Other");
  const olu = await api<{ userId: string }>(other.request, "get", "/api/users/me");
  const { conversationId } = await api<{ conversationId: string }>(page.request, "post", "/api/dm/conversations", { toUserId: olu.userId });

  const release = await holdScripts(page);
  await page.goto(`/messages/${conversationId}`, { waitUntil: "domcontentloaded" });
  const box = page.getByRole("textbox", { name: "Message Olu Other" });
  await expect(box).toBeVisible();
  const text = `Typed on a slow phone ${unique()}`;
  await box.fill(text);

  release();
  await waitUntilHydrated(box);
  await expect(box).toHaveValue(text);
  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeEnabled();
  await box.press("Enter");
  const log = page.getByRole("log", { name: "Messages with Olu Other" });
  await expect(log.getByText(text)).toBeVisible();
  await expect(box).toHaveValue("");
  // It was sent, not only shown: the other member has it.
  await other.goto(`/messages/${conversationId}`);
  await expect(other.getByRole("log", { name: "Messages with Sam Slowphone" }).getByText(text)).toBeVisible();
});

/**
 * Before hydration, every form on the page either posts itself (a method the browser can follow) or has its
 * controls disabled, and no box outside a form can be typed into. After hydration, every box that was
 * typed into still holds its text, and no box's React value differs from what it shows (such a box is
 * emptied by the next render).
 */
async function sweep(page: Page, path: string, heading: string | RegExp) {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();

  const unsafe = await page.evaluate(() => {
    const typeable = "input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=file]), textarea, select";
    const found: string[] = [];
    for (const field of document.querySelectorAll<HTMLInputElement>(typeable)) {
      if (field.disabled || field.closest("fieldset:disabled")) continue;
      const form = field.form;
      const method = form?.getAttribute("method")?.toLowerCase();
      if (!form || (method !== "get" && method !== "post")) found.push(`${field.tagName.toLowerCase()}[name=${field.name}] id=${field.id}`);
    }
    return found;
  });
  expect.soft(unsafe, `${path}: fields that neither post nor wait for the page's JavaScript`).toEqual([]);

  // Types into every visible, enabled text box (a form's own, so nothing is sent).
  const boxes = page.locator("input:is([type=text],[type=search],[type=email],[type=url],[type=tel],:not([type])):visible:enabled, textarea:visible:enabled");
  const count = await boxes.count();
  const typed: { box: Locator; text: string }[] = [];
  for (let index = 0; index < count; index++) {
    const box = boxes.nth(index);
    if (!(await box.isEditable())) continue;
    // Upper case, as the invite code box shows what it is given.
    const text = `KEPT ${index}`;
    await box.fill(text);
    typed.push({ box, text });
  }

  release();
  for (const { box, text } of typed) {
    await waitUntilHydrated(box);
    await expect.soft(box, `${path}: a box typed into before hydration`).toHaveValue(text);
  }
  // Read until React has run the effects of hydration (on a busy machine they may lag the first paint).
  const disagreeing = () =>
    page.evaluate(() => {
      const found: string[] = [];
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
        const key = Object.keys(field).find((name) => name.startsWith("__reactProps"));
        if (!key || field.type === "checkbox" || field.type === "radio" || field.type === "file") continue;
        const props = (field as unknown as Record<string, { value?: unknown } | undefined>)[key];
        if (props && props.value !== undefined && props.value !== null && String(props.value) !== field.value) {
          found.push(`${field.tagName.toLowerCase()}[name=${field.name}] shows "${field.value}", React holds "${String(props.value)}"`);
        }
      }
      return found;
    });
  await expect.poll(disagreeing, { message: `${path}: boxes that the next render would empty` }).toEqual([]);
}

test("every form and search box on the main pages keeps what was typed before hydration, or waits visibly", async ({ page, newClient }) => {
  test.setTimeout(180_000);
  await signInAsNewMember(page, newMember("Sam Slowphone"));
  const { page: other } = await newClient("Olu Other");
  const olu = await api<{ userId: string }>(other.request, "get", "/api/users/me");
  const { conversationId } = await api<{ conversationId: string }>(page.request, "post", "/api/dm/conversations", { toUserId: olu.userId });
  const club = await api<{ clubId: string }>(page.request, "post", "/api/clubs", {
    name: `Slow Readers ${unique()}`,
    location: "Perth",
    isPrivate: false,
  });
  const book = await api<{ bookId: string }>(other.request, "post", "/api/books", { title: `Slow Book ${unique()}`, author: "Ann Author" });
  const mine = await api<{ bookId: string }>(page.request, "post", "/api/books", { title: `My Slow Book ${unique()}`, author: "Ann Author" });

  await sweep(page, "/library", "Library");
  await sweep(page, "/clubs/browse", "Book Clubs");
  await sweep(page, "/clubs?dialog=join", "Book Clubs");
  await sweep(page, "/clubs?dialog=create", "Book Clubs");
  await sweep(page, `/clubs/${club.clubId}/room`, "Club room");
  await sweep(page, `/messages/${conversationId}`, "Messages");
  await sweep(page, `/books/${book.bookId}`, /Slow Book/);
  await sweep(page, `/books/${mine.bookId}/edit`, "Edit Book");
  await sweep(page, "/books/new", "Add a book");
  await sweep(page, "/wanted", "Wanted books");
  await sweep(page, "/profile", "Profile");
  await sweep(page, "/swap-toys", "Swap Toys");
});
