import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { startRecordedGeocoder } from "../helpers/e2e/recorded-geocoder";
import { cityInState } from "./fixtures/nominatim";

test.use({ viewport: { width: 412, height: 915 } });

test("a member sets their area from their position, clears it, and sets it again by a town's name; nothing finer is shown", async ({ page, baseURL }) => {
  const geocoder = await startRecordedGeocoder(cityInState);
  try {
    await page.context().grantPermissions(["geolocation"], { origin: baseURL });
    // A position no other journey uses: the server caches place names by position for a week.
    await page.context().setGeolocation({ latitude: -37.066712, longitude: -12.311134 });
    await signInAsNewMember(page, newMember("Ari Area"), { path: "/profile", heading: "Profile" });
    const card = page.getByRole("region", { name: "My area" });
    await expect(card.getByText("never where you are")).toBeVisible();
    await expect(card.getByRole("status")).toHaveText("No area yet: your books are not near anyone.");

    await card.getByRole("button", { name: "Use my location" }).click();
    await expect(card.getByRole("status")).toHaveText("Your area: Austin, Texas");
    await expect(card.getByText("-37.07")).toHaveCount(0);
    await expectAccessible(page);

    await card.getByRole("button", { name: "Clear my area" }).click();
    await expect(card.getByRole("status")).toHaveText("No area yet: your books are not near anyone.");

    await card.getByLabel("Town or city").fill("Austin");
    await card.getByRole("button", { name: "Save my area" }).click();
    await expect(card.getByRole("status")).toHaveText("Your area: Austin");
    // Kept after a reload: it is the member's, on the server.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect(page.getByRole("region", { name: "My area" }).getByRole("status")).toHaveText("Your area: Austin");
    expect(geocoder.requests.map((request) => request.path)).toEqual(["/reverse", "/search"]);
  } finally {
    await geocoder.close();
  }
});
