import type { Page } from "@playwright/test";
import { expect, expectAccessible, type NewClient, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

const CLUBS = { path: "/clubs", heading: "Book Clubs" };

/** The page never scrolls sideways (412 px phones included). */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

/** Ranks the listed books 1, 2, … on the vote form (rank selects: no drag and drop) and casts the ballot. */
async function rank(page: Page, books: string[]) {
  for (const [index, book] of books.entries()) await page.getByLabel(`Rank for ${book}`).selectOption(String(index + 1));
  await page.getByRole("button", { name: "Cast my ballot" }).click();
  await expect(page.getByText("Your ballot is saved. You can change it until the poll closes.")).toBeVisible();
}

async function journey(page: Page, newClient: NewClient) {
  test.setTimeout(150_000);
  await signInAsNewMember(page, newMember("Ada Admin"), CLUBS);
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  const clubName = `Runoff Readers ${Date.now().toString(36)}`;
  await create.getByLabel("Club Name").fill(clubName);
  await create.getByLabel("Location", { exact: true }).fill("Leeds");
  await create.getByRole("button", { name: "Create Club" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  const clubPath = new URL(page.url()).pathname;
  const polls = page.getByRole("region", { name: "Polls" });
  await expect(polls.getByText("No polls yet.")).toBeVisible();

  // Two members join the open club, each in a browser of their own.
  const members = [await newClient("Mo Member", CLUBS), await newClient("Nia Member", CLUBS)];
  for (const member of members) {
    await member.page.goto(clubPath);
    await expect(member.page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
    await member.page.getByRole("button", { name: "Request to Join" }).click();
    await expect(member.page.getByRole("button", { name: "Leave Club" })).toBeVisible();
  }

  // The admin opens a book poll with three candidates, results hidden until close.
  await polls.getByRole("link", { name: "New poll" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Polls in ${clubName}` })).toBeVisible();
  await page.getByLabel("Question").fill("What do we read next?");
  // Candidates typed by title and author (the library and ISBNs are the other ways in).
  for (const [index, [title, author]] of [
    ["Dune", "Frank Herbert"],
    ["Emma", "Jane Austen"],
    ["Ubik", "Philip K. Dick"],
  ].entries()) {
    const candidate = page.getByRole("group", { name: `Candidate ${index + 1}` });
    await candidate.getByLabel("Title").fill(title!);
    await candidate.getByLabel("Author").fill(author!);
  }
  await page.getByLabel("Hide results until the poll closes").check();
  await expectAccessible(page);
  await expectNoSideways(page);
  await page.getByRole("button", { name: "Open poll" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What do we read next?" })).toBeVisible();
  await expect(page.getByText("Poll opened.")).toBeVisible();
  const pollPath = new URL(page.url()).pathname;

  // Each ranks on their own phone or desktop; nobody sees the count before the close.
  await rank(page, ["Emma by Jane Austen"]);
  await members[0]!.page.goto(pollPath);
  await expect(members[0]!.page.getByRole("heading", { level: 1, name: "What do we read next?" })).toBeVisible();
  await rank(members[0]!.page, ["Dune by Frank Herbert", "Emma by Jane Austen"]);
  await members[1]!.page.goto(pollPath);
  await expect(members[1]!.page.getByText("Results hidden until close")).toBeVisible();
  await expectAccessible(members[1]!.page);
  await expectNoSideways(members[1]!.page);
  await rank(members[1]!.page, ["Ubik by Philip K. Dick", "Emma by Jane Austen"]);
  await expect(members[1]!.page.getByRole("button", { name: "Change my ballot" })).toBeVisible();
  await expect(members[1]!.page.getByLabel("Rank for Ubik by Philip K. Dick")).toHaveValue("1");

  // The admin closes it and sees the rounds: a three-way tie, Ubik (listed last) out, Emma wins.
  await page.reload();
  await expect(page.getByText("3 ballots")).toBeVisible();
  await page.getByRole("button", { name: "Close poll now" }).click();
  await expect(page.getByText("Poll closed.")).toBeVisible();
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByRole("heading", { name: "Round 1" })).toBeVisible();
  await expect(results.getByRole("heading", { name: "Round 2" })).toBeVisible();
  await expect(results.getByText(/^Eliminated: Ubik by Philip K\. Dick/)).toBeVisible();
  await expect(results.getByText("Winner: Emma by Jane Austen")).toBeVisible();
  await expectAccessible(page);
  await expectNoSideways(page);

  // A member sees the same result; the club page lists the closed poll with its winner.
  await members[0]!.page.reload();
  await expect(members[0]!.page.getByText("Winner: Emma by Jane Austen")).toBeVisible();
  await page.getByRole("button", { name: "Make it the current book" }).click();
  await expect(page.getByText(`"Emma" is now the club's current book.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Polls" }).getByText("Result: Emma")).toBeVisible();
}

test.describe("a book poll run to its close", () => {
  test("at desktop size: an admin opens it, two members rank, the admin closes it and sees the rounds", async ({ page, newClient }) => {
    await journey(page, newClient);
  });
});

test.describe("a book poll on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
  test("at 412×915: the same journey, ranking with selects", async ({ page, newClient }) => {
    await journey(page, newClient);
  });
});
