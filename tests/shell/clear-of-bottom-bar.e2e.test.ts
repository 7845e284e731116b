import type { Locator, Page } from "@playwright/test";
import { expect, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// On a phone, "Profile updated successfully!" and the chat's "You can't message this
// member." appeared behind the fixed bottom bar. What a page says after a press must be seen.
test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

const bottomBar = (page: Page) => page.getByRole("navigation", { name: "Mobile" });

/** Where the bottom bar starts, in viewport pixels. */
async function barTop(page: Page): Promise<number> {
  const box = await bottomBar(page).boundingBox();
  if (!box) throw new Error("the bottom bar is not drawn");
  return box.y;
}

/** Scrolls as a reader would before pressing: the control just clear of the bottom bar, nothing to spare below it. */
async function scrollJustAboveBar(page: Page, control: Locator) {
  const top = await barTop(page);
  await control.evaluate((element, top) => window.scrollBy(0, element.getBoundingClientRect().bottom - (top - 4)), top);
}

async function expectClearOfBar(page: Page, message: Locator) {
  await expect(message).toBeVisible();
  // The page may scroll the message into view: wait until it has settled.
  await expect
    .poll(
      async () => {
        const box = await message.boundingBox();
        return box ? box.y + box.height <= (await barTop(page)) && box.y >= 0 : false;
      },
      { message: "the message ends above the bottom bar" },
    )
    .toBe(true);
}

test("on a phone, the profile's saved message is drawn above the bottom bar, not behind it", async ({ page }) => {
  await signInAsNewMember(page, newMember("Pia Phone"), { path: "/profile", heading: "Profile" });
  await page.getByLabel("Bio").fill("Reads on the night bus.");
  const save = page.getByRole("button", { name: "Save Changes" });
  await scrollJustAboveBar(page, save);
  await save.click();
  await expectClearOfBar(page, page.getByRole("status").filter({ hasText: "Profile updated successfully!" }));
});

test("on a phone, the chat's refusal is drawn above the bottom bar, not behind it", async ({ page, newClient }) => {
  await signInAsNewMember(page, newMember("Pia Phone"));
  const me = (await (await page.request.get("/api/users/me")).json()).data as { userId: string };
  const blocker = await newClient("Bo Blocker");
  const other = (await (await blocker.page.request.get("/api/users/me")).json()).data as { userId: string };
  const started = await page.request.post("/api/dm/conversations", { data: { toUserId: other.userId } });
  const { conversationId } = (await started.json()).data as { conversationId: string };
  expect((await blocker.page.request.put(`/api/dm/blocks/${me.userId}`)).ok()).toBe(true);

  await page.goto(`/messages/${conversationId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Bo Blocker" })).toBeVisible();
  const box = page.getByRole("textbox", { name: "Message Bo Blocker" });
  await scrollJustAboveBar(page, box);
  await box.fill("Are you there?");
  await box.press("Enter");
  await expectClearOfBar(page, page.getByRole("alert").filter({ hasText: "You can't message this member." }));
});

test("on a phone, a toast is drawn clear of the bottom bar", async ({ page }) => {
  await signInAsNewMember(page, newMember("Pia Phone"), { path: "/settings/notifications", heading: "Email Notifications" });
  await page.getByRole("switch", { name: "Club announcements: E-mail" }).click();
  await expectClearOfBar(page, page.locator("[data-toast]").filter({ hasText: "Notification preferences saved" }));
});
