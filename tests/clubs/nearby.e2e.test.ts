import { cityInState } from "../geo/fixtures/nominatim";
import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { startRecordedGeocoder } from "../helpers/e2e/recorded-geocoder";

// A spot no other journey uses (the Kerguelen Islands), so the nearest clubs are this journey's.
const DEVICE = { latitude: -49.353412, longitude: 70.218757 };
const CLUBS = { path: "/clubs", heading: "Book Clubs" };

test("a club placed with 'Use my location' comes first under Browse Clubs' Near me, with its rough distance", async ({ page, baseURL, newClient }) => {
  test.setTimeout(120_000);
  const geocoder = await startRecordedGeocoder(cityInState);
  try {
    await page.context().grantPermissions(["geolocation"], { origin: baseURL });
    await page.context().setGeolocation(DEVICE);
    await signInAsNewMember(page, newMember("Pia Placer"), CLUBS);
    await page.getByRole("button", { name: "Create Club" }).click();
    const create = page.getByRole("dialog", { name: "Create Book Club" });
    const clubName = `Far South Readers ${Date.now().toString(36)}`;
    await create.getByLabel("Club Name").fill(clubName);
    await create.getByRole("button", { name: "Use my location" }).click();
    await expect(create.getByLabel("Location")).toHaveValue("Austin, Texas");
    // Only the rounded position goes with the form.
    await expect(create.locator('input[name="latitude"]')).toHaveValue("-49.35");
    await expect(create.locator('input[name="longitude"]')).toHaveValue("70.22");
    await create.getByRole("button", { name: "Create Club" }).click();
    await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();

    // Another member, a few km away, sorts Browse Clubs by distance.
    const reader = await newClient();
    await reader.context.grantPermissions(["geolocation"], { origin: baseURL });
    await reader.context.setGeolocation({ latitude: DEVICE.latitude + 0.031, longitude: DEVICE.longitude });
    await signInAsNewMember(reader.page, newMember("Rex Reader"), { path: "/clubs/browse", heading: "Book Clubs" });
    await reader.page.getByRole("button", { name: "Near me" }).click();
    await expect(reader.page.getByText("Sorted by distance from about where you are.")).toBeVisible();
    expect(new URL(reader.page.url()).search).toBe("?lat=-49.32&lon=70.22");
    const first = reader.page.getByRole("listitem").first();
    await expect(first.getByRole("heading", { name: clubName })).toBeVisible();
    await expect(first.getByText("About 3 km away")).toBeVisible();
    await expectAccessible(reader.page);

    // The same place on the clubs' map: one marker for the tile, its clubs listed from the keyboard.
    await reader.page.getByRole("link", { name: "Show on a map" }).click();
    await expect(reader.page.getByRole("heading", { level: 1, name: "Clubs map" })).toBeVisible();
    const marker = reader.page.getByRole("button", { name: /^1 club, (about|under) .+ away$/ });
    await marker.focus();
    await reader.page.keyboard.press("Enter");
    await expect(reader.page.locator("#map-place-items").getByRole("heading", { name: clubName })).toBeVisible();
    await expectAccessible(reader.page);
    await reader.page.getByRole("link", { name: "Show as a list" }).click();
    await expect(reader.page.getByText("Sorted by distance from about where you are.")).toBeVisible();
    await reader.page.getByRole("link", { name: "Newest first" }).click();
    await expect(reader.page.getByRole("button", { name: "Near me" })).toBeVisible();
  } finally {
    await geocoder.close();
  }
});
