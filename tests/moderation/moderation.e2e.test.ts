import { addBookByHand, expect, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

/** scripts/lib/e2e-vars.mjs lists this address in MODERATORS for the e2e Worker. */
const MODERATOR_EMAIL = "moderator@example.org";

test("a member reports a book, a moderator hides it at /moderation, and it leaves the library", async ({ page, newClient }) => {
  test.setTimeout(120_000);
  const reporter = await newClient();
  const moderator = await newClient();
  // The owner lists a book by hand.
  await signInAsNewMember(page, newMember("Opal Owner"));
  const title = `Counterfeit Classics ${Date.now().toString(36)}`;
  const bookPath = await addBookByHand(page, title, "A. Nonymous");
  // Nobody is offered a report of their own book.
  await expect(page.getByRole("button", { name: "Report" })).toHaveCount(0);

  // Another member reports it from the book page and is thanked.
  await signInAsNewMember(reporter.page, newMember("Reece Reporter"));
  await reporter.page.goto(bookPath);
  await expect(reporter.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await reporter.page.getByRole("button", { name: "Report" }).click();
  const dialog = reporter.page.getByRole("dialog", { name: `Report ${title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Scam or fraud").check();
  await dialog.getByLabel("Details (optional)").fill("The listing asks for payment up front.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Thanks — your report was received. A moderator will review it.");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  // Members who are not moderators have no Moderation link, and the page is not found for them.
  await expect(reporter.page.getByRole("link", { name: "Moderation" })).toHaveCount(0);

  // The moderator (signed in locally with the listed address) reviews it and hides the book.
  await signInAsNewMember(moderator.page, { name: "Mina Moderator", email: MODERATOR_EMAIL });
  await moderator.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Moderation" }).click();
  await expect(moderator.page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  const item = moderator.page.getByRole("listitem").filter({ hasText: title });
  await expect(item.getByRole("heading", { name: "Book: Scam or fraud" })).toBeVisible();
  await expect(item).toContainText("Reported by Reece Reporter");
  await expect(item).toContainText("The listing asks for payment up front.");
  await item.getByRole("button", { name: "Hide book" }).click();
  // (The page-wide navigation notice is a status region too.)
  await expect(moderator.page.getByRole("status").filter({ hasText: "Hidden. The report is closed." })).toBeVisible();
  await expect(moderator.page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);

  // The book is gone from the library and its page for everyone else.
  await reporter.page.goto(`/library?search=${encodeURIComponent(title)}`);
  await expect(reporter.page.getByText(`No books found matching "${title}".`)).toBeVisible();
  await reporter.page.goto(bookPath);
  await expect(reporter.page.getByRole("heading", { name: "Book not found" })).toBeVisible();
  // Its owner still sees it, with the reason.
  await page.reload();
  await expect(page.getByText("A moderator hid this book.")).toBeVisible();

  const notFound = await reporter.page.goto("/moderation");
  expect(notFound?.status()).toBe(404);
});
