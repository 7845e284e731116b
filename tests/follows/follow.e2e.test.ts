import { addBookByHand, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

test.describe("following a member on a phone", () => {
  test("a reader follows a book's owner from their page; each sees the other on /profile", async ({ page, newClient }) => {
    const milo = await newClient("Milo Shelves");
    const bookPath = await addBookByHand(milo.page, "The Phantom Tollbooth", "Norton Juster");

    await signInAsNewMember(page, newMember("Fern Follower"));
    await page.goto(bookPath);
    await expect(page.getByRole("heading", { level: 1, name: "The Phantom Tollbooth" })).toBeVisible();
    await page.getByRole("link", { name: "Milo Shelves", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Milo Shelves" })).toBeVisible();
    await expect(page.getByText("0 followers · 0 following")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await expect(page.getByText("You follow Milo Shelves now")).toBeVisible();
    await expect(page.getByText("1 follower · 0 following")).toBeVisible();
    await expect(page.getByText("Following", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unfollow" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    const following = page.getByRole("region", { name: /^Following/ });
    await expect(following.getByRole("link", { name: "Milo Shelves", exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Followers/ }).getByText("Nobody follows you yet.")).toBeVisible();
    await expectAccessible(page);

    await milo.page.goto("/profile");
    await expect(milo.page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect(milo.page.getByRole("region", { name: /^Followers/ }).getByRole("link", { name: "Fern Follower" })).toBeVisible();

    // Unfollowing from the member's page takes them off the list again.
    await following.getByRole("link", { name: "Milo Shelves", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Milo Shelves" })).toBeVisible();
    await page.getByRole("button", { name: "Unfollow" }).click();
    await expect(page.getByText("You no longer follow Milo Shelves")).toBeVisible();
    await expect(page.getByRole("button", { name: "Follow", exact: true })).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("region", { name: /^Following/ }).getByText("You don't follow anyone yet.", { exact: false })).toBeVisible();
  });
});
