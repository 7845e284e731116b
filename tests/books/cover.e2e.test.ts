import { addBookByHand, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// A book added by hand gets a cover and an ISBN on its Edit page.

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

  test("a book added by hand gets a cover picture and an ISBN on Edit Book, and its page shows them", async ({ page }) => {
    await signInAsNewMember(page, newMember("Cora Cover"));
    const title = `Hand Bound ${Date.now().toString(36)}`;
    const bookPath = await addBookByHand(page, title, "Ann Author");
    await expect(page.getByRole("img", { name: `No cover for ${title}` })).toBeVisible();

    await page.goto(`${bookPath}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Book" })).toBeVisible();
    // A bad ISBN is refused with Add a book's words, and nothing is saved.
    await page.getByLabel("ISBN").fill("12345");
    await page.getByRole("button", { name: "Save" }).tap();
    await expect(page.getByText("Give a valid ISBN-10 or ISBN-13")).toBeVisible();

    await page.getByLabel("ISBN").fill("978-0-14-143951-8");
    await page.getByLabel("Cover picture").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG_1PX });
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save" }).tap();
    await expect(page.getByText("Book updated")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const cover = page.getByRole("img", { name: `Cover of ${title}` });
    await expect(cover).toBeVisible();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText("9780141439518")).toBeVisible();
  });
});
