import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, test as base, expect, type Locator, type Page } from "@playwright/test";

/** Another person's browser: their own cookies and client address, watched like the main page. */
export interface Client {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** Where a member lands after signing in, and the heading that says they are there. */
export interface Landing {
  path: string;
  heading: string;
}

/**
 * Opens another person's browser. Given a name (or a member), they are signed in as a new member
 * first; without one the browser stays signed out, for a test that signs in later itself.
 */
export interface NewClient {
  (): Promise<Client>;
  (member: string | Member, landing?: Landing): Promise<Client & { member: Member }>;
}

/**
 * Every e2e test fails on a console error, an uncaught page error or a failed same-origin
 * request, so a journey that "works" while the page is quietly broken does not pass.
 */
export const test = base.extend<{ pageProblems: string[]; newClient: NewClient }>({
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
  // The clients' problems fail the test like the main page's; their browsers close with the test.
  newClient: async ({ browser, baseURL }, use) => {
    const opened: (Client & { name: string })[] = [];
    const newClient = async (member?: string | Member, landing?: Landing) => {
      const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": randomClientAddress() } });
      const page = await context.newPage();
      const client = { context, page, problems: watchPageProblems(page, baseURL) };
      opened.push({ ...client, name: typeof member === "string" ? member : (member?.name ?? `client ${opened.length + 1}`) });
      if (member === undefined) return client;
      return { ...client, member: await signInAsNewMember(page, typeof member === "string" ? newMember(member) : member, landing) };
    };
    await use(newClient as NewClient);
    // Read before closing: a closing browser cancels its requests, which is not the page's fault.
    const problems = opened.flatMap(({ name, problems }) => problems.map((problem) => `${name}: ${problem}`));
    for (const { context } of opened) await context.close();
    expect(problems, "console errors or failed requests in the other browsers").toEqual([]);
  },
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
    blocking.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * Waits until React has hydrated the element. A part of a page whose code comes after the first load
 * (app/ui/deferred.tsx: the comments, the footer) is plain HTML until then: its forms post the whole page.
 */
export async function waitUntilHydrated(element: Locator) {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps")))).toBe(true);
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
 * Signs in "as a new member" with the local sign-in, and waits for the page the member lands on (My
 * Books by default) to show its heading, not just for the URL to change. The form itself is the sign-in
 * journey's (tests/auth/sign-in.e2e.test.ts): here it is posted as the browser posts it, with the time
 * zone cookie its page sets, which spares every journey a page load per member.
 */
export async function signInAsNewMember(page: Page, member: Member, landing = { path: "/my-books", heading: "My Books" }) {
  const origin = test.info().project.use.baseURL;
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.context().addCookies([{ name: "bookclub_tz", value: encodeURIComponent(zone), url: origin }]);
  const response = await page.request.post("/login", {
    form: { intent: "new", redirectTo: landing.path, name: member.name, email: member.email },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in ${member.email}`).toBe(302);
  await page.goto(landing.path);
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
