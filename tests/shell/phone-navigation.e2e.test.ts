import type { Page } from "@playwright/test";
import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// Most readers use BookClub on a phone: everything the desktop's top bar links to must have a
// way in from the phone's bottom bar (directly, or through its "More" menu) at 412×915, by touch.
test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

function bottomBar(page: Page) {
  return page.getByRole("navigation", { name: "Mobile" });
}

/** Opens the bottom bar's "More" menu and returns it. */
async function openMore(page: Page) {
  await bottomBar(page).getByText("More", { exact: true }).click();
  const menu = bottomBar(page).getByRole("list", { name: "More" });
  await expect(menu).toBeVisible();
  return menu;
}

/** The bottom bar highlights exactly one item: the one for the page the reader is on. */
async function expectHighlighted(page: Page, name: string) {
  // aria-current marks it (NavLink's "page"; "true" on More when the page is one of its own).
  const current = bottomBar(page).locator("[aria-current]:visible");
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(name);
}

test.describe("the phone's navigation", () => {
  test("a new member reaches every destination of the desktop bar", async ({ page, newClient }) => {
    const pia = await signInAsNewMember(page, newMember("Pia Phone"), { path: "/library", heading: "Community Library" });

    // Another member writes to her: the unread counts show where the desktop shows them.
    const { page: other } = await newClient("Otto Writer");
    await other.goto("/messages");
    await other.getByRole("button", { name: "Start a Conversation" }).click();
    const start = other.getByRole("dialog", { name: "Start a Conversation" });
    await start.getByLabel("Email or member ID").fill(pia.email);
    await start.getByRole("button", { name: "Start Conversation" }).click();
    await other.getByRole("textbox", { name: `Message ${pia.name}` }).fill("Fancy a swap?");
    await other.getByRole("textbox", { name: `Message ${pia.name}` }).press("Enter");
    await expect(other.getByRole("log", { name: `Messages with ${pia.name}` }).getByText("Fancy a swap?")).toBeVisible();

    const bar = bottomBar(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Messages 1 unread" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
    await expect((await openMore(page)).getByRole("link", { name: "Notifications 1 unread" })).toBeVisible();
    await bar.getByText("More", { exact: true }).click();
    await expect(bar.getByRole("list", { name: "More" })).toBeHidden();
    // The desktop bar is hidden at this width; the phone's own navigation has to do everything.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    // A sign-up page for a future service does not take one of the five slots.
    await expect(bar.getByRole("link", { name: "Swap Toys" })).toBeHidden();
    await expectHighlighted(page, "Library");
    await expectAccessible(page);

    await bar.getByRole("link", { name: "My Books" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
    await expectHighlighted(page, "My Books");

    await bar.getByRole("link", { name: "Add" }).click();
    const addBooks = page.getByRole("dialog", { name: "Add Books" });
    await expect(addBooks).toBeVisible();
    await addBooks.getByRole("button", { name: "Close" }).click();
    await expect(addBooks).toBeHidden();

    await bar.getByRole("link", { name: /^Messages/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expectHighlighted(page, "Messages");

    const destinations: [link: RegExp, heading: string, highlighted: string][] = [
      [/^Clubs$/, "Book Clubs", "More"],
      [/^Loans$/, "Loans", "More"],
      [/^Notifications/, "Notifications", "More"],
      [/^Profile$/, "Profile", "More"],
      [/^Swap Toys$/, "Swap Toys", "More"],
    ];
    for (const [link, heading, highlighted] of destinations) {
      const menu = await openMore(page);
      await expectAccessible(page);
      await menu.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      // The menu closes behind the reader: the page they chose is not covered by it.
      await expect(bar.getByRole("list", { name: "More" })).toBeHidden();
      await expectHighlighted(page, highlighted);
    }

    await bar.getByRole("link", { name: "Library" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
    await expectHighlighted(page, "Library");

    // The bell stays in the header too, with its count in its name.
    await page
      .getByRole("link", { name: /^Notifications/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

    // Tapping outside the open menu closes it without going anywhere.
    await openMore(page);
    await page.getByRole("heading", { level: 1, name: "Notifications" }).click({ force: true });
    await expect(bar.getByRole("list", { name: "More" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

    const menu = await openMore(page);
    await menu.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("a moderator reaches Moderation, which only moderators see on the desktop bar", async ({ page }) => {
    // An address the e2e server lists as a moderator's (scripts/lib/e2e-vars.mjs), this journey's own.
    await signInAsNewMember(page, { name: "Nora Moderator", email: "nav-moderator@example.org" });
    const menu = await openMore(page);
    await menu.getByRole("link", { name: "Moderation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
    await expectHighlighted(page, "More");
  });

  test("a visitor keeps a sensible bar: the library, the public pages and a way to sign in", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
    // On /login only "Sign In" is highlighted, though Add and Messages also lead a visitor there.
    await expectHighlighted(page, "Sign In");

    const bar = bottomBar(page);
    await bar.getByRole("link", { name: "Library" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
    await expectHighlighted(page, "Library");

    for (const [link, heading] of [
      [/^About Us$/, "About BookClub"],
      [/^Blogs$/, "Blog"],
      [/^Swap Toys$/, "Swap Toys"],
    ] as const) {
      const menu = await openMore(page);
      await menu.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expectHighlighted(page, "More");
    }
    await expectAccessible(page);
  });
});
