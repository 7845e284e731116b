import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every e2e test fails on a console error, an uncaught page error or a failed same-origin
 * request, so a journey that "works" while the page is quietly broken does not pass.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page, baseURL }, use) => {
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
      await use(problems);
      expect(problems, "console errors or failed requests during the test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe on the current page; serious or critical violations fail the test. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`),
  ).toEqual([]);
}

/** Signs in through the local (demo) sign-in on /login, as the named demo member or the first one. */
export async function signInAsDemoMember(page: Page, name?: string) {
  await page.goto("/login");
  const picker = page.getByRole("group", { name: "Sign in as a demo member" });
  if (name) await picker.getByRole("button", { name: new RegExp(name) }).click();
  else await picker.getByRole("button").first().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login") && !url.pathname.startsWith("/auth"));
}
