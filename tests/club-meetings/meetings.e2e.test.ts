import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, type NewClient, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { icsEvents } from "../helpers/ics-parser";

const CLUBS = { path: "/clubs", heading: "Book Clubs" };

/** Eight days ahead (UTC): a day in every zone's future, well inside the two-year limit. */
const meetingDay = () => new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** An admin makes an open club and schedules a meeting; a second member joins, answers Going and downloads the .ics. */
async function journey(page: Page, newClient: NewClient, phone: boolean) {
  test.setTimeout(120_000);
  await signInAsNewMember(page, newMember("Alma Admin"), CLUBS);
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  const clubName = `Lantern Readers ${Date.now().toString(36)}`;
  await create.getByLabel("Club Name").fill(clubName);
  await create.getByLabel("Location", { exact: true }).fill("Porto");
  await create.getByLabel("Timezone").fill("Europe/Lisbon");
  await create.getByRole("button", { name: "Create Club" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  const summary = page.getByRole("region", { name: "Upcoming meetings" });
  await expect(summary.getByText("No meetings are planned yet.")).toBeVisible();
  const clubPath = new URL(page.url()).pathname;

  await summary.getByRole("link", { name: "All meetings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${clubName}: meetings` })).toBeVisible();
  await page.getByText("Schedule a meeting").click();
  await expect(page.getByText("Date and time in the club's timezone, Europe/Lisbon.")).toBeVisible();
  await page.getByLabel("Date").fill(meetingDay());
  await page.getByLabel("Time").fill("19:30");
  await page.getByLabel("Place").fill("Livraria Lello, upstairs");
  await page.getByLabel("Note").fill("Bring chapter notes; snacks, too.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Schedule meeting" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Meeting scheduled." })).toBeVisible();
  await expect(page.getByText("Livraria Lello, upstairs")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // A second member, in a browser of their own, joins the open club and answers.
  const mo = await newClient("Mo Member", CLUBS);
  if (phone) await mo.page.setViewportSize({ width: 412, height: 915 });
  await mo.page.goto(clubPath);
  await expect(mo.page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  await mo.page.getByRole("button", { name: "Request to Join" }).click();
  await expect(mo.page.getByRole("button", { name: "Leave Club" })).toBeVisible();
  await mo.page.reload();
  await expect(mo.page.getByRole("region", { name: "Upcoming meetings" }).getByText("Livraria Lello, upstairs")).toBeVisible();
  await mo.page.getByRole("link", { name: "All meetings" }).click();
  await expect(mo.page.getByRole("heading", { level: 1, name: `${clubName}: meetings` })).toBeVisible();
  await mo.page.getByRole("button", { name: "Going", exact: true }).click();
  await expect(mo.page.getByRole("status").filter({ hasText: "Answer saved." })).toBeVisible();
  await expect(mo.page.getByRole("button", { name: "Going", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(mo.page.getByText("1 going · 0 maybe · 0 not going")).toBeVisible();
  await expectAccessible(mo.page);
  await expectNoSidewaysScroll(mo.page);

  const download = mo.page.waitForEvent("download");
  await mo.page.getByRole("link", { name: "Add to calendar (.ics)" }).click();
  const file = await (await download).path();
  const [event] = icsEvents(await readFile(file, "utf8"));
  expect(event).toMatchObject({ SUMMARY: `${clubName} meeting`, LOCATION: "Livraria Lello, upstairs", STATUS: "CONFIRMED", SEQUENCE: "0" });
  expect(event!.DESCRIPTION).toContain("Bring chapter notes; snacks, too.");

  // The admin sees who is coming.
  await page.reload();
  await expect(page.getByText("1 going · 0 maybe · 0 not going")).toBeVisible();
  await expect(page.getByText(mo.member.name)).toBeVisible();
}

test("meetings: an admin schedules, a member answers Going and downloads the .ics (desktop)", async ({ page, newClient }) => {
  await journey(page, newClient, false);
});

test.describe("phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
  test("meetings: an admin schedules, a member answers Going and downloads the .ics (412×915)", async ({ page, newClient }) => {
    await journey(page, newClient, true);
  });
});
