import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

// A back-cover photo whose ISBN the catalogues do not know: the book waits on its owner's shelf,
// saying what it lacks, until it has a title (docs/decisions/024-listed-only-with-a-title.md).
test("a photo of the back of a book stays on its owner's shelf until it has a title, then joins the library", async ({ page, browser }) => {
  await signInAsNewMember(page, newMember("Tamsin Backcover"));
  await page.getByRole("button", { name: "Add Books" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Books" });
  await dialog.locator('input[type="file"]').setInputFiles("tests/covers/fixtures/isbn-back-cover.jpg");
  await dialog.getByRole("button", { name: /^Upload/ }).click();
  await expect(page.getByText("Added 1/1 book(s).")).toBeVisible({ timeout: 30_000 });

  const card = page.locator("main ul > li").first();
  await expect(card.getByText("Needs details: title and author")).toBeVisible({ timeout: 30_000 });
  await card.locator("h2 a").click();
  await expect(page.getByRole("heading", { level: 1, name: "Untitled Book" })).toBeVisible();
  await expect(page.getByText("Only you can see this book until it has a title. Then it is listed in the library.")).toBeVisible();
  await expect(page.getByText("9780141439471")).toBeVisible();
  const bookUrl = page.url();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Look up again" }).click();
  await expect(page.getByText("Looking the ISBN up again. The details appear here when a book catalogue answers.")).toBeVisible();

  // Nobody else finds it, not even by its ISBN.
  const other = await browser.newPage();
  await other.goto(bookUrl);
  await expect(other.getByText("We couldn't find that book. It may have been removed by its owner.")).toBeVisible();
  await other.goto("/library?search=9780141439471");
  await expect(other.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  await expect(other.getByRole("link", { name: "Untitled Book" })).toHaveCount(0);

  // The owner types the title: the book is listed.
  await page.goto(`${new URL(bookUrl).pathname}/edit`);
  await page.getByLabel("Title").fill("Pride and Prejudice");
  await page.getByLabel("Author").fill("Jane Austen");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pride and Prejudice" })).toBeVisible();
  await expect(page.getByText("Only you can see this book")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Look up again" })).toHaveCount(0);

  await other.goto(bookUrl);
  await expect(other.getByRole("heading", { level: 1, name: "Pride and Prejudice" })).toBeVisible();
  await other.close();
});
