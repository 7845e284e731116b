import type { Page } from "@playwright/test";
import { addBookByHand, expect, expectAccessible, type NewClient, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// An admin sets the club's book with two milestones; a second member (their
// own browser) sees it, marks their progress, finds the admin's copy and borrows it into the chat.

const CLUBS = { path: "/clubs", heading: "Book Clubs" };

/** The page does not scroll sideways (412 px phones included). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function journey(page: Page, newClient: NewClient) {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const admin = await signInAsNewMember(page, newMember("Ada Admin"), CLUBS);
  const title = `Middlemarch ${stamp}`;
  await addBookByHand(page, title, "George Eliot");

  // The admin creates an open club.
  await page.goto("/clubs");
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  const clubName = `Slow Readers ${stamp}`;
  await create.getByLabel("Club Name").fill(clubName);
  await create.getByLabel("Location").fill("Town Library");
  await create.getByRole("button", { name: "Create Club" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  const clubPath = new URL(page.url()).pathname;
  const readingNow = page.getByRole("region", { name: "Reading now" });
  await expect(readingNow.getByText("The club has not chosen a book yet.")).toBeVisible();

  // Sets the book, typed in another case and with its article, a finish date and two milestones.
  await readingNow.getByRole("link", { name: "Set the club's book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The club's book" })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  const byTitle = page.getByRole("region", { name: "Or enter a book" });
  await byTitle.getByLabel("Title").fill(`the ${title.toUpperCase()}`);
  await byTitle.getByLabel("Author").fill("George Éliot");
  await byTitle.getByLabel("Finish by").fill("2027-03-01");
  await byTitle.getByLabel("Milestone 1").fill("Chapters 1–8");
  await byTitle.getByLabel("By", { exact: true }).first().fill("2027-01-12");
  await byTitle.getByLabel("Milestone 2").fill("Chapters 9–14");
  await byTitle.getByRole("button", { name: "Set as current book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  await expect(readingNow.getByText(`the ${title.toUpperCase()}`)).toBeVisible();
  // In the reader's own way of writing days (the browser's language).
  await expect(readingNow.getByText(/^Finish by (1 Mar|Mar 1,) 2027$/)).toBeVisible();
  await expect(readingNow.getByText(/· by (12 Jan|Jan 12,) 2027/)).toBeVisible();

  // A second member, in their own browser, joins the club and sees the book and its schedule.
  const reader = await newClient("Rosa Reader", CLUBS);
  const r = reader.page;
  const size = page.viewportSize();
  if (size) await r.setViewportSize(size);
  await r.goto(clubPath);
  await expect(r.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  await r.getByRole("button", { name: "Request to Join" }).click();
  await expect(r.getByRole("button", { name: "Leave Club" })).toBeVisible();
  const theirReading = r.getByRole("region", { name: "Reading now" });
  await expect(theirReading.getByText(`the ${title.toUpperCase()}`)).toBeVisible();
  const milestones = theirReading.getByRole("list", { name: "Milestones" }).getByRole("listitem");
  await expect(milestones).toHaveCount(2);
  const first = milestones.filter({ hasText: "Chapters 1–8" });
  await expect(first.getByText("0 of 2 members")).toBeVisible();
  await expectAccessible(r);
  await expectNoSidewaysScroll(r);

  // Marks the first milestone, showing their name.
  await first.getByLabel("Show my name").check();
  await first.getByRole("button", { name: "Mark as read (Chapters 1–8)" }).click();
  await expect(first.getByText("1 of 2 members")).toBeVisible();
  await expect(first.getByText("Done: Rosa Reader")).toBeVisible();
  await expect(first.getByRole("button", { name: "Unmark (Chapters 1–8)" })).toBeVisible();

  // The admin's copy, matched by its normalised title and author, a member's copy, available.
  const copy = theirReading.getByRole("listitem").filter({ hasText: "A member's copy · Available" });
  await expect(copy.getByRole("link", { name: admin.name })).toBeVisible();
  await copy.getByRole("button", { name: `Borrow from ${admin.name}` }).click();
  await expect(r.getByRole("heading", { level: 2, name: admin.name })).toBeVisible();
  await expect(
    r.getByRole("log", { name: `Messages with ${admin.name}` }).getByText(`Hi! I'm interested in borrowing "${title}". Is it available?`),
  ).toBeVisible();

  // The admin's page counts the mark too.
  await page.reload();
  await expect(readingNow.getByRole("listitem").filter({ hasText: "Chapters 1–8" }).getByText("1 of 2 members")).toBeVisible();
}

test("at desktop size, an admin sets the club's book and schedule; a member marks progress and borrows a club member's copy", async ({ page, newClient }) => {
  await journey(page, newClient);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

  test("an admin sets the club's book and schedule; a member marks progress and borrows a club member's copy", async ({ page, newClient }) => {
    await journey(page, newClient);
  });
});
