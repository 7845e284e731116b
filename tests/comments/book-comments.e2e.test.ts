import { expect, expectAccessible, newMember, signInAsNewMember, test, waitUntilHydrated } from "../helpers/e2e/fixtures";

// Most readers use BookClub on a phone: the comments under a book are read, written and deleted there.
test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

/** The page is no wider than the screen: nothing (a long unbroken address) pushes it sideways. */
const fitsTheScreen = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;

test.describe("comments on a book, on a phone", () => {
  test("a reader comments on a new member's book; the owner sees it and the bell, and deletes it", async ({ page, newClient }) => {
    await signInAsNewMember(page, newMember("Ola Owner"), { path: "/books/new", heading: "Add a book" });
    const title = `Tram Stories ${Date.now().toString(36)}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Author").fill("Ola Owner");
    await page.getByRole("button", { name: "Add Book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const comments = page.getByRole("region", { name: "Comments" });
    await expect(comments.getByText("No comments yet.")).toBeVisible();
    // The owner's own page offers the form too; nobody has written yet.
    await expect(comments.getByLabel("Add a comment")).toBeVisible();
    const bookPath = new URL(page.url()).pathname;

    const { page: reader } = await newClient("Cora Commenter");
    await reader.setViewportSize({ width: 412, height: 915 });
    await reader.goto(bookPath);
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const readerComments = reader.getByRole("region", { name: "Comments" });
    // Posted through the page's script (the comments' code comes after the page's): the page is not loaded again (the marker survives).
    await waitUntilHydrated(readerComments.getByLabel("Add a comment"));
    await reader.evaluate(() => Object.assign(window, { stillThisPage: true }));
    const link = `https://example.org/${"long-unbroken-".repeat(12)}`;
    await readerComments.getByLabel("Add a comment").fill(`Lovely copy! More at ${link}`);
    await readerComments.getByRole("button", { name: "Post comment" }).click();
    const posted = readerComments.getByRole("list", { name: `Comments on ${title}` }).getByRole("listitem");
    await expect(posted).toHaveCount(1);
    await expect(posted.getByRole("link", { name: link })).toHaveAttribute("rel", "noopener nofollow ugc");
    await expect(readerComments.getByLabel("Add a comment")).toHaveValue("");
    expect(await reader.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    expect(await reader.evaluate(fitsTheScreen)).toBe(true);
    await expectAccessible(reader);
    // The narrowest phones too: the address wraps inside the comment.
    await reader.setViewportSize({ width: 320, height: 800 });
    expect(await reader.evaluate(fitsTheScreen)).toBe(true);

    // The owner's bell rings; it leads to the comment.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const bell = page.getByRole("banner").getByRole("link", { name: "Notifications, 1 unread" });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await page.getByText(`Cora Commenter commented on "${title}"`).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const ownerList = comments.getByRole("list", { name: `Comments on ${title}` });
    await expect(ownerList.getByText("Lovely copy!")).toBeVisible();
    expect(await page.evaluate(fitsTheScreen)).toBe(true);
    await expectAccessible(page);

    // The owner deletes it.
    await ownerList.getByRole("button", { name: "Delete Cora Commenter's comment" }).click();
    await expect(comments.getByText("No comments yet.")).toBeVisible();
    await reader.reload();
    await expect(readerComments.getByText("No comments yet.")).toBeVisible();
  });

  test("'Show older comments' adds the older ones below, on the same page", async ({ page, newClient }) => {
    await signInAsNewMember(page, newMember("Pat Pages"), { path: "/books/new", heading: "Add a book" });
    const title = `Busy Book ${Date.now().toString(36)}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Author").fill("Pat Pages");
    await page.getByRole("button", { name: "Add Book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const bookPath = new URL(page.url()).pathname;
    // 22 comments from three readers (each may post 10 a minute), oldest first.
    let n = 0;
    for (const name of ["Ann One", "Ben Two", "Cy Three"]) {
      const { page: reader } = await newClient(name);
      for (let i = 0; i < 8 && n < 22; i++, n++) {
        const answer = await reader.request.post(`/api${bookPath}/comments`, { data: { body: `Numbered comment #${n}#` } });
        expect(answer.status()).toBe(201);
      }
    }
    await page.reload();
    const comments = page.getByRole("region", { name: "Comments" });
    const items = comments.getByRole("list", { name: `Comments on ${title}` }).getByRole("listitem");
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText("Numbered comment #21#");
    await expect(comments.getByText("Numbered comment #0#")).toHaveCount(0);
    await waitUntilHydrated(comments.getByRole("link", { name: "Show older comments" }));
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    await comments.getByRole("link", { name: "Show older comments" }).click();
    await expect(items).toHaveCount(22);
    await expect(items.last()).toContainText("Numbered comment #0#");
    await expect(comments.getByRole("link", { name: "Show older comments" })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    expect(new URL(page.url()).search).toBe("");
  });
});
