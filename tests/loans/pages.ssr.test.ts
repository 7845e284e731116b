import { addDays, dayIn } from "@worker/core/shared/calendar";
import { books, loans } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { page, postForm } from "../helpers/pages";
import { lendingScene, loanRow, type Member, requestLoanAs, setTimezone, stepOk } from "./support";

/** The rendered row (<li>) of the book titled `title` on /loans, or "" when it is not listed. */
function row(html: string, title: string) {
  const at = html.indexOf(`>${title}</a></h2>`);
  if (at < 0) return "";
  return html.slice(html.lastIndexOf("<li", at), html.indexOf("</li>", at));
}

/** The text of every submit button (React may split a label around an expression with comment markers). */
const buttons = (html: string) => [...html.matchAll(/<button type="submit"[^>]*>(.*?)<\/button>/g)].map((m) => m[1]!.replace(/<!-- -->/g, ""));

/** The opening tag of the control named `name` in `html`. */
const control = (html: string, name: string) => html.match(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`))?.[0] ?? "";

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];

/** The part of the book page that lends it (the "Borrowing" section), or "" when there is none. */
function panel(html: string) {
  const at = html.indexOf('aria-label="Borrowing"');
  if (at < 0) return "";
  return html.slice(at, html.indexOf("</section>", at));
}

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

/** A lent loan (accepted and handed over through the API) of a fresh book of the scene's owner. */
async function lentLoan(scene: Awaited<ReturnType<typeof lendingScene>>, dueDate?: string) {
  const loan = await requestLoanAs(scene.borrower, scene.book.id);
  await stepOk(loan.loanId, "accept", scene.owner, dueDate ? { dueDate } : {});
  await stepOk(loan.loanId, "lent", scene.owner);
  return loan.loanId;
}

describe("visitors", () => {
  it("are sent to sign in from /loans, and from the loan forms back to where they were", async () => {
    for (const path of ["/loans", "/loans?tab=history"]) {
      const response = await call(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const owner = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Visitor Bait" });
    const request = await postForm(`/books/${book.id}`, { intent: "request" }, "");
    expect(request.status).toBe(302);
    expect(request.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/books/${book.id}`)}`);
    expect(await db.select().from(loans).where(eq(loans.bookId, book.id))).toEqual([]);

    // The page itself shows visitors the one borrow action, a link to sign in and back.
    const { html } = await page(`/books/${book.id}`);
    expect(buttons(panel(html))).toEqual([]);
    expect(text(panel(html))).toMatch(new RegExp(`<a[^>]*href="/login\\?redirectTo=[^"]+"[^>]*>Borrow from ${owner.user.name}</a>`));
    expect(text(html).match(/Borrow from /g)).toHaveLength(1);
  });
});

describe("/loans", () => {
  it("lists each tab from the viewer's side, with the steps that side can take", async () => {
    const scene = await lendingScene({ title: "Lent Book" });
    const today = dayIn("UTC");
    await lentLoan(scene, addDays(today, 10));
    const incoming = await requestLoanAs(scene.stranger, (await createBook(scene.owner.user.id, { title: "Asked Of Me" })).id);
    const outgoing = await requestLoanAs(scene.owner, (await createBook(scene.borrower.user.id, { title: "Asked By Me" })).id);
    const declined = await requestLoanAs(scene.borrower, (await createBook(scene.owner.user.id, { title: "Turned Down" })).id);
    await stepOk(declined.loanId, "decline", scene.owner);

    // A request waits for the owner's answer, so plain /loans opens on Requests, whose forms post back to it.
    const opened = (await page("/loans", scene.owner.cookie)).html;
    expect(text(opened)).toMatch(/<a[^>]*aria-current="page"[^>]*>Requests <span[^>]*>1<\/span><\/a>/);
    expect(row(opened, "Asked Of Me")).toContain('action="/loans?tab=requests"');
    const lent = (await page("/loans?tab=lent", scene.owner.cookie)).html;
    expect(lent).toMatch(/<h1[^>]*>Loans<\/h1>/);
    expect(lent).toMatch(/<a[^>]*aria-current="page"[^>]*>Lent out<\/a>/);
    for (const tab of ["Borrowed", "History"]) expect(lent).toMatch(new RegExp(`<a [^>]*href="/loans\\?tab=\\w+"[^>]*>${tab}</a>`));
    // The tab that needs the member says how many, in its name.
    expect(text(lent)).toMatch(/<a [^>]*href="\/loans\?tab=requests"[^>]*>Requests <span[^>]*>1<\/span><\/a>/);
    const lentRow = row(lent, "Lent Book");
    expect(lentRow).toContain(`href="/books/${scene.book.id}"`);
    expect(lentRow).toContain(`href="/users/${scene.borrower.user.id}"`);
    expect(text(lentRow)).toContain("Borrower: ");
    expect(lentRow).toContain(">Lent<");
    expect(lentRow).toContain(
      `>Due ${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(Date.parse(`${addDays(today, 10)}T00:00:00Z`))}`,
    );
    expect(buttons(lentRow)).toEqual(["Mark as returned", "Change due date"]);
    expect(attr(control(lentRow, "dueDate"), "value")).toBe(addDays(today, 10));
    expect(row(lent, "Asked Of Me")).toBe("");

    const requests = (await page("/loans?tab=requests", scene.owner.cookie)).html;
    expect(text(requests)).toMatch(/<a[^>]*aria-current="page"[^>]*>Requests <span[^>]*>1<\/span><\/a>/);
    const mine = row(requests, "Asked Of Me");
    expect(buttons(mine)).toEqual(["Accept", "Decline"]);
    const date = control(mine, "dueDate");
    expect(attr(date, "value")).toBe(addDays(today, 21));
    expect(attr(date, "min")).toBe(today);
    expect(mine).toContain(`value="${incoming.loanId}"`);
    // A plain post comes back to the tab it was sent from.
    expect(mine).toContain('action="/loans?tab=requests"');
    expect(buttons(row(requests, "Asked By Me"))).toEqual(["Cancel request"]);
    expect(text(row(requests, "Asked By Me"))).toContain("Owner: ");
    expect(row(requests, "Lent Book")).toBe("");

    const history = (await page("/loans?tab=history", scene.owner.cookie)).html;
    const past = row(history, "Turned Down");
    expect(past).toContain(">Declined<");
    expect(text(past)).toMatch(/Requested \d{1,2} \w{3} \d{4} · Declined \d{1,2} \w{3} \d{4}/);
    expect(buttons(past)).toEqual([]);

    // The borrower's side of the same loans.
    const borrowed = (await page("/loans?tab=borrowed", scene.borrower.cookie)).html;
    const borrowedRow = row(borrowed, "Lent Book");
    expect(buttons(borrowedRow)).toEqual(["Ask to renew"]);
    expect(borrowedRow).toMatch(/<a[^>]*href="\/messages\/[0-9a-f-]{36}"[^>]*>Message (<!-- -->)?Olive Owner<\/a>/);
    expect(row((await page("/loans?tab=requests", scene.borrower.cookie)).html, "Asked By Me")).toContain(`href="/users/${scene.owner.user.id}"`);
    expect(row((await page("/loans?tab=lent", scene.borrower.cookie)).html, "Lent Book")).toBe("");

    // Outgoing, the owner is a borrower: Requests shows Cancel request; nothing is borrowed yet.
    expect((await page("/loans?tab=borrowed", scene.owner.cookie)).html).toContain("You&#x27;re not borrowing anything right now.");
    expect(outgoing.role).toBe("borrower");
  });

  it("shows each tab's empty state, and a bad tab or cursor falls back to the first page of Lent out", async () => {
    const member = await signedInMember();
    const expected: Record<string, string> = {
      lent: "Nothing lent out right now.",
      borrowed: "You&#x27;re not borrowing anything right now.",
      requests: "No requests right now.",
      history: "No past loans yet.",
    };
    for (const [tab, empty] of Object.entries(expected)) expect((await page(`/loans?tab=${tab}`, member.cookie)).html).toContain(empty);
    // Nothing needs them: plain /loans opens on Lent out, as before.
    expect((await page("/loans", member.cookie)).html).toMatch(/<a[^>]*aria-current="page"[^>]*>Lent out<\/a>/);
    for (const path of ["/loans?tab=everything", "/loans?tab=lent&before=nonsense"]) {
      const { status, html } = await page(path, member.cookie);
      expect(status).toBe(200);
      expect(html).toContain("Nothing lent out right now.");
    }
  });

  it("opens plain /loans where a member's loans are when nothing waits for them: Borrowed for one who only borrows", async () => {
    const scene = await lendingScene({ title: "Borrowed Not Due" });
    const asker = await signedInMember({ name: "Asa Asker" });
    await lentLoan(scene, addDays(dayIn("UTC", Date.now()), 14));
    await requestLoanAs(asker, (await createBook(scene.owner.user.id, { title: "Only Asked" })).id);
    const current = (html: string) => {
      const tabs = html.slice(html.indexOf('aria-label="Loan sections"'), html.indexOf("</nav>", html.indexOf('aria-label="Loan sections"')));
      return text(tabs)
        .match(/<a[^>]*aria-current="page"[^>]*>([^<]*)</)?.[1]
        ?.trim();
    };
    // Holding a book not yet due, and asking for one: nothing needs them, and their loans are on Borrowed.
    expect(current((await page("/loans", scene.borrower.cookie)).html)).toBe("Borrowed");
    expect(current((await page("/loans", asker.cookie)).html)).toBe("Borrowed");
    // The owner's book is out, so they land on Lent out (the request waiting for them comes first).
    expect(current((await page("/loans", scene.owner.cookie)).html)).toBe("Requests");
    expect(current((await page("/loans?tab=lent", scene.owner.cookie)).html)).toBe("Lent out");
  });

  it("pages with an Older link", async () => {
    const owner = await signedInMember();
    const borrower = await signedInMember();
    const at = Date.now();
    for (let i = 0; i < 21; i++) {
      const book = await createBook(owner.user.id, { title: `Old Loan ${String(i).padStart(2, "0")}` });
      await db
        .insert(loans)
        .values({ id: crypto.randomUUID(), bookId: book.id, ownerId: owner.user.id, borrowerId: borrower.user.id, state: "returned", updatedAt: at - i });
    }
    const first = (await page("/loans?tab=history", owner.cookie)).html;
    const older = first.match(/<a[^>]*href="(\/loans\?tab=history&amp;before=[^"]+)"[^>]*>Older<\/a>/);
    expect(older).not.toBeNull();
    expect(row(first, "Old Loan 00")).not.toBe("");
    expect(row(first, "Old Loan 20")).toBe("");
    const second = (await page(older![1]!.replace(/&amp;/g, "&"), owner.cookie)).html;
    expect(row(second, "Old Loan 20")).not.toBe("");
    expect(row(second, "Old Loan 00")).toBe("");
    expect(second).not.toContain(">Older<");
    expect(second).toMatch(/<a[^>]*href="\/loans\?tab=history"[^>]*>Newest<\/a>/);
  });

  it("takes each step by a plain form post, and shows a refusal on the loan's own row", async () => {
    const scene = await lendingScene({ title: "Form Book" });
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    const today = dayIn("UTC");

    // A due date in the past is refused, on the row, with the service's words.
    const past = await postForm("/loans?tab=requests", { intent: "accept", loanId: loan.loanId, dueDate: addDays(today, -1) }, scene.owner.cookie);
    expect(past.status).toBe(400);
    const refused = row(await past.text(), "Form Book");
    expect(refused).toMatch(/role="alert"[^>]*>The due date can(&#x27;|')t be in the past\.</);
    expect((await loanRow(loan.loanId)).state).toBe("requested");

    // Someone else's loan: 404, and nothing changes. (The forms post to their tab's address.)
    const stranger = await postForm("/loans?tab=lent", { intent: "decline", loanId: loan.loanId }, scene.stranger.cookie);
    expect(stranger.status).toBe(404);
    expect((await loanRow(loan.loanId)).state).toBe("requested");
    // The borrower may not accept their own request.
    expect((await postForm("/loans?tab=lent", { intent: "accept", loanId: loan.loanId }, scene.borrower.cookie)).status).toBe(403);
    // A forged intent.
    expect((await postForm("/loans?tab=lent", { intent: "steal", loanId: loan.loanId }, scene.owner.cookie)).status).toBe(400);

    const dueDate = addDays(today, 30);
    const accepted = await postForm("/loans?tab=requests", { intent: "accept", loanId: loan.loanId, dueDate }, scene.owner.cookie);
    expect(accepted.status).toBe(200);
    expect(await loanRow(loan.loanId)).toMatchObject({ state: "accepted", dueDate });
    // The page answers with the tab as it now is: the request has moved to Lent out.
    const after = await accepted.text();
    expect(row(after, "Form Book")).toBe("");
    expect(after).toContain("No requests right now.");
    expect(buttons(row((await page("/loans?tab=lent", scene.owner.cookie)).html, "Form Book"))).toEqual(["Mark as handed over", "Cancel"]);
    expect(buttons(row((await page("/loans?tab=borrowed", scene.borrower.cookie)).html, "Form Book"))).toEqual(["Cancel"]);

    expect((await postForm("/loans?tab=lent", { intent: "handed-over", loanId: loan.loanId }, scene.owner.cookie)).status).toBe(200);
    expect((await loanRow(loan.loanId)).state).toBe("lent");
    const [book] = await db.select().from(books).where(eq(books.id, scene.book.id));
    expect(book).toMatchObject({ status: "borrowed", lentToUserId: scene.borrower.user.id });

    // Ask to renew: once asked, the button says so and is disabled; the owner sees the notice.
    expect((await postForm("/loans?tab=lent", { intent: "renew", loanId: loan.loanId }, scene.borrower.cookie)).status).toBe(200);
    const asked = row((await page("/loans?tab=borrowed", scene.borrower.cookie)).html, "Form Book");
    expect(asked).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Renewal requested<\/button>/);
    expect(buttons(asked)).toEqual([]);
    expect(text(row((await page("/loans?tab=lent", scene.owner.cookie)).html, "Form Book"))).toContain(
      "Renewal requested: Bea Borrower asked to keep it longer.",
    );

    const later = addDays(today, 40);
    expect((await postForm("/loans?tab=lent", { intent: "due-date", loanId: loan.loanId, dueDate: later }, scene.owner.cookie)).status).toBe(200);
    expect(await loanRow(loan.loanId)).toMatchObject({ dueDate: later, renewalRequestedAt: null });
    const emptied = await postForm("/loans?tab=lent", { intent: "due-date", loanId: loan.loanId, dueDate: "" }, scene.owner.cookie);
    expect(emptied.status).toBe(400);
    expect(row(await emptied.text(), "Form Book")).toContain("Please choose a due date.");

    expect((await postForm("/loans?tab=lent", { intent: "returned", loanId: loan.loanId }, scene.owner.cookie)).status).toBe(200);
    expect((await loanRow(loan.loanId)).state).toBe("returned");
    const history = row((await page("/loans?tab=history", scene.borrower.cookie)).html, "Form Book");
    expect(history).toContain(">Returned<");
    expect(text(history)).toMatch(/ · was due \d{1,2} \w{3} \d{4}/);
  });

  it("accepts with the default 21 days when the date box is emptied", async () => {
    const scene = await lendingScene();
    await setTimezone(scene.owner, "Asia/Tokyo");
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    expect((await postForm("/loans?tab=lent", { intent: "accept", loanId: loan.loanId, dueDate: "" }, scene.owner.cookie)).status).toBe(200);
    expect((await loanRow(loan.loanId)).dueDate).toBe(addDays(dayIn("Asia/Tokyo"), 21));
  });
});

describe("the book page's lending panel", () => {
  it("offers Borrow from {owner} to a member, not to the owner, and follows the request", async () => {
    const scene = await lendingScene({ title: "Panel Book" });
    const path = `/books/${scene.book.id}`;
    const before = (await page(path, scene.borrower.cookie)).html;
    // One borrow action, so the choice is clear: no second "Request to borrow" beside it.
    expect(buttons(panel(before))).toEqual(["Borrow from Olive Owner"]);
    expect(buttons(before).filter((b) => /borrow/i.test(b))).toEqual(["Borrow from Olive Owner"]);
    expect(panel((await page(path, scene.owner.cookie)).html)).toBe("");

    const asked = await postForm(path, { intent: "request" }, scene.borrower.cookie);
    expect(asked.status).toBe(200);
    const mine = panel(await asked.text());
    expect(mine).toContain("You asked to borrow this book");
    expect(buttons(mine)).toEqual(["Cancel request"]);

    // Asking twice: refused inline with the service's words.
    const again = await postForm(path, { intent: "request" }, scene.borrower.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/role="alert"[^>]*>You have already asked to borrow this book\.</);

    // The owner is told how many requests wait, with a link to review them.
    const owners = panel((await page(path, scene.owner.cookie)).html);
    expect(text(owners)).toMatch(/<a [^>]*href="\/loans\?tab=requests"[^>]*>1 request — review<\/a>/);
    expect(buttons(owners)).toEqual([]);
    // ...and may not ask for their own book.
    const own = await postForm(path, { intent: "request" }, scene.owner.cookie);
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("This is your own book.");

    const cancelled = await postForm(path, { intent: "cancel", loanId: (await requestIds(scene.book.id))[0]! }, scene.borrower.cookie);
    expect(cancelled.status).toBe(200);
    expect(buttons(panel(await cancelled.text()))).toEqual(["Borrow from Olive Owner"]);
  });

  it("shows an accepted and a lent loan to its borrower with the due date", async () => {
    const scene = await lendingScene({ title: "Due Book" });
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    const dueDate = addDays(dayIn("UTC"), 5);
    await stepOk(loan.loanId, "accept", scene.owner, { dueDate });
    const label = `Due ${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(Date.parse(`${dueDate}T00:00:00Z`))}`;
    const accepted = text(panel((await page(`/books/${scene.book.id}`, scene.borrower.cookie)).html));
    expect(accepted).toContain(`Olive Owner accepted your request — <span>${label}</span>`);
    await stepOk(loan.loanId, "lent", scene.owner);
    const lent = text(panel((await page(`/books/${scene.book.id}`, scene.borrower.cookie)).html));
    expect(lent).toContain(`Lent to you — <span>${label}</span>`);
    expect(buttons(lent)).toEqual([]);
  });

  it("queues others on the waitlist while the book is lent, shows their place, and offers it to the first on return", async () => {
    const scene = await lendingScene({ title: "Queue Book" });
    const path = `/books/${scene.book.id}`;
    const loanId = await lentLoan(scene);
    const second = await signedInMember({ name: "Second Reader" });

    expect(buttons(panel((await page(path, scene.stranger.cookie)).html))).toEqual(["Join the waitlist"]);
    const joined = await postForm(path, { intent: "join-waitlist" }, scene.stranger.cookie);
    expect(joined.status).toBe(200);
    const first = text(panel(await joined.text()));
    expect(first).toContain("You're number 1 on the waitlist");
    expect(buttons(first)).toEqual(["Leave the waitlist"]);
    expect((await postForm(path, { intent: "join-waitlist" }, second.cookie)).status).toBe(200);
    expect(text(panel((await page(path, second.cookie)).html))).toContain("You're number 2 on the waitlist");
    // Joining twice is refused inline.
    const twice = await postForm(path, { intent: "join-waitlist" }, second.cookie);
    expect(twice.status).toBe(409);
    expect(text(await twice.text())).toContain("You're already on the waitlist for this book.");

    // The first leaves and comes back: now second in line.
    expect((await postForm(path, { intent: "leave-waitlist" }, scene.stranger.cookie)).status).toBe(200);
    expect(text(panel((await page(path, second.cookie)).html))).toContain("You're number 1 on the waitlist");
    expect((await postForm(path, { intent: "join-waitlist" }, scene.stranger.cookie)).status).toBe(200);
    expect(text(panel((await page(path, scene.stranger.cookie)).html))).toContain("You're number 2 on the waitlist");

    await stepOk(loanId, "returned", scene.owner);
    const offered = text(panel((await page(path, second.cookie)).html));
    expect(offered).toMatch(/It's your turn! This book is offered to you until \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
    expect(buttons(offered)).toEqual(["Borrow from Olive Owner", "Leave the waitlist"]);
    // Everyone else waits: the book is being offered.
    expect(buttons(panel((await page(path, scene.borrower.cookie)).html))).toEqual(["Join the waitlist"]);

    // Requesting claims the offer.
    expect((await postForm(path, { intent: "request" }, second.cookie)).status).toBe(200);
    expect(text(panel((await page(path, second.cookie)).html))).toContain("You asked to borrow this book");
  });
});

describe("due labels in the viewer's timezone, with the clock fixed", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("show on the library card and the book page as the viewer's today makes them", async () => {
    const scene = await lendingScene({ title: "Clockwork Book" });
    const tokyo = await signedInMember({ name: "Tokyo Reader", timezone: "Asia/Tokyo" });
    const loanId = await lentLoan(scene);
    const overdueBook = await createBook(scene.owner.user.id, { title: "Overdue Book" });
    const overdue = await requestLoanAs(scene.borrower, overdueBook.id);
    await stepOk(overdue.loanId, "accept", scene.owner, {});
    await stepOk(overdue.loanId, "lent", scene.owner);
    // 20:00 UTC on 10 March 2026 is already 05:00 on 11 March in Tokyo.
    await db.update(loans).set({ dueDate: "2026-03-11" }).where(eq(loans.id, loanId));
    await db.update(loans).set({ dueDate: "2026-03-07" }).where(eq(loans.id, overdue.loanId));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T20:00:00Z"));

    const dueNote = (html: string, title: string) => {
      const at = html.indexOf(`>${title}</a></h2>`);
      const card = html.slice(at, html.indexOf("</li>", at));
      return card.match(/<span class="ms-2 text-xs[^"]*">([^<]+)<\/span>/)?.[0] ?? null;
    };
    // The search's highlight (<mark>) is not what this looks at.
    const library = async (viewer: Member | null) => (await page("/library?search=book", viewer?.cookie)).html.replace(/<\/?mark>/g, "");
    for (const [viewer, soon, late] of [
      [null, "Due tomorrow", "Overdue 3 days"],
      [scene.stranger, "Due tomorrow", "Overdue 3 days"],
      [tokyo, "Due today", "Overdue 4 days"],
    ] as const) {
      const html = await library(viewer);
      expect(dueNote(html, "Clockwork Book")).toBe(`<span class="ms-2 text-xs text-stone-700">${soon}</span>`);
      expect(dueNote(html, "Overdue Book")).toBe(`<span class="ms-2 text-xs font-semibold text-red-800">${late}</span>`);
      const detail = (await page(`/books/${scene.book.id}`, viewer?.cookie)).html;
      expect(detail).toContain(`<span class="ms-2 text-xs text-stone-700">${soon}</span>`);
      expect(detail).toContain(">Lent to Bea Borrower<");
    }
    // A book lent without a due date, or not lent, has no label.
    const plain = await createBook(scene.owner.user.id, { title: "Plain Book" });
    expect(dueNote(await library(scene.stranger), "Plain Book")).toBeNull();
    expect((await page(`/books/${plain.id}`, scene.stranger.cookie)).html).not.toContain('class="ms-2 text-xs');

    // The borrower's own view on /loans uses the same today.
    await setTimezone(scene.borrower, "Asia/Tokyo");
    expect(row((await page("/loans?tab=borrowed", scene.borrower.cookie)).html, "Clockwork Book")).toContain(">Due today<");
  });
});

async function requestIds(bookId: string) {
  const rows = await db.select({ id: loans.id }).from(loans).where(eq(loans.bookId, bookId));
  return rows.map((r) => r.id);
}

describe("track records on the pages", () => {
  it("shows the owner the requester's record on /loans, and the borrower the owner's on the request and the book page", async () => {
    const scene = await lendingScene({ title: "Recorded Request" });
    const returned = await lentLoan(scene);
    await stepOk(returned, "returned", scene.owner);
    const again = await createBook(scene.owner.user.id, { title: "Asked Again" });
    await requestLoanAs(scene.borrower, again.id);

    const owners = text((await page("/loans?tab=requests", scene.owner.cookie)).html);
    const asked = row(owners, "Asked Again");
    expect(asked).toContain("1 loan completed · 1 of 1 on time · Member since");
    const borrowers = text((await page("/loans?tab=requests", scene.borrower.cookie)).html);
    expect(row(borrowers, "Asked Again")).toContain("Lent 1 book and had it back · Usually answers within an hour");

    const bookPage = text((await page(`/books/${again.id}`, scene.stranger.cookie)).html);
    // The name in its own direction (a bdi), as any member-written text in a sentence.
    expect(panel(bookPage)).toContain("<bdi>Olive Owner</bdi> as a lender");
    expect(panel(bookPage)).toContain("Lent 1 book and had it back");
    expect(panel(text((await page(`/books/${again.id}`, scene.owner.cookie)).html))).not.toContain("as a lender");
  });
});
