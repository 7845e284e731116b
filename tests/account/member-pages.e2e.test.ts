import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

test("a new member sees no clubs yet, browses and searches clubs, and opens Messages", async ({ page }) => {
  await signInAsNewMember(page, newMember("Amara Newcomer"));

  await page.getByRole("navigation").getByRole("link", { name: "Clubs", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Book Clubs" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Club sections" });
  await expect(tabs.getByRole("link", { name: "My Clubs" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("You have no clubs yet")).toBeVisible();
  // Club management is built: the buttons open their dialogs (the clubs journey in clubs.e2e.test.ts uses them).
  await expect(page.getByRole("button", { name: "Create Club" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Join Club" })).toHaveAttribute("aria-haspopup", "dialog");
  await expectAccessible(page);

  await tabs.getByRole("link", { name: "Browse Clubs" }).click();
  await expect(tabs.getByRole("link", { name: "Browse Clubs" })).toHaveAttribute("aria-current", "page");
  const search = page.getByPlaceholder("Search clubs by name, description, location…");
  await expect(search).toBeVisible();
  await expectAccessible(page);

  // Typing searches on its own once the typing pauses (debounced), with the text trimmed.
  // The demo clubs are read-only seed data; this test only reads them.
  await search.fill("  coffee ");
  const results = page.locator("main ul > li");
  await expect(results.first().getByRole("heading", { name: "Philosophy Over Coffee" })).toBeVisible();
  await expect(results).toHaveCount(1);
  await expect(page).toHaveURL(/\/clubs\/browse\?search=coffee$/);
  await expect(results.first().getByText("Private", { exact: true })).toBeVisible();
  await expect(results.first().getByRole("button", { name: "Request to Join" })).toBeEnabled();
  await expectAccessible(page);

  await search.fill("no club is called this");
  await expect(page.getByText("No clubs found.")).toBeVisible();

  await page
    .getByRole("navigation")
    .getByRole("link", { name: /^Messages/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Messages" })).toBeVisible();
  await expect(page.getByText("No conversations yet.")).toBeVisible();
  await expect(page.getByText("Select a conversation to start messaging.")).toBeVisible();
  await expectAccessible(page);
});
