import { createMember, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test.describe("a member's profile and notification settings", () => {
  test("a picture the server turned away stops being reported once a real one is picked", async ({ page }) => {
    await signInAsNewMember(page, newMember("Pam Picture"), { path: "/profile", heading: "Profile" });
    // Named and typed as a PNG, so only the server, reading its bytes, can tell it is not one.
    await page.getByLabel("Profile Picture").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    await page.getByRole("button", { name: "Save Changes" }).click();
    const refused = page.getByText("Please select a valid image file (JPEG, PNG, or GIF)");
    await expect(refused).toBeVisible();
    await page.getByLabel("Profile Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1PX });
    await expect(refused).toHaveCount(0);
    await expect(page.getByLabel("Profile Picture")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("edits the bio, toggles a preference, and both survive a reload", async ({ page }) => {
    await signInAsNewMember(page, newMember("Lars Reader"), { path: "/profile", heading: "Profile" });
    await expectAccessible(page);

    // Instant feedback in the browser: nothing changed yet, and a non-image is turned away.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "No changes detected" })).toBeVisible();
    await page.getByLabel("Profile Picture").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a picture"),
    });
    await expect(page.getByText("Please select a valid image file (JPEG, PNG, or GIF)")).toBeVisible();

    const bio = `Reads on the tram, ${Date.now()}`;
    await page.getByLabel("Bio").fill(bio);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile updated successfully!" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Bio")).toHaveValue(bio);

    // A real PNG goes up with the form and becomes the picture.
    await page.getByLabel("Profile Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1PX });
    await page.getByRole("button", { name: "Save Changes" }).click();
    const saved = page.getByRole("status").filter({ hasText: "Profile updated successfully!" });
    await expect(saved).toContainText("Image uploaded successfully");
    await expect(page.locator('main img[src^="/media/avatars/"]')).toBeVisible();

    await page.getByRole("link", { name: "Notification settings" }).click();
    await expect(page.getByRole("heading", { name: "Email Notifications" })).toBeVisible();
    await expectAccessible(page);

    const clubNews = page.getByRole("switch", { name: "Club announcements: E-mail" });
    await expect(clubNews).toHaveAttribute("aria-checked", "true");
    await clubNews.click();
    await expect(clubNews).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Notification preferences saved").first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Club announcements: E-mail" })).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("switch", { name: "Club announcements: Bell" })).toHaveAttribute("aria-checked", "true");

    // The master switch disables the e-mail and push cells but keeps their values; the bell's stay.
    const master = page.getByRole("switch", { name: "Email notifications" });
    await master.focus();
    // The switch turns at once; the reload below must wait for the save itself, not for the switch.
    const masterSaved = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/settings/notifications"),
    );
    await page.keyboard.press("Space");
    await expect(master).toHaveAttribute("aria-checked", "false");
    expect((await masterSaved).ok()).toBe(true);
    await expect(page.getByRole("switch", { name: "Club announcements: E-mail" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Direct messages: Push" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("switch", { name: "Direct messages: Bell" })).toBeEnabled();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", "false");

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "View your public profile" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lars Reader" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit profile" })).toBeVisible();
    await expectAccessible(page);
  });

  test("another member's page shows their name, keeps their e-mail private, and starts a conversation", async ({ page, browser }) => {
    const wei = await createMember(browser, "Wei Neighbour");
    await signInAsNewMember(page, newMember("Lars Visitor"));
    const lookup = await page.request.get(`/api/users/query?email=${encodeURIComponent(wei.email)}`);
    expect(lookup.status()).toBe(200);
    const { data } = (await lookup.json()) as { data: { userId: string } };

    await page.goto(`/users/${data.userId}`);
    await expect(page.getByRole("heading", { name: "Wei Neighbour" })).toBeVisible();
    // They share no club or conversation and Wei has not opted in: the e-mail stays private.
    await expect(page.getByText(wei.email)).toHaveCount(0);
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Start Conversation" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Wei Neighbour" })).toBeVisible();
    await expect(page.getByText("No messages yet.")).toBeVisible();
  });
});
