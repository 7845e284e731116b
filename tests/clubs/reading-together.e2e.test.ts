import type { Page } from "@playwright/test";
import { addBookByHand, expect, expectAccessible, type NewClient, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

// A club that reads together, end to end, by two people in their own browsers.
// The admin creates a club and a second member joins; the admin sets the book with milestones; the
// member borrows the admin's copy; the admin schedules a meeting and the member answers Going; a book
// poll is ranked by both and closed with its rounds; both talk live in the club room, where the member
// who has not reached a milestone sees its messages folded until they choose to show them.
// Every step goes through the pages a person uses (no database writes), so the features meet for real.

const CLUBS = { path: "/clubs", heading: "Book Clubs" };
/** Live means without a reload: within 2 s of the other member's action. */
const LIVE_MS = 2_000;
/** Eight days ahead (UTC): a day in every zone's future, well inside the meetings' two-year limit. */
const meetingDay = () => new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Opens the club page and waits for its heading. */
async function openClub(page: Page, clubPath: string, clubName: string) {
  await page.goto(clubPath);
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
}

/** Ranks the listed books 1, 2, … on the vote form and casts the ballot. */
async function rank(page: Page, books: string[]) {
  for (const [index, book] of books.entries()) await page.getByLabel(`Rank for ${book}`).selectOption(String(index + 1));
  await page.getByRole("button", { name: "Cast my ballot" }).click();
  await expect(page.getByText("Your ballot is saved. You can change it until the poll closes.")).toBeVisible();
}

async function journey(page: Page, newClient: NewClient, viewport?: { width: number; height: number }) {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const title = `Middlemarch ${stamp}`;

  // The admin, a new member, owns a copy of the book the club will read.
  const admin = await signInAsNewMember(page, newMember("Ada Admin"), CLUBS);
  await addBookByHand(page, title, "George Eliot");

  // The admin creates an open club.
  await page.goto("/clubs");
  await expect(page.getByRole("heading", { level: 1, name: "Book Clubs" })).toBeVisible();
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  const clubName = `Reading Together ${stamp}`;
  await create.getByLabel("Club Name").fill(clubName);
  await create.getByLabel("Location", { exact: true }).fill("Town Library");
  await create.getByRole("button", { name: "Create Club" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  const clubPath = new URL(page.url()).pathname;

  // A second member, in their own browser (a phone too when this run is the phone's), joins it.
  const { page: m } = await newClient("Rosa Reader", CLUBS);
  if (viewport) await m.setViewportSize(viewport);
  await openClub(m, clubPath, clubName);
  await m.getByRole("button", { name: "Request to Join" }).click();
  await expect(m.getByRole("button", { name: "Leave Club" })).toBeVisible();

  // The admin sets the current book with two milestones on the club's reading page.
  await page.reload();
  const readingNow = page.getByRole("region", { name: "Reading now" });
  await readingNow.getByRole("link", { name: "Set the club's book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The club's book" })).toBeVisible();
  const byTitle = page.getByRole("region", { name: "Or enter a book" });
  await byTitle.getByLabel("Title").fill(title);
  await byTitle.getByLabel("Author").fill("George Eliot");
  await byTitle.getByLabel("Milestone 1").fill("Chapters 1–8");
  await byTitle.getByLabel("Milestone 2").fill("Chapters 9–14");
  await byTitle.getByRole("button", { name: "Set as current book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  await expect(readingNow.getByText(title)).toBeVisible();

  // The member sees it, marks the first milestone (not the second), and asks to borrow the admin's copy.
  await m.reload();
  const theirReading = m.getByRole("region", { name: "Reading now" });
  await expect(theirReading.getByText(title)).toBeVisible();
  const first = theirReading.getByRole("list", { name: "Milestones" }).getByRole("listitem").filter({ hasText: "Chapters 1–8" });
  await first.getByRole("button", { name: "Mark as read (Chapters 1–8)" }).click();
  await expect(first.getByText("1 of 2 members")).toBeVisible();
  const copy = theirReading.getByRole("listitem").filter({ hasText: "A member's copy · Available" });
  await copy.getByRole("button", { name: `Borrow from ${admin.name}` }).click();
  await expect(m.getByRole("heading", { level: 2, name: admin.name })).toBeVisible();
  await expect(
    m.getByRole("log", { name: `Messages with ${admin.name}` }).getByText(`Hi! I'm interested in borrowing "${title}". Is it available?`),
  ).toBeVisible();

  // The admin schedules a meeting.
  await openClub(page, clubPath, clubName);
  await page.getByRole("region", { name: "Upcoming meetings" }).getByRole("link", { name: "All meetings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${clubName}: meetings` })).toBeVisible();
  await page.getByText("Schedule a meeting").click();
  await page.getByLabel("Date").fill(meetingDay());
  await page.getByLabel("Time").fill("19:30");
  await page.getByLabel("Place").fill("Town Library, reading room");
  await page.getByRole("button", { name: "Schedule meeting" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Meeting scheduled." })).toBeVisible();

  // The member finds it on the club page and answers Going.
  await openClub(m, clubPath, clubName);
  const upcoming = m.getByRole("region", { name: "Upcoming meetings" });
  await expect(upcoming.getByText("Town Library, reading room")).toBeVisible();
  await upcoming.getByRole("link", { name: "All meetings" }).click();
  await expect(m.getByRole("heading", { level: 1, name: `${clubName}: meetings` })).toBeVisible();
  await m.getByRole("button", { name: "Going", exact: true }).click();
  await expect(m.getByRole("status").filter({ hasText: "Answer saved." })).toBeVisible();
  await expect(m.getByText("1 going · 0 maybe · 0 not going")).toBeVisible();
  await expectNoSidewaysScroll(m);

  // The admin opens a book poll; both rank. Round 1 drops Dune (no votes), round 2 breaks the
  // Emma–Ubik tie by the listed order (Ubik, listed last, goes), round 3 gives Emma both ballots.
  await openClub(page, clubPath, clubName);
  await page.getByRole("region", { name: "Polls" }).getByRole("link", { name: "New poll" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Polls in ${clubName}` })).toBeVisible();
  await page.getByLabel("Question").fill("What do we read next?");
  for (const [index, [title, author]] of [
    ["Dune", "Frank Herbert"],
    ["Emma", "Jane Austen"],
    ["Ubik", "Philip K. Dick"],
  ].entries()) {
    const candidate = page.getByRole("group", { name: `Candidate ${index + 1}` });
    await candidate.getByLabel("Title").fill(title!);
    await candidate.getByLabel("Author").fill(author!);
  }
  await page.getByRole("button", { name: "Open poll" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What do we read next?" })).toBeVisible();
  const pollPath = new URL(page.url()).pathname;
  await rank(page, ["Emma by Jane Austen", "Ubik by Philip K. Dick"]);
  await m.goto(pollPath);
  await expect(m.getByRole("heading", { level: 1, name: "What do we read next?" })).toBeVisible();
  await rank(m, ["Ubik by Philip K. Dick", "Emma by Jane Austen"]);
  await page.reload();
  await expect(page.getByText("2 ballots")).toBeVisible();
  await page.getByRole("button", { name: "Close poll now" }).click();
  await expect(page.getByText("Poll closed.")).toBeVisible();
  const results = page.getByRole("region", { name: "Results" });
  for (const round of ["Round 1", "Round 2", "Round 3"]) await expect(results.getByRole("heading", { name: round })).toBeVisible();
  await expect(results.getByText(/^Eliminated: Dune by Frank Herbert/)).toBeVisible();
  await expect(results.getByText(/^Eliminated: Ubik by Philip K\. Dick/)).toBeVisible();
  await expect(results.getByText("Winner: Emma by Jane Austen")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Both open the club room from the club page and talk live.
  for (const p of [m, page]) {
    await openClub(p, clubPath, clubName);
    await p.getByRole("link", { name: "Club room" }).click();
    await expect(p.getByRole("heading", { level: 1, name: "Club room" })).toBeVisible();
  }
  const aLog = page.getByRole("log", { name: `Messages in ${clubName}` });
  const aBox = page.getByRole("textbox", { name: `Message ${clubName}` });
  const mLog = m.getByRole("log", { name: `Messages in ${clubName}` });
  const mBox = m.getByRole("textbox", { name: `Message ${clubName}` });
  await aBox.fill("Welcome, everyone!");
  await aBox.press("Enter");
  await expect(mLog.getByText("Welcome, everyone!")).toBeVisible({ timeout: LIVE_MS });
  await mBox.fill("Glad to be here.");
  await mBox.press("Enter");
  await expect(aLog.getByText("Glad to be here.")).toBeVisible({ timeout: LIVE_MS });

  // The admin writes in the thread of the milestone the member has not reached: it reaches them folded.
  await page.getByLabel("Thread").selectOption({ label: "Chapters 9–14" });
  await aBox.fill("Dorothea marries Casaubon!");
  await aBox.press("Enter");
  await expect(aLog.getByText("Dorothea marries Casaubon!")).toBeVisible();
  const fold = mLog.getByRole("button", { name: /^Spoilers for Chapters 9–14: show/ });
  await expect(fold).toBeVisible({ timeout: LIVE_MS });
  await expect(mLog.getByText("Dorothea marries Casaubon!")).toHaveCount(0);
  await expectAccessible(m);
  await fold.click();
  await expect(mLog.getByText("Dorothea marries Casaubon!")).toBeVisible();
  for (const p of [page, m]) await expectNoSidewaysScroll(p);
}

for (const size of [
  { name: "desktop", use: {}, viewport: undefined },
  { name: "phone 412×915", use: { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true }, viewport: { width: 412, height: 915 } },
]) {
  test.describe(`reading together (${size.name})`, () => {
    test.use(size.use);

    test("an admin and a member read together: book and milestones, a borrowed copy, a meeting, a book poll and the club room's spoiler fold", async ({
      page,
      newClient,
    }) => {
      await journey(page, newClient, size.viewport);
    });
  });
}
