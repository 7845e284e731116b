import type { Page } from "@playwright/test";
import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { keepScreenshot } from "../helpers/e2e/screenshots";

const CLUBS = { path: "/clubs", heading: "Book Clubs" };
/** Two evenings of next December: the slots the club chooses between. */
const YEAR = new Date().getUTCFullYear() + 1;
const SLOTS = [`${YEAR}-12-12`, `${YEAR}-12-13`];

/** The page never scrolls sideways (412 px phones included). */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Ticks the first `count` slots on the vote form and casts the ballot. */
async function vote(page: Page, pollPath: string, count: number) {
  await page.goto(pollPath);
  await expect(page.getByRole("heading", { level: 1, name: "When do we meet?" })).toBeVisible();
  const slots = page.getByRole("group", { name: "Tick every slot that works for you" }).getByRole("checkbox");
  for (let i = 0; i < count; i++) await slots.nth(i).check();
  await page.getByRole("button", { name: "Cast my ballot" }).click();
  await expect(page.getByText("Your ballot is saved. You can change it until the poll closes.")).toBeVisible();
}

test.describe("a club from a date poll to a scheduled meeting with milestones", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

  test("at 412×915: date and time fields, two members vote, the admin closes it, schedules the meeting in one step and adds milestones", async ({
    page,
    newClient,
  }, testInfo) => {
    test.setTimeout(150_000);
    await signInAsNewMember(page, newMember("Dana Admin"), CLUBS);
    await page.getByRole("button", { name: "Create Club" }).click();
    const create = page.getByRole("dialog", { name: "Create Book Club" });
    const clubName = `Evening Readers ${Date.now().toString(36)}`;
    await create.getByLabel("Club Name").fill(clubName);
    await create.getByLabel("Location", { exact: true }).fill("Bristol");
    await create.getByRole("button", { name: "Create Club" }).click();
    await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    const clubPath = new URL(page.url()).pathname;

    // Two members join the open club, each on a phone of their own.
    const members = [await newClient("Mo Member", CLUBS), await newClient("Nia Member", CLUBS)];
    for (const member of members) {
      await member.page.setViewportSize({ width: 412, height: 915 });
      await member.page.goto(clubPath);
      await expect(member.page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
      await member.page.getByRole("button", { name: "Request to Join" }).click();
      await expect(member.page.getByRole("button", { name: "Leave Club" })).toBeVisible();
    }

    // The admin opens a date poll with the phone's own date and time pickers, on the club's clock.
    await page.getByRole("region", { name: "Polls" }).getByRole("link", { name: "New poll" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Polls in ${clubName}` })).toBeVisible();
    await page.getByRole("link", { name: "Meeting date (tick every slot that works)" }).click();
    await expect(page.getByRole("link", { name: "Meeting date (tick every slot that works)" })).toHaveAttribute("aria-current", "true");
    await page.getByLabel("Question").fill("When do we meet?");
    for (const [index, day] of SLOTS.entries()) {
      const slot = page.getByRole("group", { name: `Slot ${index + 1}` });
      await expect(slot.getByLabel(`Slot ${index + 1}: date`)).toHaveAttribute("type", "date");
      await slot.getByLabel(`Slot ${index + 1}: date`).fill(day);
      await slot.getByLabel("Time").fill("19:00");
    }
    await expectAccessible(page);
    await expectNoSideways(page);
    await page.getByRole("button", { name: "Open poll" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "When do we meet?" })).toBeVisible();
    await expect(page.getByText("Poll opened.")).toBeVisible();
    const pollPath = new URL(page.url()).pathname;

    // Both members vote from their own browsers: the first evening suits both, the second only one.
    await vote(members[0]!.page, pollPath, 2);
    await vote(members[1]!.page, pollPath, 1);

    // The admin closes it and reads the result as a date, not a timestamp.
    await page.reload();
    await expect(page.getByText("2 ballots")).toBeVisible();
    await page.getByRole("button", { name: "Close poll now" }).click();
    await expect(page.getByText("Poll closed.")).toBeVisible();
    const winner = page.getByRole("region", { name: "Results" }).getByText(/^Winner: /);
    await expect(winner).toHaveText(new RegExp(`^Winner: (Dec 12, ${YEAR}|12 Dec ${YEAR}), (07:00 PM|19:00)$`));
    await expect(page.getByText(/T19:00:00\.000Z/)).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSideways(page);

    // One step: the winning evening becomes the club's meeting, shown on the club page.
    await page.getByRole("button", { name: "Schedule this meeting" }).click();
    await expect(page.getByText("Meeting scheduled.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    const meetings = page.getByRole("region", { name: "Upcoming meetings" });
    await expect(meetings.getByText(new RegExp(`(Dec 12, ${YEAR}|12 Dec ${YEAR})`))).toBeVisible();
    await expect(meetings.getByText(/Bristol/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Polls" }).getByText(new RegExp(`^Result: (Dec 12, ${YEAR}|12 Dec ${YEAR})`))).toBeVisible();

    // The club's book, typed, leads on to its schedule: milestones and a finish day.
    const readingNow = page.getByRole("region", { name: "Reading now" });
    await readingNow.getByRole("link", { name: "Set the club's book" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "The club's book" })).toBeVisible();
    const byTitle = page.getByRole("region", { name: "Or enter a book" });
    await byTitle.getByLabel("Title").fill("Middlemarch");
    await byTitle.getByLabel("Author").fill("George Eliot");
    await byTitle.getByRole("button", { name: "Set as current book" }).click();
    await expect(page.getByText("The club's book is set. Now add its milestones.")).toBeVisible();
    const schedule = page.getByRole("region", { name: "Schedule for Middlemarch" });
    await schedule.getByLabel("Finish by").fill(`${YEAR}-12-31`);
    await schedule.getByLabel("Milestone 1").fill("Chapters 1–8");
    await schedule.getByLabel("Milestone 2").fill("Chapters 9–14");
    await expectAccessible(page);
    await expectNoSideways(page);
    await schedule.getByRole("button", { name: "Save schedule" }).click();
    await expect(page.getByText("Schedule saved")).toBeVisible();

    // The club page: the book with its milestones and finish day, and the meeting.
    await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    const milestones = page.getByRole("region", { name: "Reading now" }).getByRole("list", { name: "Milestones" }).getByRole("listitem");
    await expect(milestones).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Reading now" }).getByText(/^Finish by /)).toBeVisible();
    await expect(page.getByRole("region", { name: "Upcoming meetings" }).getByText(/Bristol/)).toBeVisible();
    await expectAccessible(page);
    await expectNoSideways(page);
    // The pictures: the club page as a member of it sees it on a phone, without the notices of the steps before.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    await keepScreenshot(page, testInfo, "club-page-phone");
    await page.getByRole("heading", { level: 2, name: "Upcoming meetings" }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -80));
    await keepScreenshot(page, testInfo, "club-page-phone-meetings");
  });
});
