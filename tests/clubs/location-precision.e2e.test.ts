import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

/** Issue 34, item 3: the club form shows coordinates as others will see them, rounded to 0.01°. */
test("coordinates filled or typed into a club's location are rounded before they are shown or sent", async ({ page, baseURL }) => {
  await page.context().grantPermissions(["geolocation"], { origin: baseURL });
  await page.context().setGeolocation({ latitude: 38.722312, longitude: -9.139284 });
  await signInAsNewMember(page, newMember("Pia Precise"), { path: "/clubs", heading: "Book Clubs" });
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  const location = create.getByLabel("Location");
  await expect(location).toHaveAccessibleDescription(/Others see this place as written here; coordinates are rounded to about 1 km\./);
  await expectAccessible(page);

  // A maps answer with fine coordinates in it (as an older server's fallback gave) is shown rounded.
  await page.route("**/api/geo/reverse?*", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: true, data: { location: "38.7223, -9.1393" } }) }),
  );
  await create.getByRole("button", { name: "Use my location" }).click();
  await expect(location).toHaveValue("38.72, -9.14");

  // Typed coordinates are rounded on leaving the field...
  await location.fill("Near 51.50735, -0.12776");
  await location.press("Tab");
  await expect(location).toHaveValue("Near 51.51, -0.13");

  // ...and on a submit straight from the field.
  await create.getByLabel("Club Name").fill(`Precise Readers ${Date.now().toString(36)}`);
  await location.fill("38°43'20.3\"N 9°08'21.5\"W");
  const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/clubs"));
  await location.press("Enter");
  expect(new URLSearchParams((await sent).postData() ?? "").get("location")).toBe("38.72°N 9.14°W");
  await expect(page.getByText("38.72°N 9.14°W")).toBeVisible();
});
