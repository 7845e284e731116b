import type { Page } from "@playwright/test";
import { addBookByHand, expect, expectAccessible, newMember, signInAsNewMember, test, waitUntilHydrated } from "../helpers/e2e/fixtures";
import { startRecordedGeocoder } from "../helpers/e2e/recorded-geocoder";
import { cityInState } from "./fixtures/nominatim";

test.use({ viewport: { width: 412, height: 915 } });

// Positions no other journey uses, in the Southern Ocean: A and B about 3 km apart, C about 556 km north.
const A = { latitude: -54.0, longitude: 100.0 };
const B = { latitude: -54.0, longitude: 100.04 };
const C = { latitude: -49.0, longitude: 100.0 };

/** Sets the member's area from the browser's position on /profile, as a member does. */
async function setAreaHere(page: Page, baseURL: string | undefined, position: { latitude: number; longitude: number }) {
  await page.context().grantPermissions(["geolocation"], { origin: baseURL });
  await page.context().setGeolocation(position);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  const card = page.getByRole("region", { name: "My area" });
  await card.getByRole("button", { name: "Use my location" }).click();
  await expect(card.getByRole("status")).toHaveText("Your area: Austin, Texas");
}

const cardTitles = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 }).allInnerTexts();

test("the library puts the nearest books first with a distance, a radius leaves the far ones out, the map shows the neighbour's place with their book, Newest is remembered, and a wanted book listed nearby rings the bell", async ({
  page,
  baseURL,
  newClient,
}) => {
  // Three members, a map, a want and the job it starts: a long journey.
  test.slow();
  const geocoder = await startRecordedGeocoder(cityInState);
  try {
    const far = await newClient("Cai Faraway");
    await setAreaHere(far.page, baseURL, C);
    await addBookByHand(far.page, "Far Shore Stories", "Cai Faraway");
    // C's other book: the one A will want.
    const wantedTitle = "Lanterns of the Southern Ocean";
    const farCopy = await addBookByHand(far.page, wantedTitle, "Cai Faraway");
    const close = await newClient("Bea Nearby");
    await setAreaHere(close.page, baseURL, B);
    await addBookByHand(close.page, "Harbour Lights Nearby", "Bea Nearby");

    await signInAsNewMember(page, newMember("Ana Local"));
    await setAreaHere(page, baseURL, A);
    await page.goto("/library");
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
    await expect(page.getByText("Sorted by distance from your area.")).toBeVisible();
    const nearCard = page.getByRole("listitem").filter({ hasText: "Harbour Lights Nearby" });
    await expect(nearCard.getByText("about 3 km")).toBeVisible();
    const titles = await cardTitles(page);
    expect(titles[0]).toBe("Harbour Lights Nearby");
    expect(titles.indexOf("Far Shore Stories")).toBeGreaterThan(0);
    await expect(page.getByRole("listitem").filter({ hasText: "Far Shore Stories" }).getByText("about 550 km")).toBeVisible();
    await expectAccessible(page);

    // Within 10 km, C's book is gone and B's stays (the filters' code comes just after the page's).
    await waitUntilHydrated(page.getByLabel("Within"));
    await page.getByLabel("Within").selectOption({ label: "10 km" });
    await expect(page.getByRole("listitem").filter({ hasText: "Far Shore Stories" })).toHaveCount(0);
    await expect(nearCard).toBeVisible();
    expect(new URL(page.url()).searchParams.get("radius")).toBe("10");

    // The map: B's place is one marker (never B's own point), and it lists B's book.
    await page.getByRole("link", { name: "Map", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Library map" })).toBeVisible();
    const map = page.getByRole("region", { name: "Map of books near you" });
    const marker = map.getByRole("button", { name: /^1 book, (about|under) .* away$/ }).first();
    await expect(marker).toBeVisible();
    await waitUntilHydrated(marker);
    await marker.click();
    await expect(page.locator("#map-place-items").getByRole("link", { name: /Harbour Lights Nearby/ })).toBeVisible();
    await page.goto("/library");
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();

    // Newest first is remembered for the next visit.
    await page.getByRole("link", { name: "Newest" }).click();
    await expect(page.getByText("Sorted by distance from your area.")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "true");
    await page.goto("/library");
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("Sorted by distance from your area.")).toHaveCount(0);

    // A wants C's other book, far away, from its page.
    await page.goto(farCopy);
    await expect(page.getByRole("heading", { level: 1, name: wantedTitle })).toBeVisible();
    await page.getByRole("button", { name: "Want this book" }).click();
    await expect(page.getByText("On your wanted list")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove from your wanted list" })).toBeVisible();
    await expectAccessible(page);

    // B lists a copy of it, 3 km from A: the job the listing starts rings A's bell (reloaded as a person would look again).
    await addBookByHand(close.page, wantedTitle, "Cai Faraway");
    const notice = page.getByRole("button", { name: new RegExp(`^Unread: "${wantedTitle}" is available near you`) });
    await expect(async () => {
      await page.goto("/notifications");
      await expect(notice).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(notice).toContainText("Bea Nearby's copy, about 3 km away");

    // And A's library shows B's copy first, under "Wanted, near you".
    await page.goto("/library");
    const wanted = page.getByRole("region", { name: "Wanted, near you" });
    await expect(wanted).toBeVisible();
    const wantedCard = wanted.getByRole("listitem").filter({ hasText: wantedTitle });
    await expect(wantedCard.getByText("You want this")).toBeVisible();
    await expect(wantedCard.getByText("about 3 km")).toBeVisible();
    await expect(wantedCard.getByText("Owner: Bea Nearby")).toBeVisible();
    await expectAccessible(page);
  } finally {
    await geocoder.close();
  }
});
