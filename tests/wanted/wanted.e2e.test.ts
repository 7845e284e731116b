import type { Page } from "@playwright/test";
import { expect, expectAccessible, newMember, signInAsNewMember, test, waitUntilHydrated } from "../helpers/e2e/fixtures";

/** The page's width against what it shows: nothing may stick out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test("a member finds Wanted books under More, adds one by title after a refusal that keeps what they typed, and removes it", async ({ page }) => {
    await signInAsNewMember(page, newMember("Wren Wishlist"));
    const bar = page.getByRole("navigation", { name: "Mobile" });
    await bar.getByText("More", { exact: true }).click();
    await bar.getByRole("list", { name: "More" }).getByRole("link", { name: "Wanted books" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wanted books" })).toBeVisible();
    await expect(bar.getByText("More", { exact: true })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("Set your area on your profile to hear of copies near you.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Set my area" })).toHaveAttribute("href", "/profile#my-area");
    await expectAccessible(page);

    // An author without a title: refused in words, and the author is still there.
    const add = page.getByRole("region", { name: "Add a book you want" });
    await waitUntilHydrated(add.getByRole("button", { name: "Add by title" }));
    await add.getByLabel("Author (optional)").fill("Mira Moonfield");
    await add.getByRole("button", { name: "Add by title" }).click();
    await expect(add.getByText("Please enter a title.")).toBeVisible();
    await expect(add.getByLabel("Author (optional)")).toHaveValue("Mira Moonfield");
    await expect(add.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await add.getByLabel("Title").fill("The Tidewater Atlas");
    await add.getByRole("button", { name: "Add by title" }).click();
    await expect(page.getByText('Added "The Tidewater Atlas" to your wanted list.')).toBeVisible();
    const list = page.getByRole("region", { name: "My wanted books" });
    const item = list.getByRole("listitem").filter({ hasText: "The Tidewater Atlas" });
    await expect(item).toContainText("Mira Moonfield");
    // The form is empty again for the next one.
    await expect(add.getByLabel("Title")).toHaveValue("");
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 320, height: 915 });
    await expectNoSidewaysScroll(page);

    await item.getByRole("button", { name: "Remove The Tidewater Atlas" }).click();
    await expect(page.getByText("Removed from your wanted list.")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(0);
    await expect(list.getByText("Nothing here yet.", { exact: false })).toBeVisible();
  });
});

test("the desktop bar links Wanted books, and My Books does too", async ({ page }) => {
  await signInAsNewMember(page, newMember("Dax Desktop"));
  await page.getByRole("main").getByRole("link", { name: "Wanted books" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Wanted books" })).toBeVisible();
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Wanted books" })).toHaveAttribute("aria-current", "page");
  // The bar still fits where it first shows (the md breakpoint).
  await page.setViewportSize({ width: 768, height: 900 });
  await expectNoSidewaysScroll(page);
});
