import { cityInState } from "../geo/fixtures/nominatim";
import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { startRecordedGeocoder } from "../helpers/e2e/recorded-geocoder";

// Austin, Texas: where the creator's device says it is; the recorded answer names the same city.
const DEVICE = { latitude: 30.267153, longitude: -97.743061 };
const CLUBS = { path: "/clubs", heading: "Book Clubs" };

test("a creator makes a private club with a detected location; a friend joins by code, a stranger is approved; the creator edits and deletes it", async ({
  page,
  baseURL,
  newClient,
}) => {
  test.setTimeout(150_000);
  const geocoder = await startRecordedGeocoder(cityInState);
  try {
    // Permission is granted up front, as a member who says yes; the page asks only when the button is pressed.
    await page.context().grantPermissions(["geolocation", "clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.context().setGeolocation(DEVICE);
    await signInAsNewMember(page, newMember("Cora Creator"), CLUBS);
    await expect(page.getByText("You have no clubs yet")).toBeVisible();
    await expectAccessible(page);

    // Create Book Club, with the location detected from the device.
    await page.getByRole("button", { name: "Create Club" }).click();
    const create = page.getByRole("dialog", { name: "Create Book Club" });
    await expect(create).toBeVisible();
    await expect(create.getByLabel("Club Name")).toBeFocused();
    await expectAccessible(page);
    await create.getByRole("button", { name: "Create Club" }).click();
    await expect(create.getByText("Club name is required")).toBeVisible();
    await expect(create.getByText("Location is required")).toBeVisible();

    const clubName = `Lamplight Readers ${Date.now().toString(36)}`;
    await create.getByLabel("Club Name").fill(clubName);
    await create.getByLabel("Description").fill("Slow novels, fast coffee.");
    await create.getByRole("button", { name: "Use my location" }).click();
    await expect(create.getByLabel("Location")).toHaveValue("Austin, Texas");
    const detected = create.getByText("Location detected successfully!");
    await expect(detected).toBeVisible();
    // The Worker asked the (recorded) geocoder for the town-level point only, and said who it is.
    expect(geocoder.requests).toHaveLength(1);
    expect(geocoder.requests[0]).toMatchObject({ path: "/reverse", params: { format: "jsonv2", lat: "30.27", lon: "-97.74", zoom: "10" } });
    expect(geocoder.requests[0]?.userAgent).toMatch(/^BookClub\/1\.0 \(\+http:\/\/localhost:\d+\)$/);
    await expect(detected).toBeHidden({ timeout: 5000 });

    await create.getByLabel("Private club").check();
    await create.getByLabel("Member limit").fill("10");
    await create.getByRole("button", { name: "Create Club" }).click();
    await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    await expect(page.getByText("Austin, Texas")).toBeVisible();
    await expect(page.getByText("1 member · limit 10")).toBeVisible();
    const creatorRow = page.getByRole("region", { name: /^Members/ }).getByRole("listitem");
    await expect(creatorRow).toHaveCount(1);
    await expect(creatorRow.getByText("Creator", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The invite panel: the creator copies the code to share it.
    const shownCode = (await page.getByRole("status", { name: "Current invite code" }).textContent())?.trim() ?? "";
    expect(shownCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Invite code copied")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shownCode);

    // A friend joins with the code, typed in lower case: the field shows it in upper case.
    const friend = await newClient("Farah Friend", CLUBS);
    await friend.page.getByRole("button", { name: "Join Club" }).click();
    const join = friend.page.getByRole("dialog", { name: "Join Book Club" });
    await expect(join.getByRole("button", { name: "Join Club" })).toBeDisabled();
    await join.getByLabel("Invite Code").fill(copied.toLowerCase());
    await expect(join.getByLabel("Invite Code")).toHaveValue(copied);
    await expectAccessible(friend.page);
    await join.getByRole("button", { name: "Join Club" }).click();
    await expect(friend.page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    await expect(friend.page.getByText("Joined club!")).toBeVisible();
    await expect(friend.page.getByRole("link", { name: friend.member.name })).toBeVisible();
    await expectAccessible(friend.page);

    // A stranger finds the club under Browse Clubs and asks to join.
    const stranger = await newClient("Sami Stranger", CLUBS);
    await stranger.page.getByRole("navigation", { name: "Club sections" }).getByRole("link", { name: "Browse Clubs" }).click();
    const search = stranger.page.getByPlaceholder("Search clubs by name, description, location…");
    await search.fill(clubName);
    const found = stranger.page.locator("main ul > li").filter({ has: stranger.page.getByRole("heading", { name: clubName }) });
    await expect(found).toHaveCount(1);
    await expect(found.getByText("Private", { exact: true })).toBeVisible();
    await expectAccessible(stranger.page);
    await found.getByRole("button", { name: "Request to Join" }).click();
    await expect(stranger.page.getByText("Request to join sent")).toBeVisible();
    await expect(found.getByRole("button", { name: "Requested" })).toBeDisabled();
    await stranger.page.goto("/clubs");
    await expect(stranger.page.getByRole("heading", { level: 1, name: "Book Clubs" })).toBeVisible();
    const pendingCard = stranger.page.locator("main ul > li").filter({ hasText: clubName });
    await expect(pendingCard.getByText("Pending", { exact: true })).toBeVisible();
    await expectAccessible(stranger.page);

    // The creator approves the request in Manage Join Requests.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    await page.getByRole("button", { name: "Manage Requests" }).click();
    const requests = page.getByRole("dialog", { name: "Manage Join Requests" });
    await expect(requests.getByRole("link", { name: stranger.member.name })).toBeVisible();
    await expectAccessible(page);
    await requests.getByRole("button", { name: `Approve ${stranger.member.name}` }).click();
    await expect(requests.getByText("No pending requests.")).toBeVisible();
    await requests.getByRole("link", { name: "Close" }).click();
    await expect(requests).toBeHidden();
    await expect(page.getByText("3 members · limit 10")).toBeVisible();

    await stranger.page.reload();
    await expect(pendingCard.getByText("Pending", { exact: true })).toBeHidden();
    await pendingCard.getByRole("link", { name: clubName }).click();
    await expect(stranger.page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();

    // The creator edits the club, then deletes it after the confirmation.
    await page.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Club" });
    await expect(edit.getByLabel("Club Name")).toHaveValue(clubName);
    await expect(edit.getByLabel("Location")).toHaveValue("Austin, Texas");
    await expect(edit.getByLabel("Private club")).toBeChecked();
    await expectAccessible(page);
    const renamed = `${clubName} (Evenings)`;
    await edit.getByLabel("Club Name").fill(renamed);
    await edit.getByLabel("Member limit").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText("3 members", { exact: true })).toBeVisible();

    page.once("dialog", (confirm) => {
      expect(confirm.message()).toBe(`Delete club "${renamed}"? This cannot be undone.`);
      void confirm.accept();
    });
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Book Clubs" })).toBeVisible();
    await expect(page.getByText("You have no clubs yet")).toBeVisible();
    await friend.page.goto("/clubs");
    await expect(friend.page.getByText("You have no clubs yet")).toBeVisible();
  } finally {
    await geocoder.close();
  }
});

test("Join Book Club works from the keyboard alone: focus stays inside, Escape closes it, focus returns to the opener", async ({ page }) => {
  await signInAsNewMember(page, newMember("Kai Keys"), CLUBS);
  const opener = page.getByRole("button", { name: "Join Club" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const join = page.getByRole("dialog", { name: "Join Book Club" });
  await expect(join).toBeVisible();
  const code = join.getByLabel("Invite Code");
  await expect(code).toBeFocused();
  await page.keyboard.type("abc");
  await expect(code).toHaveValue("ABC");

  // Forward and back through the dialog's controls: Tab never lands outside it.
  const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await inside()).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await inside()).toBe(true);
  }
  await expectAccessible(page);

  await page.keyboard.press("Escape");
  await expect(join).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).toHaveURL(/\/clubs$/);

  // Create Book Club closes the same way, back to its own opener.
  const create = page.getByRole("button", { name: "Create Club" });
  await create.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Create Book Club" }).getByLabel("Club Name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Create Book Club" })).toBeHidden();
  await expect(create).toBeFocused();
});

test("a dialog asked for by address opens as a modal once the page is interactive", async ({ page }) => {
  await signInAsNewMember(page, newMember("Ada Address"), CLUBS);
  await page.goto("/clubs?dialog=create");
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  await expect(create.getByRole("button", { name: "Use my location" })).toBeEnabled();
  expect(await create.evaluate((dialog) => dialog.matches(":modal"))).toBe(true);
  await expect(create.getByLabel("Club Name")).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(create).toBeHidden();
  await expect(page).toHaveURL(/\/clubs$/);
});

test("the openJoin navigation flag opens Join Book Club", async ({ page }) => {
  await signInAsNewMember(page, newMember("Nia Navigator"), CLUBS);
  // What <Link to="/clubs" state={{ openJoin: true }}> leaves in the history entry React Router reads.
  await page.evaluate(() => window.history.replaceState({ usr: { openJoin: true }, key: "openjoin", idx: 0 }, ""));
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Join Book Club" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Join Book Club" }).getByLabel("Invite Code")).toBeFocused();
});

test("'Use my location' says what went wrong, in the spec's words, and leaves the field to the member", async ({ page }) => {
  // No permission granted: the browser refuses, as when a member says no.
  await signInAsNewMember(page, newMember("Lea Locationless"), CLUBS);
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  const locate = create.getByRole("button", { name: "Use my location" });
  await locate.click();
  await expect(create.getByText("Location access denied. Please enter location manually.")).toBeVisible();
  await expect(create.getByLabel("Location")).toHaveValue("");
  await expectAccessible(page);

  // The other answers a device can give cannot be produced here, so the browser's own API answers them.
  await page.evaluate(() => {
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: (window as unknown as { nextGeoError: number }).nextGeoError } as GeolocationPositionError),
      },
    });
  });
  const answers: [number, string][] = [
    [2, "Location information unavailable. Please enter manually."],
    [3, "Location request timed out. Please try again or enter manually."],
    [9, "An error occurred while getting location. Please enter manually."],
  ];
  for (const [code, message] of answers) {
    await page.evaluate((value) => {
      (window as unknown as { nextGeoError: number }).nextGeoError = value;
    }, code);
    await locate.click();
    await expect(create.getByText(message)).toBeVisible();
  }

  // A position, but no place name from our Worker (here: the member's look-ups are used up).
  await page.evaluate(() => {
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 48.8566, longitude: 2.3522 } } as GeolocationPosition) },
    });
  });
  await page.route("**/api/geo/reverse?*", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ success: false, error: "Too many location look-ups. Please wait a minute and try again." }),
    }),
  );
  await locate.click();
  await expect(create.getByText("Could not get location details. Please enter manually.")).toBeVisible();
  await expect(create.getByLabel("Location")).toHaveValue("");

  // Without the API at all.
  await page.evaluate(() => {
    // The page checks `"geolocation" in navigator`, so the attribute itself must go.
    Reflect.deleteProperty(navigator, "geolocation");
    Reflect.deleteProperty(Navigator.prototype, "geolocation");
  });
  await locate.click();
  await expect(create.getByText("Geolocation is not supported by this browser")).toBeVisible();
});
