import { env } from "cloudflare:workers";
import { dayIn } from "@worker/core/shared/calendar";
import { books, loans } from "@worker/db/schema";
import type { BookLoanPanel, LoanView } from "@worker/features/loans";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { lendingScene, loanInState, requestLoanAs, stepOk } from "./support";

type Page = { items: LoanView[]; nextToken: string | null };
const tab = (member: Parameters<typeof api>[1], name: string, before?: string) =>
  api<Page>(`/loans?tab=${name}${before ? `&before=${encodeURIComponent(before)}` : ""}`, member);

describe("GET /api/loans", () => {
  it("sorts loans into Lent out, Borrowed, Requests (both ways) and History, each from the viewer's side", async () => {
    const scene = await lendingScene();
    const lentOut = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(lentOut.loanId, "accept", scene.owner, {});
    await stepOk(lentOut.loanId, "lent", scene.owner);
    const incoming = await requestLoanAs(scene.stranger, (await createBook(scene.owner.user.id)).id);
    const outgoing = await requestLoanAs(scene.owner, (await createBook(scene.borrower.user.id)).id);
    const declined = await requestLoanAs(scene.borrower, (await createBook(scene.owner.user.id)).id);
    await stepOk(declined.loanId, "decline", scene.owner);

    const ids = (page: Page) => page.items.map((item) => item.loanId);
    expect(ids((await tab(scene.owner, "lent")).body.data!)).toEqual([lentOut.loanId]);
    expect((await tab(scene.owner, "lent")).body.data!.items[0]).toMatchObject({ role: "owner", state: "lent", borrower: { name: "Bea Borrower" } });
    expect(ids((await tab(scene.borrower, "borrowed")).body.data!)).toEqual([lentOut.loanId]);
    expect(ids((await tab(scene.owner, "borrowed")).body.data!)).toEqual([]);
    expect(ids((await tab(scene.owner, "requests")).body.data!)).toEqual([outgoing.loanId, incoming.loanId]);
    expect(ids((await tab(scene.owner, "history")).body.data!)).toEqual([declined.loanId]);
    expect(ids((await tab(scene.borrower, "history")).body.data!)).toEqual([declined.loanId]);
    // The default tab is Lent out.
    expect(ids((await api<Page>("/loans", scene.owner)).body.data!)).toEqual([lentOut.loanId]);
    expect((await api("/loans?tab=everything", scene.owner, { invalid: true })).status).toBe(400);
    expect((await api("/loans?before=nonsense", scene.owner, { invalid: true })).status).toBe(400);
  });

  it("pages 20 at a time, newest change first, without repeating or skipping loans that changed at the same moment", async () => {
    const owner = await signedInMember();
    const borrowers = await Promise.all(Array.from({ length: 5 }, () => signedInMember()));
    const at = Date.now();
    const rows = [];
    for (let i = 0; i < 25; i++) {
      const book = await createBook(owner.user.id);
      // Five loans share each moment, so the page boundary falls inside a tie.
      rows.push({
        id: crypto.randomUUID(),
        bookId: book.id,
        ownerId: owner.user.id,
        borrowerId: borrowers[i % 5]!.user.id,
        state: "returned" as const,
        updatedAt: at - Math.floor(i / 5),
      });
    }
    for (const row of rows) await db.insert(loans).values(row);
    const first = await tab(owner, "history");
    expect(first.body.data!.items).toHaveLength(20);
    const second = await tab(owner, "history", first.body.data!.nextToken!);
    expect(second.body.data!.items).toHaveLength(5);
    expect(second.body.data!.nextToken).toBeNull();
    const seen = [...first.body.data!.items, ...second.body.data!.items].map((item) => item.loanId);
    expect(new Set(seen).size).toBe(25);
    expect(seen.sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it("walks the owner and borrower indexes from the cursor, with every join a probe", async () => {
    for (const [column, index] of [
      ["owner_id", "loans_owner_idx"],
      ["borrower_id", "loans_borrower_idx"],
    ]) {
      // The shape of one walk of listLoans: the loan, its book, both members and the pair's conversation.
      const plan = await env.DB.prepare(
        `EXPLAIN QUERY PLAN SELECT l.id, b.title, o.name, br.name, c.id FROM loans l
         JOIN books b ON b.id = l.book_id JOIN users o ON o.id = l.owner_id JOIN users br ON br.id = l.borrower_id
         LEFT JOIN conversations c ON c.user_a_id = min(l.owner_id, l.borrower_id) AND c.user_b_id = max(l.owner_id, l.borrower_id)
         WHERE l.${column} = ? AND l.state = ? AND l.updated_at <= ? AND (l.updated_at < ? OR l.id < ?)
         ORDER BY l.updated_at DESC, l.id DESC LIMIT 21`,
      )
        .bind("m", "returned", 1, 1, "x")
        .all<{ detail: string }>();
      const steps = plan.results.map((step) => step.detail);
      expect(steps).toContain(`SEARCH l USING INDEX ${index} (${column}=? AND state=? AND updated_at<?)`);
      expect(steps.filter((step) => step.startsWith("SCAN"))).toEqual([]);
      expect(steps.join("; ")).toContain("conversations_pair_idx");
    }
  });
});

describe("authorization", () => {
  it("answers visitors 401 on every members' endpoint, strangers 404 for a loan, and shows visitors only who holds a book", async () => {
    const scene = await lendingScene();
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    for (const [method, path] of [
      ["GET", "/loans"],
      ["POST", "/loans"],
      ["GET", `/loans/${loanId}`],
      ["POST", `/loans/${loanId}/accept`],
      ["POST", `/loans/${loanId}/decline`],
      ["POST", `/loans/${loanId}/cancel`],
      ["POST", `/loans/${loanId}/lent`],
      ["POST", `/loans/${loanId}/returned`],
      ["PUT", `/loans/${loanId}/due-date`],
      ["POST", `/loans/${loanId}/renewal`],
      ["POST", `/books/${scene.book.id}/waitlist`],
      ["DELETE", `/books/${scene.book.id}/waitlist`],
    ] as const) {
      // Visitors are refused before any input is read, so the bodies these routes take are left out.
      expect((await api(path, null, { method, invalid: true })).status, `${method} ${path}`).toBe(401);
    }
    expect(await api(`/loans/${loanId}`, scene.stranger)).toMatchObject({ status: 404, body: { error: "Loan not found" } });
    expect((await api<{ loan: LoanView }>(`/loans/${loanId}`, scene.owner)).body.data!.loan.role).toBe("owner");
    expect((await api<{ loan: LoanView }>(`/loans/${loanId}`, scene.borrower)).body.data!.loan.role).toBe("borrower");

    await stepOk(loanId, "accept", scene.owner, {});
    const visitor = await api<BookLoanPanel>(`/books/${scene.book.id}/loan-panel`, null);
    expect(visitor.body.data).toEqual({
      holding: { loanId, state: "accepted", dueDate: expect.any(String), borrowerId: scene.borrower.user.id, borrowerName: "Bea Borrower" },
      myLoan: null,
      pendingRequests: 0,
      waitlist: { size: 0, myPlace: null, myState: null, offerExpiresAt: null },
      // The owner just answered: within the hour. A visitor shares no club with anyone.
      ownerRecord: { loansCompleted: 0, usuallyAnswers: "hour", sharedClubs: { names: [], count: 0 } },
      lendRefusal: null,
      ownerRule: null,
    });
    const borrowerView = await api<BookLoanPanel>(`/books/${scene.book.id}/loan-panel`, scene.borrower);
    expect(borrowerView.body.data!.myLoan).toMatchObject({ loanId, role: "borrower" });
    expect((await api(`/books/no-such-book/loan-panel`, null)).status).toBe(404);
  });

  it("counts pending requests for the owner only", async () => {
    const scene = await lendingScene();
    await requestLoanAs(scene.borrower, scene.book.id);
    await loanInState({ ...scene, borrower: scene.stranger }, "requested");
    expect((await api<BookLoanPanel>(`/books/${scene.book.id}/loan-panel`, scene.owner)).body.data!.pendingRequests).toBe(2);
    expect((await api<BookLoanPanel>(`/books/${scene.book.id}/loan-panel`, scene.borrower)).body.data!.pendingRequests).toBe(0);
  });

  it("limits loan writes per member: 429 with a clear text", async () => {
    await startOfRateLimitWindow();
    const member = await signedInMember();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await api("/loans", member, { method: "POST", json: { bookId: "no-such-book" } })).status);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(await api("/loans", member, { method: "POST", json: { bookId: "no-such-book" } })).toMatchObject({
      status: 429,
      body: { error: "You're doing that too quickly. Please wait a moment." },
    });
  });
});

describe("GET /api/books/:id/loan-panel of a hidden book", () => {
  it("is not found for anyone but the owner, whether a moderator hid it or its owner is suspended", async () => {
    const scene = await lendingScene();
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loan.loanId, "accept", scene.owner, {});
    for (const reason of ["moderation", "suspension"] as const) {
      await db.update(books).set({ hidden: reason }).where(eq(books.id, scene.book.id));
      for (const viewer of [null, scene.stranger, scene.borrower]) {
        expect(await api(`/books/${scene.book.id}/loan-panel`, viewer)).toMatchObject({ status: 404, body: { success: false, error: "Book not found" } });
      }
      const own = await api<BookLoanPanel>(`/books/${scene.book.id}/loan-panel`, scene.owner);
      expect(own.status).toBe(200);
      expect(own.body.data!.holding).toMatchObject({ loanId: loan.loanId, borrowerName: "Bea Borrower" });
    }
  });
});

describe("GET /api/books/:id/loan-panel of a private club's book", () => {
  it("names who holds it only to the club's members and the owner; to others it shows no loan", async () => {
    const scene = await lendingScene();
    const club = await createClub(scene.owner.user.id, { isPrivate: true });
    await addMember(club.id, scene.borrower.user.id);
    const fellow = await signedInMember();
    await addMember(club.id, fellow.user.id);
    await db.update(books).set({ clubId: club.id }).where(eq(books.id, scene.book.id));
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loan.loanId, "accept", scene.owner, {});

    for (const viewer of [null, scene.stranger]) {
      const panel = await api<BookLoanPanel>(`/books/${scene.book.id}/loan-panel`, viewer);
      expect(panel.status).toBe(200);
      expect(panel.body.data).toMatchObject({ holding: null, myLoan: null, pendingRequests: 0 });
      expect(JSON.stringify(panel.body)).not.toContain("Bea Borrower");
    }
    for (const viewer of [scene.owner, scene.borrower, fellow]) {
      const panel = await api<BookLoanPanel>(`/books/${scene.book.id}/loan-panel`, viewer);
      expect(panel.body.data!.holding).toMatchObject({ loanId: loan.loanId, borrowerName: "Bea Borrower" });
    }
  });
});

describe("GET /api/loans/counts", () => {
  it("counts what waits for the member on each tab: requests to answer, books to hand over, renewals to answer, books due back", async () => {
    const scene = await lendingScene();
    const today = dayIn("UTC");
    const counts = async (member: Parameters<typeof api>[1]) => (await api<{ counts: Record<string, number> }>("/loans/counts", member)).body.data!.counts;
    expect(await counts(scene.owner)).toEqual({ lent: 0, borrowed: 0, requests: 0, history: 0 });

    await requestLoanAs(scene.borrower, scene.book.id);
    // The owner must answer; the borrower waits, so nothing needs them.
    expect(await counts(scene.owner)).toEqual({ lent: 0, borrowed: 0, requests: 1, history: 0 });
    expect(await counts(scene.borrower)).toEqual({ lent: 0, borrowed: 0, requests: 0, history: 0 });

    const second = await createBook(scene.owner.user.id, { title: "Second" });
    const promised = await requestLoanAs(scene.stranger, second.id);
    await stepOk(promised.loanId, "accept", scene.owner, {});
    expect(await counts(scene.owner)).toMatchObject({ lent: 1, requests: 1 });

    const third = await createBook(scene.owner.user.id, { title: "Third" });
    const renewing = await requestLoanAs(scene.borrower, third.id);
    await stepOk(renewing.loanId, "accept", scene.owner, { dueDate: today });
    await stepOk(renewing.loanId, "lent", scene.owner);
    // Due back today: it needs the borrower.
    expect(await counts(scene.borrower)).toMatchObject({ borrowed: 1 });
    await stepOk(renewing.loanId, "renewal", scene.borrower);
    expect(await counts(scene.owner)).toEqual({ lent: 2, borrowed: 0, requests: 1, history: 0 });
    expect((await api("/loans/counts", null)).status).toBe(401);
  });
});
