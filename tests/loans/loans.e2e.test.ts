import type { Page } from "@playwright/test";
import { addBookByHand, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

/** A calendar day `days` from today in UTC (new members' timezone), as YYYY-MM-DD. */
function dayFromToday(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What the app shows for a due date more than a day away ("Due 7 Dec", with the year when it differs). */
function dueText(day: string) {
  const sameYear = day.slice(0, 4) === dayFromToday(0).slice(0, 4);
  // The browser reads en-US (Playwright's default locale), and pages write dates in the reader's English.
  const format = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", ...(sameYear ? {} : { year: "numeric" }), timeZone: "UTC" });
  return `Due ${format.format(Date.parse(`${day}T00:00:00Z`))}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A member presses the book page's one borrow action ("Borrow from {owner}"), which records the
 * request and lands them in the chat; back on the book page, the request shows.
 */
async function borrowFromBookPage(page: Page, bookPath: string, title: string, ownerName: string) {
  await page.goto(bookPath);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: `Borrow from ${ownerName}` }).click();
  await expect(
    page.getByRole("log", { name: `Messages with ${ownerName}` }).getByText(`Hi! I'm interested in borrowing "${title}". Is it available?`),
  ).toBeVisible();
  await page.goto(bookPath);
  await expect(page.getByText("You asked to borrow this book")).toBeVisible();
}

/** The row of /loans that shows the book titled `title`. */
const loanRow = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

test("a loan from request to return: accepted with a due date, seen by the borrower, handed over, returned, and offered to the waitlist", async ({
  page,
  newClient,
}) => {
  // Three members in three browsers and a dozen page loads: longer than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  const borrower = await newClient("Bea Borrower");
  const waiter = await newClient("Cy Waiting");
  // The owner lists a book by hand.
  const owner = await signInAsNewMember(page, newMember("Olga Owner"));
  const title = `The Left Hand of Darkness ${Date.now().toString(36)}`;
  const bookPath = await addBookByHand(page, title, "Ursula K. Le Guin");
  // Owners are not offered their own book.
  await expect(page.getByRole("button", { name: /^Borrow from / })).toHaveCount(0);

  // B asks to borrow it from the book page: the one borrow action records the request and opens the chat.
  const b = borrower.page;
  await borrowFromBookPage(b, bookPath, title, owner.name);
  await expect(b.getByRole("button", { name: "Cancel request" })).toBeVisible();
  await expectAccessible(b);

  // The owner sees the request on the book page and reviews it on /loans, accepting with a chosen due date.
  await page.reload();
  await page.getByRole("link", { name: "1 request — review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Requests 1", exact: true })).toHaveAttribute("aria-current", "page");
  const request = loanRow(page, title);
  await expect(request.getByRole("link", { name: borrower.member.name })).toBeVisible();
  const dueDate = dayFromToday(12);
  await request.getByLabel("Due date").fill(dueDate);
  await expectAccessible(page);
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("No requests right now.")).toBeVisible();

  // B is told by the bell; the notification opens B's Borrowed tab, which shows the due date.
  await b.goto("/library");
  await expect(b.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  await b
    .getByRole("banner")
    .getByRole("link", { name: /^Notifications, \d+ unread$/ })
    .click();
  await expect(b.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const accepted = b.getByRole("button", { name: new RegExp(`^Unread: ${owner.name} accepted your request for "${escapeRegExp(title)}"`) });
  await expect(accepted).toBeVisible();
  await accepted.click();
  await expect(b.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
  await expect(b.getByRole("link", { name: "Borrowed", exact: true })).toHaveAttribute("aria-current", "page");
  const borrowed = loanRow(b, title);
  await expect(borrowed.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(borrowed.getByText(dueText(dueDate), { exact: true })).toBeVisible();
  await expect(borrowed.getByRole("button", { name: "Cancel" })).toBeVisible();

  // The owner hands the book over.
  await page.getByRole("link", { name: "Lent out" }).click();
  const lent = loanRow(page, title);
  await lent.getByRole("button", { name: "Mark as handed over" }).click();
  await expect(lent.getByRole("button", { name: "Mark as returned" })).toBeVisible();
  await expect(lent.getByText("Lent", { exact: true })).toBeVisible();

  // B now has it: the book page says so, with the due date; /loans offers renewal and the chat.
  await b.goto(bookPath);
  await expect(b.getByText(`Lent to you — ${dueText(dueDate)}`)).toBeVisible();
  await b.goto("/loans?tab=borrowed");
  await expect(loanRow(b, title).getByRole("link", { name: `Message ${owner.name}` })).toBeVisible();
  await expect(loanRow(b, title).getByRole("button", { name: "Ask to renew" })).toBeVisible();

  // C, meanwhile, joins the waitlist.
  const c = waiter.page;
  await c.goto(bookPath);
  await expect(c.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(c.getByText(dueText(dueDate), { exact: true })).toBeVisible();
  await c.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(c.getByText("You're number 1 on the waitlist")).toBeVisible();
  await expect(c.getByRole("button", { name: "Leave the waitlist" })).toBeVisible();

  // The owner marks it returned; it leaves Lent out.
  await lent.getByRole("button", { name: "Mark as returned" }).click();
  await expect(page.getByText("Nothing lent out right now.")).toBeVisible();
  await page.getByRole("link", { name: "History" }).click();
  await expect(loanRow(page, title).getByText("Returned", { exact: true })).toBeVisible();

  // C is offered the book.
  await c.reload();
  await expect(c.getByText(/^It's your turn! This book is offered to you until /)).toBeVisible();
  await expect(c.getByRole("button", { name: `Borrow from ${owner.name}` })).toBeVisible();
  await expectAccessible(c);
});

test("an owner who was asked to lend a book opens Loans on Requests, which says how many wait", async ({ page, newClient }) => {
  test.setTimeout(90_000);
  const borrower = await newClient("Rhea Requester");
  const owner = await signInAsNewMember(page, newMember("Otto Owner"));
  const title = `Piranesi ${Date.now().toString(36)}`;
  const bookPath = await addBookByHand(page, title, "Susanna Clarke");

  await borrowFromBookPage(borrower.page, bookPath, title, owner.name);

  // The owner opens Loans from the navigation, not from the request's own link.
  await page.goto("/loans");
  await expect(page.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
  const requests = page.getByRole("link", { name: "Requests 1", exact: true });
  await expect(requests).toHaveAttribute("aria-current", "page");
  await expect(loanRow(page, title).getByRole("button", { name: "Accept" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lent out", exact: true })).toBeVisible();
  await expectAccessible(page);

  // Answered, nothing waits there any more; the promised book waits on Lent out to be handed over.
  await loanRow(page, title).getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("No requests right now.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Requests", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Lent out 1", exact: true })).toBeVisible();
});

test("a member someone marked a book as lent to says they don't have it, and the loan ends", async ({ page, newClient }) => {
  test.setTimeout(90_000);
  const named = await newClient("Nia Named");
  await signInAsNewMember(page, newMember("Lenny Lender"));
  const title = `Circe ${Date.now().toString(36)}`;
  const bookPath = await addBookByHand(page, title, "Madeline Miller");
  // The owner marks it lent to the member by hand: Edit Book's "Lent to", found by e-mail.
  await page.goto(`${bookPath}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Book" })).toBeVisible();
  await page.getByLabel("Status").selectOption("borrowed");
  await page.getByLabel("Borrower's e-mail").fill(named.member.email);
  await page.getByRole("button", { name: /^Select / }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Book updated")).toBeVisible();
  await expect(page.getByText("Lent to Nia Named")).toBeVisible();

  const n = named.page;
  await n.goto("/loans?tab=borrowed");
  const row = loanRow(n, title);
  await expect(row.getByText("Lenny Lender recorded this loan. If you don't have the book, say so and it ends.")).toBeVisible();
  await expectAccessible(n);
  await row.getByRole("button", { name: "I don't have this book" }).click();
  await expect(n.getByText("You're not borrowing anything right now.")).toBeVisible();

  // The owner is told, and the book is available again.
  await page.goto(bookPath);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Lent to Nia Named")).toHaveCount(0);
  await page.goto("/notifications");
  await expect(page.getByRole("button", { name: new RegExp(`^Unread: Nia Named says they don't have "${escapeRegExp(title)}"`) })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test("every Loans tab shows whole, its count included, without scrolling the row", async ({ page, newClient }) => {
    test.setTimeout(90_000);
    const borrower = await newClient("Pia Phone");
    const owner = await signInAsNewMember(page, newMember("Omar Owner"));
    const title = `Circe ${Date.now().toString(36)}`;
    const bookPath = await addBookByHand(page, title, "Madeline Miller");
    await borrowFromBookPage(borrower.page, bookPath, title, owner.name);

    await page.goto("/loans");
    await expect(page.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Loan sections" });
    for (const name of ["Lent out", "Borrowed", "Requests 1", "History"]) {
      const box = (await tabs.getByRole("link", { name, exact: true }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(412);
    }
    expect(await tabs.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
  });
});
