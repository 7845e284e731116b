import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";

/**
 * Every e2e test fails on a console error, an uncaught page error or a failed same-origin
 * request, so a journey that "works" while the page is quietly broken does not pass.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  // Sign-in is rate-limited per client address; each test is its own client, as real people are.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": randomClientAddress() });
  },
  pageProblems: [
    async ({ page, baseURL }, use) => {
      const problems = watchPageProblems(page, baseURL);
      await use(problems);
      expect(problems, "console errors or failed requests during the test").toEqual([]);
    },
    { auto: true },
  ],
});

/** Collects a page's console errors, uncaught errors and failed same-origin requests (also for pages a spec opens in browsers of its own). */
export function watchPageProblems(page: Page, baseURL: string | undefined): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    // HTTP failures are judged by the response listener below (a 404 page can be the point of a test).
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    // Navigations away cancel in-flight requests; that is not a failure of the page.
    if (request.url().startsWith(baseURL ?? "") && !/ERR_ABORTED/.test(failure)) {
      problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
    }
  });
  page.on("response", (response) => {
    if (!response.url().startsWith(baseURL ?? "")) return;
    const assetMissing = ["script", "stylesheet", "image", "font"].includes(response.request().resourceType()) && response.status() >= 400;
    if (response.status() >= 500 || assetMissing) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

export { expect };

/** Runs axe on the current page; serious or critical violations fail the test. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`),
  ).toEqual([]);
}

export function randomClientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `10.${octet()}.${octet()}.${octet()}`;
}

export interface Member {
  name: string;
  email: string;
}

/** A member nobody else uses: a fresh name and e-mail for each call, so tests never share state. */
export function newMember(name: string): Member {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name, email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${unique}@example.com` };
}

/**
 * Signs in through the local sign-in on /login "as a new member" and waits for the page the member
 * lands on (My Books by default) to show its heading, not just for the URL to change.
 */
export async function signInAsNewMember(page: Page, member: Member, landing = { path: "/my-books", heading: "My Books" }) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(landing.path)}`);
  await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
  await page.getByLabel("Name").fill(member.name);
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Sign in as new member" }).click();
  await expect(page.getByRole("heading", { level: 1, name: landing.heading })).toBeVisible();
  return member;
}

/** Creates a member in a browser context of its own (as another person would), and returns them. */
export async function createMember(browser: Browser, name: string): Promise<Member> {
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": randomClientAddress() } });
  try {
    return await signInAsNewMember(await context.newPage(), newMember(name));
  } finally {
    await context.close();
  }
}

/** Lists a book by hand on /books/new, waits for its page, and returns the page's path. */
export async function addBookByHand(page: Page, title: string, author: string): Promise<string> {
  await page.goto("/books/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add a book" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Author").fill(author);
  await page.getByRole("button", { name: "Add Book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}
