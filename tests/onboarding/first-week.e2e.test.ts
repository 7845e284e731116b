import { cityInState } from "../geo/fixtures/nominatim";
import { expect, expectAccessible, newMember, test } from "../helpers/e2e/fixtures";
import { startRecordedGeocoder } from "../helpers/e2e/recorded-geocoder";
import { keepScreenshot } from "../helpers/e2e/screenshots";

// A reader's first week (issue 39) on a phone: signing up with the local sign-in, the start card's
// three steps ticking themselves as they are done, a first listed book, and the notification grid.
test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

test("a new member signs up on a phone, follows the start steps to a first listed book, and sets where they hear about messages", async ({
  page,
  newClient,
}, testInfo) => {
  // Another reader's open club, for the third step.
  const { page: host } = await newClient("Hana Host");
  const clubName = `First Week Readers ${Date.now().toString(36)}`;
  const created = await host.request.post("/api/clubs", {
    data: { name: clubName, description: "Short books, long talks.", location: "Austin", isPrivate: false },
  });
  expect(created.status()).toBe(201);

  // Sign-up: the local sign-in's "new member" form, as a visitor who tapped Add on the phone bar.
  await page.goto("/library");
  await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Add" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to BookClub" })).toBeVisible();
  await expect(page.getByText("Sign in to add your books.")).toBeVisible();
  const reader = newMember("Wren Newcomer");
  await page.getByLabel("Name").fill(reader.name);
  await page.getByLabel("Email").fill(reader.email);
  await page.getByRole("button", { name: "Sign in as new member" }).click();
  // Back to what they asked for: their shelf with Add Books open. They close it and take the start instead.
  const addBooks = page.getByRole("dialog", { name: "Add Books" });
  await expect(addBooks).toBeVisible();
  await addBooks.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
  // The empty shelf says what to do in a phone's words, and offers nothing to download.
  await expect(page.getByText("You haven't added any books yet. Tap 'Add Books' to get started!")).toBeVisible();
  await expect(page.getByText("Click 'Add Books'")).toBeHidden();
  await expect(page.getByRole("link", { name: "Download my books" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Library" }).click();
  const start = page.getByRole("region", { name: "Your first steps on BookClub" });
  await expect(start).toBeVisible();
  await expect(start.getByText("0 of 3 done")).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, "start-phone");

  // Step 1: a first book, typed in on the Add a book form.
  await start.getByRole("link", { name: "Type one in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a book" })).toBeVisible();
  const title = `The Quiet Harbour ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Author").fill("Ines Marlow");
  await page.getByRole("button", { name: "Add Book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Step 2: an area, typed in on the profile's My area.
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Library" }).click();
  await expect(start.getByText("1 of 3 done")).toBeVisible();
  const geocoder = await startRecordedGeocoder(cityInState);
  try {
    await start.getByRole("link", { name: "Set my area" }).click();
    const area = page.getByRole("region", { name: "My area" });
    await area.getByLabel("Town or city").fill("Austin");
    await area.getByRole("button", { name: "Save my area" }).click();
    await expect(area.getByRole("status")).toHaveText("Your area: Austin");
  } finally {
    await geocoder.close();
  }

  // Step 3: a club, found under Browse Clubs.
  await page.goto("/library");
  await expect(start.getByText("2 of 3 done")).toBeVisible();
  await start.getByRole("link", { name: "Browse clubs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Book Clubs" })).toBeVisible();
  await page.getByPlaceholder("Search clubs by name, description, location…").fill(clubName);
  const found = page.locator("main ul > li").filter({ has: page.getByRole("heading", { name: clubName }) });
  await expect(found).toHaveCount(1);
  await found.getByRole("button", { name: "Request to Join" }).click();
  await expect(found.getByText("Member", { exact: true })).toBeVisible();

  await page.goto("/library");
  await expect(start.getByText("All done. Happy reading!")).toBeVisible();
  await expect(start.getByRole("heading", { name: "Add your first books" })).toContainText("Done:");

  // The first book is listed: on the shelf, and in the library another reader sees.
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "My Books" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Books" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await host.goto(`/library?search=${encodeURIComponent(title)}`);
  await expect(host.getByRole("link", { name: title }).first()).toBeVisible();

  // Put away, and it stays away after a reload (kept on the server).
  await page.goto("/library");
  await start.getByRole("button", { name: "Hide these steps" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  await expect(start).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  await expect(start).toHaveCount(0);

  // The notification grid: direct messages' e-mail off, their bell and push kept.
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Email Notifications" })).toBeVisible();
  const dmEmail = page.getByRole("switch", { name: "Direct messages: E-mail" });
  await dmEmail.click();
  await expect(dmEmail).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("Notification preferences saved").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Direct messages: E-mail" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Direct messages: Bell" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Direct messages: Push" })).toHaveAttribute("aria-checked", "true");
  await expectAccessible(page);
  // The grid from its heading down, clear of the sticky top bar.
  await page
    .getByRole("heading", { name: "Tell me about" })
    .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 80));
  await keepScreenshot(page, testInfo, "notification-grid-phone");
});
