import { addBookByHand, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { keepScreenshot } from "../helpers/e2e/screenshots";

// On a phone, "Borrow from {owner}" is the book page's one borrow action: it
// records the request (the owner's Requests show it) and opens the chat with the spec's message;
// while the book is promised, everyone else sees one story: a Promised badge and the waitlist.
test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

  test("Borrow from {owner} asks for the book and opens the chat; while promised, a third member sees only the waitlist", async ({
    page,
    newClient,
  }, testInfo) => {
    test.setTimeout(120_000);
    const owner = await newClient("Oona Owner");
    const o = owner.page;
    await o.setViewportSize({ width: 412, height: 915 });
    const title = `Kindred ${Date.now().toString(36)}`;
    const bookPath = await addBookByHand(o, title, "Octavia E. Butler");

    // The borrower sees one borrow action, presses it, and lands in the chat with the spec's message.
    const borrower = await newClient("Bo Borrower");
    const b = borrower.page;
    await b.setViewportSize({ width: 412, height: 915 });
    await b.goto(bookPath);
    await expect(b.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(b.getByRole("button", { name: "Request to borrow" })).toHaveCount(0);
    await keepScreenshot(b, testInfo, "phone-book-page");
    await b.getByRole("button", { name: `Borrow from ${owner.member.name}` }).tap();
    await expect(b.getByRole("heading", { level: 2, name: owner.member.name })).toBeVisible();
    const log = b.getByRole("log", { name: `Messages with ${owner.member.name}` });
    await expect(log.getByText(`Hi! I'm interested in borrowing "${title}". Is it available?`)).toBeVisible();
    await keepScreenshot(b, testInfo, "phone-messages");

    // Back on the book page: the request's state and the way back to the chat, nothing to press twice.
    await b.goto(bookPath);
    await expect(b.getByText("You asked to borrow this book")).toBeVisible();
    await expect(b.getByRole("link", { name: "Open chat" })).toBeVisible();
    await expect(b.getByRole("button", { name: /^Borrow from / })).toHaveCount(0);
    await expectAccessible(b);

    // The owner finds the request on /loans Requests and accepts it.
    await o.goto("/loans?tab=requests");
    await expect(o.getByRole("heading", { level: 1, name: "Loans" })).toBeVisible();
    const request = o.getByRole("listitem").filter({ has: o.getByRole("heading", { name: title }) });
    await expect(request.getByRole("link", { name: borrower.member.name })).toBeVisible();
    await keepScreenshot(o, testInfo, "phone-loans");
    await request.getByRole("button", { name: "Accept" }).tap();
    await expect(o.getByText("No requests right now.")).toBeVisible();

    // A third member, on this phone, sees one story: Promised, and only the waitlist.
    await signInAsNewMember(page, newMember("Tia Third"), { path: "/library", heading: "Library" });
    await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
    await keepScreenshot(page, testInfo, "phone-library");
    await page.goto(bookPath);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Promised", { exact: true })).toBeVisible();
    await expect(page.getByText("Available", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Borrow from / })).toHaveCount(0);
    await page.getByRole("button", { name: "Join the waitlist" }).tap();
    await expect(page.getByText("You're number 1 on the waitlist")).toBeVisible();
    await expect(page.getByRole("button", { name: "Join the waitlist" })).toHaveCount(0);
    await expectAccessible(page);
  });
});
