import { createMember, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// A real 1×1 PNG: decodable by the browser, so it goes through downscaling and upload.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test("a member adds books from photos, edits one, lends it and deletes another", async ({ page, browser }) => {
  const borrower = await createMember(browser, "Noor Borrower");
  await signInAsNewMember(page, newMember("Amara Lender"));
  await expect(page.getByText("You haven't added any books yet. Click 'Add Books' to get started!")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Add Books" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Books" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: /^Upload/ }).click();
  await expect(dialog.getByText("Please upload at least one book image.")).toBeVisible();

  await dialog.locator('input[type="file"]').setInputFiles([
    { name: "cover-one.png", mimeType: "image/png", buffer: PNG },
    { name: "not-really.png", mimeType: "image/png", buffer: Buffer.from("this is not an image") },
    { name: "cover-two.png", mimeType: "image/png", buffer: PNG },
  ]);
  await expect(dialog.getByRole("list", { name: "Selected images" }).getByRole("listitem")).toHaveCount(3);
  await dialog.getByRole("button", { name: /^Upload/ }).click();
  await expect(page.getByText("Added 2/3 book(s).")).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByText("2 books on your shelf")).toBeVisible();

  // The two new books are the member's only books; their covers are read in the background.
  const cards = page.locator("main ul > li");
  await expect(cards).toHaveCount(2);
  const newest = cards.first();
  await expect(newest.getByText(/Reading cover…|Needs details/)).toBeVisible();

  // Edit the newest book and lend it to another demo member found by e-mail.
  await newest.getByRole("button", { name: /^Edit / }).click();
  const edit = page.getByRole("dialog", { name: "Edit Book" });
  await edit.getByLabel("Title").fill("The Enchanted April");
  await edit.getByLabel("Author").fill("Elizabeth von Arnim");
  await edit.getByLabel("Status").selectOption("borrowed");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByText("Please select who you lent the book to.")).toBeVisible();
  await edit.getByLabel("Borrower's e-mail").fill(borrower.email);
  await edit.getByRole("button", { name: /^Select / }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Book updated")).toBeVisible();
  await expect(newest.getByText("Lent to")).toBeVisible();

  await newest.getByRole("link", { name: "The Enchanted April" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The Enchanted April" })).toBeVisible();
  await expect(page.getByText(`Lent to ${borrower.name}`)).toBeVisible();
  await expectAccessible(page);

  // Delete the other new book from its page, after confirming.
  await page.goto("/my-books");
  await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
  const second = cards.filter({ hasNot: page.getByRole("link", { name: "The Enchanted April" }) });
  await expect(second).toHaveCount(1);
  await second.locator("h2 a").click();
  // The book page, not the list behind it: its own heading and its single Delete button.
  await expect(page.getByRole("heading", { level: 2, name: "Cover analysis" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to My Books" })).toBeVisible();
  page.once("dialog", (confirm) => {
    expect(confirm.message()).toBe("Are you sure you want to delete this book? This cannot be undone.");
    void confirm.accept();
  });
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  await expect(page.getByText("Book deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
});

test("a cover photo with an ISBN barcode fills in the ISBN within seconds (local analyzer)", async ({ page }, testInfo) => {
  await signInAsNewMember(page, newMember("Priya Scanner"));
  await page.getByRole("button", { name: "Add Books" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Books" });
  await dialog.locator('input[type="file"]').setInputFiles("tests/covers/fixtures/isbn-back-cover.jpg");
  const started = Date.now();
  await dialog.getByRole("button", { name: /^Upload/ }).click();
  await expect(page.getByText("Added 1/1 book(s).")).toBeVisible({ timeout: 30_000 });

  const card = page.locator("main ul > li").first();
  // Above the page's polling budget (fast tries, then a slow poll), so a busy machine does not fail it.
  await expect(card.getByText("Reading cover…")).toBeHidden({ timeout: 30_000 });
  const elapsed = Date.now() - started;
  testInfo.annotations.push({ type: "upload-to-analysed-ms", description: String(elapsed) });
  console.log(`Upload to analysed cover: ${elapsed} ms`);

  await card.locator("h2 a").click();
  await expect(page.getByRole("heading", { level: 2, name: "Cover analysis" })).toBeVisible();
  await expect(page.getByText("9780141439471")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cover analysis" })).toBeVisible();
});
