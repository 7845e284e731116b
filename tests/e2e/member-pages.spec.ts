import { expect, expectAccessible, signInAsDemoMember, test } from "./fixtures";

test("a member sees their clubs, browses and searches clubs, and opens Messages", async ({ page }) => {
  // The seed makes Amara the creator of one club and a member of another.
  await signInAsDemoMember(page, "Amara");

  await page.getByRole("navigation").getByRole("link", { name: "Clubs", exact: true }).first().click();
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.getByRole("heading", { name: "Book Clubs" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Club sections" });
  await expect(tabs.getByRole("link", { name: "My Clubs" })).toHaveAttribute("aria-current", "page");
  const myCards = page.locator("main ul > li");
  await expect(myCards.first()).toBeVisible();
  await expect(myCards.filter({ hasText: "Creator" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Club" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Create Club" })).toHaveAccessibleDescription("Coming soon");
  await expectAccessible(page);

  await tabs.getByRole("link", { name: "Browse Clubs" }).click();
  await expect(page).toHaveURL(/\/clubs\/browse$/);
  await expect(tabs.getByRole("link", { name: "Browse Clubs" })).toHaveAttribute("aria-current", "page");
  const search = page.getByPlaceholder("Search clubs by name, description, location…");
  await expect(search).toBeVisible();
  await expectAccessible(page);

  // Typing searches on its own once the typing pauses (debounced), with the text trimmed.
  await search.fill("  coffee ");
  await expect(page).toHaveURL(/\/clubs\/browse\?search=coffee$/);
  const results = page.locator("main ul > li");
  await expect(results).toHaveCount(1);
  await expect(results.first().getByRole("heading", { name: "Philosophy Over Coffee" })).toBeVisible();
  await expect(results.first().getByText("Private", { exact: true })).toBeVisible();
  await expect(results.first().getByRole("button", { name: "Request to Join" })).toBeDisabled();
  await expectAccessible(page);

  await search.fill("no club is called this");
  await expect(page.getByText("No clubs found.")).toBeVisible();

  await page.getByRole("navigation").getByRole("link", { name: /^Messages/ }).first().click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("heading", { name: "Messages" })).toBeVisible();
  await expect(page.getByText("No conversations yet.")).toBeVisible();
  await expect(page.getByText("Select a conversation to start messaging.")).toBeVisible();
  await expectAccessible(page);
});
