import { expect, expectAccessible, test, waitUntilHydrated } from "../helpers/e2e/fixtures";

test.describe("a visitor browsing the public library", () => {
  test("searches, pages, switches layout and opens a book", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/library$/);
    await expect(page).toHaveTitle("Library — BookClub");
    await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Books" })).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);

    const status = page.getByText(/^Showing 1–25 of \d+ books$/).first();
    await expect(status).toBeVisible();

    // Next, then Prev, above the grid (their arrows are not part of the names).
    await page.getByRole("navigation", { name: "Pages (top)" }).getByRole("link", { name: "Next", exact: true }).click();
    await expect(page.getByText(/^Showing 26–50 of \d+ books$/).first()).toBeVisible();
    await page.getByRole("navigation", { name: "Pages (bottom)" }).getByRole("link", { name: "Prev", exact: true }).click();
    await expect(status).toBeVisible();

    // Page size (in the filters' form, whose code comes just after the page's).
    await waitUntilHydrated(page.getByLabel("Per page"));
    await page.getByLabel("Per page").selectOption("10");
    await expect(page.getByText(/^Showing 1–10 of \d+ books$/).first()).toBeVisible();
    await expect(page.locator("main ul > li")).toHaveCount(10);

    // Debounced search (1000 ms) that trims and returns to the first page.
    await page.getByRole("searchbox", { name: "Search books" }).fill("  frankenstein ");
    await expect(page).toHaveURL(/search=frankenstein(&|$)/, { timeout: 5000 });
    await expect(page.getByRole("link", { name: "Frankenstein", exact: false }).first()).toBeVisible();

    await page.getByRole("searchbox", { name: "Search books" }).fill("qqqzzznothing");
    await page.getByRole("searchbox", { name: "Search books" }).press("Enter");
    await expect(page.getByText('No books found matching "qqqzzznothing".')).toBeVisible();

    await page.goto("/library");
    await page.getByRole("link", { name: "List view" }).click();
    await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute("aria-current", "true");
    await expectAccessible(page);

    // A demo book anyone may borrow, found by name: the newest books are other journeys' (or, with no
    // other journey run, a private club's demo book, which a visitor cannot borrow).
    const title = "The Expression of the Emotions in Man and Animals";
    await page.getByRole("searchbox", { name: "Search books" }).fill("expression emotions animals");
    await expect(page).toHaveURL(/search=expression/, { timeout: 5000 });
    await page.locator("main ul > li h2 a").filter({ hasText: title }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} — BookClub`);
    await expect(page.getByRole("heading", { name: "Google Metadata" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cover analysis" })).toBeVisible();
    await expectAccessible(page);

    // Borrowing sends a visitor to sign in.
    await page.getByRole("link", { name: /^Borrow from / }).click();
    await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("shows a clear not-found state for an unknown book", async ({ page }) => {
    // The 404 document itself is expected; it must not count as a failed request.
    const response = await page.goto("/books/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Book not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Library" }).click();
    await expect(page.getByRole("heading", { name: "Community Library" })).toBeVisible();
    await expect(page).toHaveURL(/\/library$/);
  });

  test("reads About, the blog index and every post", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "About BookClub" })).toBeVisible();
    await expect(page.getByText(/Cloudflare Queue/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Read the blog" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expectAccessible(page);
    const posts = page.locator("main li h2 a");
    await expect(posts).toHaveCount(3);
    for (const index of [0, 1, 2]) {
      await page.goto("/about/blogs");
      await expect(posts).toHaveCount(3);
      const link = posts.nth(index);
      const name = (await link.textContent())!.trim();
      await link.click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expectAccessible(page);
    }
    const missing = await page.goto("/about/blogs/no-such-post");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  });

  test("registers interest on Swap Toys", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/swap-toys");
    await expect(page.getByRole("heading", { name: "Swap Toys", exact: true })).toBeVisible();
    await expectAccessible(page);
    const progress = page.getByRole("heading", { name: /of 100 interested$/ });
    const interested = async () => Number((await progress.textContent())!.split(" ")[0]);
    const before = await interested();

    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Register Interest" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();

    await page.getByLabel("Email address").fill(`family-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Register Interest" }).click();
    await expect(page.getByText("Thanks! Your interest is registered. We'll notify you when it's ready.")).toBeVisible();
    // Others may register at the same time: the count has grown by at least this registration.
    await expect.poll(interested).toBeGreaterThanOrEqual(before + 1);

    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  });

  test("keeps visitors out of member pages and unknown paths", async ({ page }) => {
    await page.goto("/my-books");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-books$/);
    await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/some/unknown/path");
    await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("works on a phone with the bottom bar", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/library");
    const bar = page.getByRole("navigation", { name: "Mobile" });
    await expect(bar).toBeVisible();
    // Swap Toys, a sign-up page for a future service, is under "More", not in one of the five slots.
    await bar.getByText("More", { exact: true }).click();
    await bar.getByRole("link", { name: "Swap Toys" }).click();
    await expect(page.getByRole("heading", { name: "Swap Toys", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/swap-toys$/);
    await expectAccessible(page);
  });
});
