import type { Page } from "@playwright/test";
import { addBookByHand, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

const CLUBS = { path: "/clubs", heading: "Book Clubs" };
const PHONE = { width: 412, height: 915 };

/** The row of /loans that shows the book titled `title`. */
const loanRow = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

test("an owner lends only to club members: a stranger sees why, a club member asks, the owner reads the record, hands the book over as good and takes it back worn; both see the two records", async ({
  page,
  newClient,
}) => {
  test.setTimeout(150_000);
  const owner = await signInAsNewMember(page, newMember("Lena Lender"));
  const title = `A Wizard of Earthsea ${Date.now().toString(36)}`;
  const bookPath = await addBookByHand(page, title, "Ursula K. Le Guin");

  // 1. The owner limits the book to the members of their clubs.
  await page.goto(`${bookPath}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: /Edit/ })).toBeVisible();
  const rule = page.getByRole("group", { name: "Who may ask to borrow this book" });
  await expect(rule.getByRole("radio", { name: "Use my default" })).toBeChecked();
  await rule.getByRole("radio", { name: "Members of my clubs" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Members of your clubs may ask to borrow it.")).toBeVisible();

  // The owner's club, and its invite code for a friend.
  await page.goto(CLUBS.path);
  await expect(page.getByRole("heading", { level: 1, name: CLUBS.heading })).toBeVisible();
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  const clubName = `Earthsea Circle ${Date.now().toString(36)}`;
  await create.getByLabel("Club Name").fill(clubName);
  await create.getByLabel("Location").fill("Lisbon");
  await create.getByRole("button", { name: "Create Club" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  const code = (await page.getByRole("status", { name: "Current invite code" }).textContent())?.trim() ?? "";
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);

  // 2. A stranger sees why they can't ask, instead of a borrow button.
  const stranger = await newClient("Sid Stranger");
  await stranger.page.setViewportSize(PHONE);
  await stranger.page.goto(bookPath);
  await expect(stranger.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(stranger.page.getByText(`${owner.name} lends this book to members of their clubs.`)).toBeVisible();
  await expect(stranger.page.getByRole("button", { name: /^Borrow from / })).toHaveCount(0);
  await expectAccessible(stranger.page);

  // A club member joins with the code and asks.
  const member = await newClient("Cleo Member", CLUBS);
  await member.page.setViewportSize(PHONE);
  await member.page.getByRole("button", { name: "Join Club" }).click();
  const join = member.page.getByRole("dialog", { name: "Join Book Club" });
  await join.getByLabel("Invite Code").fill(code);
  await join.getByRole("button", { name: "Join Club" }).click();
  await expect(member.page.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
  await member.page.goto(bookPath);
  await expect(member.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // The borrower sees the owner's record before asking.
  await expect(member.page.getByText("Has not lent a book yet")).toBeVisible();
  await member.page.getByRole("button", { name: `Borrow from ${owner.name}` }).click();
  await expect(member.page.getByRole("log", { name: `Messages with ${owner.name}` })).toBeVisible();

  // 3. The owner reads the requester's record on /loans and accepts.
  await page.goto("/loans?tab=requests");
  await expect(page.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
  const request = loanRow(page, title);
  const record = request.getByRole("paragraph").filter({ hasText: /^Track record: / });
  await expect(record).toContainText("New member, no loans yet");
  await expect(record).toContainText(`In your clubs: ${clubName}`);
  await expectAccessible(page);
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("No requests right now.")).toBeVisible();

  // The owner hands the book over as "good"; the return form then starts on the same condition.
  await page.getByRole("link", { name: /^Lent out/ }).click();
  const lent = loanRow(page, title);
  await lent.getByLabel("Condition at hand-over").selectOption({ label: "Good" });
  await expectAccessible(page);
  await lent.getByRole("button", { name: "Mark as handed over" }).click();
  await expect(lent.getByRole("button", { name: "Mark as returned" })).toBeVisible();
  await expect(lent.getByLabel("Condition at return")).toHaveValue("same");
  await expect(lent.getByLabel("Condition at return").locator("option:checked")).toHaveText("Same as at hand-over (Good)");
  await expect(lent.getByLabel("Note on the condition (optional)")).toHaveValue("");

  // It comes back worn, with a note.
  await lent.getByLabel("Condition at return").selectOption({ label: "Worn" });
  await lent.getByLabel("Note on the condition (optional)").fill("Spine creased, a coffee ring on the cover");
  await lent.getByRole("button", { name: "Mark as returned" }).click();
  await expect(page.getByText("Nothing lent out right now.")).toBeVisible();
  await page.getByRole("link", { name: "History" }).click();
  const history = loanRow(page, title).getByRole("region", { name: "Condition of the book" });
  await expect(history).toContainText("At hand-over");
  await expect(history).toContainText("Good");
  await expect(history).toContainText("At return");
  await expect(history).toContainText("Worn");
  await expect(history).toContainText("Spine creased, a coffee ring on the cover");

  // 4. The borrower sees both records side by side in their history.
  await member.page.goto("/loans?tab=history");
  await expect(member.page.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
  const theirs = loanRow(member.page, title).getByRole("region", { name: "Condition of the book" });
  await expect(theirs).toContainText("Good");
  await expect(theirs).toContainText("Worn");
  await expect(theirs).toContainText("Spine creased, a coffee ring on the cover");
  // Worn is not damaged, and the return was on time: the record says so.
  await expect(member.page.getByText("Returned damaged", { exact: false })).toHaveCount(0);
  await expectAccessible(member.page);
});
