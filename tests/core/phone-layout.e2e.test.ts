import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { SCANNED_ISBN } from "../books/fixtures/google-books-isbn";
import { expect, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { startRecordedMetadata } from "../helpers/e2e/recorded-metadata";

// The phone's rough edges, measured at 412×915: labels that break inside a word, a badge that lifts its
// label, tabs that fold into a grid, and "Add a book" that needed a title when the ISBN was enough.

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

async function api<T>(request: APIRequestContext, method: "get" | "post" | "put", path: string, data?: unknown): Promise<T> {
  const answer = await request[method](path, data === undefined ? {} : { data });
  const body = await answer.json();
  expect(answer.ok(), `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data as T;
}

/** The words of the elements' own labels that are split over two lines ("Clo/se"), named with their element. */
async function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) => {
    const broken: string[] = [];
    for (const node of nodes) {
      if (node.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const word of (text.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
          if (lines.size > 1) broken.push(`"${word[0]}" in <${node.tagName.toLowerCase()}> "${node.textContent?.trim()}"`);
        }
      }
    }
    return broken;
  });
}

/** Buttons, button-like links, tabs and labels: the app's own words, which must never break inside a word. */
const labels = (page: Page) => page.locator("main button:visible, main a.btn:visible, main nav a:visible, main label:visible, dialog[open] button:visible");

/** Where a text's first line sits on the page. */
async function textTop(scope: Locator, text: string): Promise<number> {
  return scope.evaluate((node, wanted) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let current = walker.nextNode(); current; current = walker.nextNode()) {
      if (current.textContent?.trim() === wanted) {
        const range = document.createRange();
        range.selectNodeContents(current);
        return range.getBoundingClientRect().top;
      }
    }
    throw new Error(`no text "${wanted}"`);
  }, text);
}

test("a reader's phone: whole words on buttons and labels, the badge beside its label, the loan tabs in one row", async ({ page, newClient }) => {
  test.setTimeout(120_000);
  const me = await signInAsNewMember(page, newMember("Pia Phone"));
  const mine = await api<{ userId: string }>(page.request, "get", "/api/users/me");
  const book = await api<{ bookId: string }>(page.request, "post", "/api/books", { title: "Middlemarch", author: "George Eliot" });

  // A neighbour asks to borrow it and writes: a count on the Requests tab, a badge on Messages.
  const { page: neighbour } = await newClient("Nico Neighbour");
  await api(neighbour.request, "post", "/api/loans", { bookId: book.bookId });
  const { conversationId } = await api<{ conversationId: string }>(neighbour.request, "post", "/api/dm/conversations", { toUserId: mine.userId });
  await api(neighbour.request, "post", `/api/dm/conversations/${conversationId}/messages`, { content: "Is it free this week?" });

  // My Books: Edit and Delete on every card, and the Add Books dialog's Close.
  await page.goto("/my-books");
  await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Middlemarch" })).toBeVisible();
  expect.soft(await brokenWords(labels(page)), "/my-books").toEqual([]);
  await page.getByRole("button", { name: "Add Books" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect.soft(await brokenWords(labels(page)), "the Add Books dialog").toEqual([]);
  await page.keyboard.press("Escape");

  // The bottom bar: Messages with its unread badge stands level with the other labels.
  const bar = page.getByRole("navigation", { name: "Mobile" });
  const messages = bar.getByRole("link", { name: /^Messages \d+ unread$/ });
  await expect(messages).toBeVisible();
  const library = bar.getByRole("link", { name: "Library" });
  expect
    .soft(Math.abs((await textTop(messages, "Messages")) - (await textTop(library, "Library"))), "the Messages label's offset from Library's")
    .toBeLessThan(1);
  expect.soft(await brokenWords(bar.locator("a:visible, summary:visible")), "the bottom bar").toEqual([]);

  // /loans: the four tabs in one row, none broken.
  await page.goto("/loans");
  await expect(page.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Loan sections" }).getByRole("link");
  await expect(tabs).toHaveCount(4);
  await expect(tabs.nth(2)).toHaveText(/Requests\s*1/);
  const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect.soft(new Set(tops).size, `the loan tabs' rows (tops ${tops.join(", ")})`).toBe(1);
  expect.soft(await brokenWords(tabs), "the loan tabs").toEqual([]);

  // The club room with a reading plan: the composer's Thread picker.
  const club = await api<{ clubId: string }>(page.request, "post", "/api/clubs", {
    name: `Phone Readers ${Date.now().toString(36)}`,
    location: "Porto",
    isPrivate: false,
  });
  await api(page.request, "put", `/api/clubs/${club.clubId}/reading`, {
    title: "Middlemarch",
    author: "George Eliot",
    milestones: [{ label: "chapters 1–8" }, { label: "chapters 9–14" }],
  });
  await page.goto(`/clubs/${club.clubId}/room`);
  await expect(page.getByRole("heading", { level: 1, name: "Club room" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Thread" })).toBeVisible();
  expect.soft(await brokenWords(labels(page)), "the club room").toEqual([]);
  expect(me.name).toBe("Pia Phone");
});

test.describe("Add a book with only an ISBN", () => {
  let metadata: Awaited<ReturnType<typeof startRecordedMetadata>>;
  test.beforeAll(async () => {
    metadata = await startRecordedMetadata();
  });
  test.afterAll(async () => {
    await metadata.close();
  });

  test("is looked up, not blocked for its empty title", async ({ page }) => {
    await signInAsNewMember(page, newMember("Isa Isbn"));
    await page.goto("/books/new");
    await expect(page.getByRole("heading", { level: 1, name: "Add a book" })).toBeVisible();
    await expect(page.getByText("Only have the ISBN? Leave title and author empty: we look the book up.")).toBeVisible();
    await page.getByLabel("ISBN").fill(SCANNED_ISBN);
    await page.getByRole("button", { name: "Add Book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Pride and Prejudice" })).toBeVisible();
    await expect(page.getByText("Jane Austen").first()).toBeVisible();
    expect(metadata.requests.some((url) => url.searchParams.get("q") === `isbn:${SCANNED_ISBN}`)).toBe(true);

    // An ISBN nobody knows is said beside the ISBN, with what was typed kept.
    await page.goto("/books/new");
    await page.getByLabel("ISBN").fill("9780000000002");
    await page.getByRole("button", { name: "Add Book" }).click();
    await expect(page.getByText("No book found for ISBN 9780000000002")).toBeVisible();
    await expect(page.getByLabel("ISBN")).toHaveValue("9780000000002");
  });
});
