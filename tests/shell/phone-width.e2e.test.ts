import type { APIRequestContext, Page } from "@playwright/test";
import { expect, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// Once, one conversation whose last message was a URL widened /messages to 955 px on a phone.
// Every list page is loaded at the narrowest phone we design for (320 px) and a common one (412 px)
// with long unbroken text in every field a member can fill, and must not scroll sideways.
const WIDTHS = [320, 412];

// Unbroken on purpose: a URL, and words with no space in them, are what a browser cannot wrap.
const unbroken = (prefix: string, length: number) => `${prefix}${"x".repeat(length - prefix.length)}`;
const LONG_URL = `https://example.com/${"a".repeat(180)}?ref=${"b".repeat(60)}`;
const TITLE = unbroken("Supercalifragilistic", 160);
const AUTHOR = unbroken("Wolfeschlegelsteinhausen", 120);
const CLUB = unbroken("Lamplight", 100);
const BIO = unbroken("Bio:", 400);

/** Posts as the page's member (the session cookie rides along; no Origin, as from a non-browser client). */
async function api<T>(request: APIRequestContext, method: "post" | "put", path: string, data: unknown): Promise<T> {
  const answer = await request[method](path, { data });
  const body = await answer.json();
  expect(answer.ok(), `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data as T;
}

async function expectNoSidewaysScroll(page: Page, path: string, heading: string | RegExp) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 915 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
    const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
      const { scrollWidth, clientWidth } = document.documentElement;
      // What sticks out, innermost first, so a failure names the element to fix.
      const widest = [...document.querySelectorAll("main *, nav *")]
        .filter((element) => element.getBoundingClientRect().right > clientWidth + 1 && element.children.length === 0)
        .slice(0, 3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`);
      return { scrollWidth, clientWidth, widest };
    });
    expect.soft(scrollWidth, `${path} at ${width} px scrolls sideways: ${widest.join(" ")}`).toBeLessThanOrEqual(clientWidth);
  }
}

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

test("every list page fits a 320 px and a 412 px phone, whatever long unbroken text members wrote", async ({ page, newClient }) => {
  test.setTimeout(120_000);
  // The owner lists a book with a long title and author, has a long bio and creates a long-named club.
  const owner = await signInAsNewMember(page, newMember("Olga Owner"));
  const me = await api<{ userId: string }>(page.request, "put", "/api/users/me", { bio: BIO });
  const book = await api<{ bookId: string }>(page.request, "post", "/api/books", { title: TITLE, author: AUTHOR });
  const club = await api<{ clubId: string }>(page.request, "post", "/api/clubs", {
    name: CLUB,
    description: LONG_URL,
    location: "Austin, Texas",
    isPrivate: false,
  });

  // A neighbour asks to borrow it (a loan and a notification for the owner) and sends a URL.
  const neighbour = await newClient("Nico Neighbour");
  await api(neighbour.page.request, "post", "/api/loans", { bookId: book.bookId });
  const conversation = await api<{ conversationId: string }>(neighbour.page.request, "post", "/api/dm/conversations", { toUserId: me.userId });
  await api(neighbour.page.request, "post", `/api/dm/conversations/${conversation.conversationId}/messages`, { content: LONG_URL });

  await expectNoSidewaysScroll(page, "/library", "Library");
  await expectNoSidewaysScroll(page, `/books/${book.bookId}`, TITLE);
  await expectNoSidewaysScroll(page, "/my-books", "My Books");
  await expectNoSidewaysScroll(page, "/clubs", "Book Clubs");
  await expectNoSidewaysScroll(page, "/clubs/browse", "Book Clubs");
  await expectNoSidewaysScroll(page, `/clubs/${club.clubId}`, CLUB);
  await expectNoSidewaysScroll(page, "/messages", "Messages");
  // The preview is cut short with an ellipsis, and the unread badge beside it stays on screen.
  const fromNico = page.getByRole("navigation", { name: "Conversations" }).getByRole("link", { name: /Nico Neighbour/ });
  const preview = fromNico.getByText(/^https:\/\/example\.com\//);
  expect(await preview.evaluate((element) => getComputedStyle(element).textOverflow)).toBe("ellipsis");
  const badge = fromNico.locator("span", { hasText: /^\d+ unread$/ }).last();
  await expect(badge).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page, `/messages/${conversation.conversationId}`, "Messages");
  // The URL in the message is a link to follow, opened apart from the app and endorsing nothing.
  const link = page.getByRole("log", { name: "Messages with Nico Neighbour" }).getByRole("link", { name: LONG_URL });
  await expect(link).toHaveAttribute("href", LONG_URL);
  await expect(link).toHaveAttribute("rel", "noopener nofollow ugc");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toBeInViewport();
  await expectNoSidewaysScroll(page, "/loans", "Loans");
  await expectNoSidewaysScroll(page, "/notifications", "Notifications");
  await expectNoSidewaysScroll(page, `/users/${me.userId}`, owner.name);
  await expectNoSidewaysScroll(page, "/profile", "Profile");
});
