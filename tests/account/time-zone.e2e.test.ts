import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// A reader in Lisbon, on a phone.
test.use({ timezoneId: "Europe/Lisbon", viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

test("a new member starts in the phone's zone and can pick any zone by typing a city", async ({ page }) => {
  await signInAsNewMember(page, newMember("Tomas Zone"), { path: "/profile", heading: "Profile" });
  const zone = page.getByRole("combobox", { name: "Timezone" });
  // Not UTC: the sign-in page told the server which zone this phone is in.
  await expect(zone).toHaveValue("Europe/Lisbon");

  // Every zone the browser knows is suggested, searchable by city.
  const suggestions = page.locator(`datalist#${await zone.getAttribute("list")} option`);
  await expect.poll(() => suggestions.count()).toBeGreaterThan(300);
  await expect(
    suggestions
      .filter({ hasText: "Kathmandu" })
      .or(suggestions.filter({ hasText: "Katmandu" }))
      .first(),
  ).toHaveCount(1);

  await zone.fill("Asia/Kathmandu");
  // The phone is elsewhere: one press puts it back.
  await expect(page.getByRole("button", { name: "Use this device's zone (Europe/Lisbon)" })).toBeVisible();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue("Asia/Kathmandu");
  await expectAccessible(page);

  // A zone that is not one is turned away with the field's own message, and nothing is lost.
  await page.getByRole("combobox", { name: "Timezone" }).fill("Mars/Olympus_Mons");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Please choose a timezone from the list")).toBeVisible();
  await page.getByRole("button", { name: "Use this device's zone (Europe/Lisbon)" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();

  // As the hint says: a city, typed as one says it, is taken for its zone.
  await expect(page.getByText("Type a city or region, e.g. Lisbon or New York.")).toBeVisible();
  await page.getByRole("combobox", { name: "Timezone" }).fill("new york");
  // The last save's message is still on screen: wait for this save's answer itself.
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/profile"));
  await page.getByRole("button", { name: "Save Changes" }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Timezone" })).toHaveValue("America/New_York");
});
