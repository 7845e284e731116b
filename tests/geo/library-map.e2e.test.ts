import { expect, expectAccessible, test, waitUntilHydrated } from "../helpers/e2e/fixtures";

test.use({ viewport: { width: 412, height: 915 } });

// The demo library (scripts/seed/demo-data.ts) has members in Islington, Camden and Bermondsey.
const ISLINGTON = { latitude: 51.5401, longitude: -0.1012 };

test("a visitor opens the map from the library, sees places with counts over the tiles, and lists a place's books from the keyboard", async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(["geolocation"], { origin: baseURL });
  await page.context().setGeolocation(ISLINGTON);
  await page.goto("/library");
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Library map" })).toBeVisible();
  const locate = page.getByRole("button", { name: "Use my location" });
  await waitUntilHydrated(locate);
  await locate.click();
  await expect(page).toHaveURL(/\/library\/map\?lat=51\.54&lon=-0\.1&radius=25$/);

  const map = page.getByRole("region", { name: "Map of books near you" });
  const markers = map.getByRole("button", { name: /books?, (about|under) .* away$/ });
  await expect(markers.first()).toBeVisible();
  // The recorded tiles drew (the Worker's /dev-tiles), with the provider's credit.
  await expect(map.locator("image").first()).toHaveAttribute("href", /^\/dev-tiles\/\d+\/\d+\/\d+\.png$/);
  await expect(page.getByText("The map's background could not be loaded")).toHaveCount(0);
  await expect(map.getByText("© OpenStreetMap contributors")).toBeVisible();
  await expectAccessible(page);

  // Keyboard: focus the nearest place and press Enter; its books are listed below, each a link to its page.
  const first = markers.first();
  await waitUntilHydrated(first);
  const name = (await first.getAttribute("aria-label")) ?? "";
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  const books = page.locator("#map-place-items").getByRole("link");
  await expect(books.first()).toHaveAttribute("href", /^\/books\//);
  // Nothing finer than the tile: no position with more than two decimals is on the page.
  expect(await page.locator("main").textContent()).not.toMatch(/-?\d+\.\d{3,}/);

  // Zooming keeps the markers on the map.
  await map.getByRole("button", { name: "Zoom out" }).click();
  await expect(markers.first()).toBeVisible();

  // Without tiles the places and rings stay, on a plain background.
  await page.route("**/dev-tiles/**", (route) => route.abort("aborted"));
  await page.reload();
  await expect(page.getByText("The map's background could not be loaded; the places and distances are still shown.")).toBeVisible();
  await expect(markers.first()).toBeVisible();
  await expect(map.locator("svg circle")).toHaveCount(5);
});
