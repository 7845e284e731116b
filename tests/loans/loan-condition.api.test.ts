import { env } from "cloudflare:workers";
import { addDays, dayIn } from "@worker/core/shared/calendar";
import { loanConditions, loanEvents, loanRecords, loans } from "@worker/db/schema";
import type { LoanView } from "@worker/features/loans";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { MessagePage } from "../../durable-objects/conversation-room";
import { SAME_ORIGIN } from "../account/member-support";
import { deleteAccountByApi } from "../account/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call } from "../helpers/http";
import { JPEG_1PX, PNG_1PX } from "../helpers/images";
import { moderator } from "../moderation/support";
import { lendingScene, loanRow, loanStep, type Member, requestLoanAs, stepOk } from "./support";

type Scene = Awaited<ReturnType<typeof lendingScene>>;

/** A loan of the scene's book, asked for and accepted: ready to hand over. */
async function acceptedLoan(scene: Scene) {
  const loan = await requestLoanAs(scene.borrower, scene.book.id);
  await stepOk(loan.loanId, "accept", scene.owner);
  return loan.loanId;
}

/** The owner's photo through the signed-upload path (as for covers): its key, to pass as photoKey. */
async function uploadPhoto(owner: Member, loanId: string, bytes: Uint8Array<ArrayBuffer> = JPEG_1PX) {
  const signed = await api<{ uploadUrl: string; fileKey: string }>(`/loans/${loanId}/photo-upload-url`, owner, {
    method: "POST",
    json: { fileType: "image/jpeg" },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const { uploadUrl, fileKey } = signed.body.data!;
  expect(fileKey).toMatch(new RegExp(`^loan-photos/${owner.user.id}/[0-9a-f-]{36}\\.jpg$`));
  const put = await call(uploadUrl, { method: "PUT", body: bytes, headers: { "Content-Type": "image/jpeg" } });
  expect(put.status).toBe(201);
  return fileKey;
}

/** GET a condition photo as `member` (null: a visitor). */
function photo(url: string, member: Member | null) {
  return call(url, { cookie: member?.cookie });
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** A multipart post of a /loans form, as the browser sends it with a photo chosen. */
function postMultipart(path: string, fields: Record<string, string | File>, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return call(path, { method: "POST", headers: { ...SAME_ORIGIN, Cookie: cookie }, body: form });
}

describe("The book's condition at hand-over and return (API)", () => {
  it("records the hand-over's condition with a note and a photo, and the return confirms it", async () => {
    const scene = await lendingScene({ title: "Condition Atlas" });
    const loanId = await acceptedLoan(scene);
    const photoKey = await uploadPhoto(scene.owner, loanId);

    const lent = await stepOk(loanId, "lent", scene.owner, { condition: "good", note: "  Spine creased a little.  ", photoKey });
    expect(lent.state).toBe("lent");
    expect(lent.conditions).toEqual({
      handover: {
        condition: "good",
        note: "Spine creased a little.",
        photoUrl: `/api/loans/${loanId}/conditions/handover/photo`,
        sameAsHandover: false,
        recordedAt: expect.any(Number),
      },
      return: null,
    });
    // The borrower sees the same record on their side.
    const seen = await api<{ items: LoanView[] }>("/loans?tab=borrowed", scene.borrower);
    expect(seen.body.data!.items.find((item) => item.loanId === loanId)?.conditions.handover).toMatchObject({
      condition: "good",
      note: "Spine creased a little.",
    });

    const back = await stepOk(loanId, "returned", scene.owner, { condition: "same" });
    expect(back.conditions.return).toEqual({ condition: "good", note: "", photoUrl: null, sameAsHandover: true, recordedAt: expect.any(Number) });
    expect(back.conditions.handover?.condition).toBe("good");
    // Returned in the same condition: no damage counted, and on time.
    const [record] = await db.select().from(loanRecords).where(eq(loanRecords.userId, scene.borrower.user.id));
    expect(record).toMatchObject({ borrowedReturned: 1, returnedOnTime: 1, returnedLate: 0, returnedDamaged: 0 });
  });

  it("keeps both steps working without a body, and records nothing then", async () => {
    const scene = await lendingScene({ title: "Condition Plain" });
    const loanId = await acceptedLoan(scene);
    expect((await stepOk(loanId, "lent", scene.owner)).conditions).toEqual({ handover: null, return: null });
    expect((await stepOk(loanId, "returned", scene.owner)).conditions).toEqual({ handover: null, return: null });
    expect(await db.select().from(loanConditions).where(eq(loanConditions.loanId, loanId))).toEqual([]);
  });

  it("counts a damaged return as returned damaged, not late, shows it with the owner's note, and says so in the chat", async () => {
    const scene = await lendingScene({ title: "Condition Damaged" });
    const loanId = await acceptedLoan(scene);
    await stepOk(loanId, "lent", scene.owner, { condition: "like_new" });
    const back = await stepOk(loanId, "returned", scene.owner, { condition: "damaged", note: "Coffee stain on page 12." });
    expect(back.conditions.return).toMatchObject({ condition: "damaged", note: "Coffee stain on page 12.", sameAsHandover: false });
    const [record] = await db.select().from(loanRecords).where(eq(loanRecords.userId, scene.borrower.user.id));
    expect(record).toMatchObject({ borrowedReturned: 1, returnedOnTime: 1, returnedLate: 0, returnedDamaged: 1 });
    // The chat line of the return (posted by the event's subscriber into the pair's conversation).
    const messages = await api<MessagePage>(`/dm/conversations/${back.conversationId}/messages`, scene.borrower);
    expect(messages.body.data!.items[0]).toMatchObject({
      fromUserId: scene.owner.user.id,
      content: '"Condition Damaged" was returned damaged. Note: Coffee stain on page 12.',
    });
  });

  it("does not count or announce damage that was there at hand-over", async () => {
    const scene = await lendingScene({ title: "Condition Already Damaged" });
    const loanId = await acceptedLoan(scene);
    await stepOk(loanId, "lent", scene.owner, { condition: "damaged", note: "Torn dust jacket" });
    const back = await stepOk(loanId, "returned", scene.owner, { condition: "same" });
    expect(back.conditions.return).toMatchObject({ condition: "damaged", sameAsHandover: true });
    const [record] = await db.select().from(loanRecords).where(eq(loanRecords.userId, scene.borrower.user.id));
    expect(record).toMatchObject({ borrowedReturned: 1, returnedDamaged: 0 });
    const messages = await api<MessagePage>(`/dm/conversations/${back.conversationId}/messages`, scene.borrower);
    expect(messages.body.data!.items[0]?.content).toBe('"Condition Already Damaged" was returned. Thanks!');
  });

  it("refuses bad condition input with 400 and takes no step", async () => {
    const scene = await lendingScene({ title: "Condition Refusals" });
    const loanId = await acceptedLoan(scene);
    const other = await signedInMember({ name: "Other Owner" });
    const refusals: [unknown, string][] = [
      [{ condition: "mint" }, "condition: Choose like new, good, worn or damaged."],
      [{ condition: "good", note: "x".repeat(281) }, "note: Keep the note to 280 characters or fewer."],
      [{ note: "Looks fine" }, "Choose the book's condition to add a note or a photo."],
      [{ condition: "good", photoKey: `loan-photos/${other.user.id}/${crypto.randomUUID()}.jpg` }, "This photo was not uploaded by you. Please add it again."],
      [{ condition: "good", photoKey: `covers/${scene.owner.user.id}/${crypto.randomUUID()}.jpg` }, "This photo was not uploaded by you. Please add it again."],
      [
        { condition: "good", photoKey: `loan-photos/${scene.owner.user.id}/${crypto.randomUUID()}.jpg` },
        "The photo has not been uploaded yet. Please add it again.",
      ],
      [{ condition: "same" }, "condition: Choose like new, good, worn or damaged."],
    ];
    for (const [body, error] of refusals) {
      const answer = await api(`/loans/${loanId}/lent`, scene.owner, { method: "POST", json: body, invalid: true });
      expect([answer.status, answer.body], JSON.stringify(body)).toEqual([400, { success: false, error }]);
    }
    expect((await loanRow(loanId)).state).toBe("accepted");

    await stepOk(loanId, "lent", scene.owner);
    // "Same as at hand-over" needs a hand-over record.
    const same = await loanStep(loanId, "returned", scene.owner, { condition: "same" });
    expect([same.status, same.body]).toEqual([400, { success: false, error: "No condition was recorded at hand-over, so choose one." }]);
    expect((await loanRow(loanId)).state).toBe("lent");
  });

  it("gives a photo upload URL to the loan's owner only, while the book is promised or lent, and refuses what is not an image", async () => {
    const scene = await lendingScene({ title: "Condition Uploads" });
    const loan = await requestLoanAs(scene.borrower, scene.book.id);
    const ask = (member: Member) => api(`/loans/${loan.loanId}/photo-upload-url`, member, { method: "POST", json: { fileType: "image/png" } });
    expect((await ask(scene.owner)).body).toEqual({ success: false, error: "Photos can only be added while the book is promised or lent." });
    await stepOk(loan.loanId, "accept", scene.owner);
    expect((await ask(scene.borrower)).body).toEqual({ success: false, error: "Only the book's owner can do that." });
    expect((await ask(scene.stranger)).status).toBe(404);
    const bad = await api(`/loans/${loan.loanId}/photo-upload-url`, scene.owner, { method: "POST", json: { fileType: "image/webp" }, invalid: true });
    expect([bad.status, bad.body.error]).toEqual([400, "fileType: Supported formats are JPG, PNG and GIF"]);

    const signed = await ask(scene.owner);
    const { uploadUrl, fileKey } = signed.body.data as { uploadUrl: string; fileKey: string };
    expect(fileKey).toMatch(/\.png$/);
    const notImage = await call(uploadUrl, { method: "PUT", body: new TextEncoder().encode("not a picture"), headers: { "Content-Type": "image/png" } });
    expect(notImage.status).toBe(400);
    expect(await env.MEDIA.head(fileKey)).toBeNull();
    const stored = await call(uploadUrl, { method: "PUT", body: PNG_1PX, headers: { "Content-Type": "image/png" } });
    expect(stored.status).toBe(201);
    // Private: the public media route never serves it.
    expect((await call(`/media/${fileKey}`)).status).toBe(404);
    expect((await env.MEDIA.head(fileKey))?.httpMetadata?.cacheControl).toBe("private, no-store");
  });

  it("shows a condition photo to the loan's two members and a moderator only", async () => {
    const scene = await lendingScene({ title: "Condition Photos" });
    const loanId = await acceptedLoan(scene);
    const photoKey = await uploadPhoto(scene.owner, loanId);
    const lent = await stepOk(loanId, "lent", scene.owner, { condition: "worn", photoKey });
    const url = lent.conditions.handover!.photoUrl!;
    const mod = await moderator();

    for (const member of [scene.owner, scene.borrower, mod]) {
      const response = await photo(url, member);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG_1PX);
    }
    const stranger = await photo(url, scene.stranger);
    expect([stranger.status, await stranger.json()]).toEqual([404, { success: false, error: "Photo not found" }]);
    const visitor = await photo(url, null);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ success: false });
    // A stage with no photo, and one not recorded, are not found either.
    expect((await photo(`/api/loans/${loanId}/conditions/return/photo`, scene.owner)).status).toBe(404);
  });
});

describe("The condition steps by page action (/loans)", () => {
  it("hands over with a condition, a note and a photo from the form, and takes it back as the same", async () => {
    const scene = await lendingScene({ title: "Condition Form" });
    const loanId = await acceptedLoan(scene);
    const photoFile = new File([JPEG_1PX], "book.jpg", { type: "image/jpeg" });
    const handed = await postMultipart(
      "/loans?tab=lent",
      { intent: "handed-over", loanId, condition: "like_new", note: "Brand new copy", photo: photoFile },
      scene.owner.cookie,
    );
    expect(handed.status).toBe(200);
    const [handover] = await db.select().from(loanConditions).where(eq(loanConditions.loanId, loanId));
    expect(handover).toMatchObject({ stage: "handover", condition: "like_new", note: "Brand new copy" });
    expect(handover!.photoKey).toMatch(new RegExp(`^loan-photos/${scene.owner.user.id}/`));
    expect(new Uint8Array(await (await env.MEDIA.get(handover!.photoKey!))!.arrayBuffer())).toEqual(JPEG_1PX);

    // The return form's default: "Same as at hand-over"; no photo chosen sends an empty file part.
    const back = await postMultipart(
      "/loans?tab=lent",
      { intent: "returned", loanId, condition: "same", note: "", photo: new File([], "", { type: "application/octet-stream" }) },
      scene.owner.cookie,
    );
    expect(back.status).toBe(200);
    expect((await loanRow(loanId)).state).toBe("returned");
    const records = await db.select().from(loanConditions).where(eq(loanConditions.loanId, loanId));
    expect(records.find((r) => r.stage === "return")).toMatchObject({ condition: "like_new", sameAsHandover: true, photoKey: null });
  });

  it("refuses a bad condition or a photo that is not an image, and keeps no photo of a refused step", async () => {
    const scene = await lendingScene({ title: "Condition Form Refusals" });
    const loanId = await acceptedLoan(scene);
    const bad = await postMultipart("/loans?tab=lent", { intent: "handed-over", loanId, condition: "pristine" }, scene.owner.cookie);
    expect(bad.status).toBe(400);
    expect(text(await bad.text())).toContain("Choose like new, good, worn or damaged.");

    const notImage = await postMultipart(
      "/loans?tab=lent",
      { intent: "handed-over", loanId, condition: "good", photo: new File(["hello"], "note.txt", { type: "text/plain" }) },
      scene.owner.cookie,
    );
    expect(notImage.status).toBe(400);
    expect(text(await notImage.text())).toContain("The file is not a valid JPEG, PNG or GIF image.");

    // A photo with no condition: the step is refused and the stored photo removed again.
    const before = (await env.MEDIA.list({ prefix: `loan-photos/${scene.owner.user.id}/` })).objects.length;
    const alone = await postMultipart(
      "/loans?tab=lent",
      { intent: "handed-over", loanId, condition: "", photo: new File([JPEG_1PX], "a.jpg", { type: "image/jpeg" }) },
      scene.owner.cookie,
    );
    expect(alone.status).toBe(400);
    expect(text(await alone.text())).toContain("Choose the book's condition to add a note or a photo.");
    expect((await env.MEDIA.list({ prefix: `loan-photos/${scene.owner.user.id}/` })).objects.length).toBe(before);
    expect((await loanRow(loanId)).state).toBe("accepted");
  });
});

describe("The borrower's record against a hand-built ledger", () => {
  it("counts on time, late, returned damaged (not late), open and overdue", async () => {
    const borrower = await signedInMember({ name: "Ledger Borrower" });
    const owner = await signedInMember({ name: "Ledger Owner" });
    const today = dayIn("UTC");
    const at = (day: string, hour: number) => Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
    type Entry = { due: string | null; returnedAt?: number; state: "returned" | "lent"; handover?: "good" | "damaged"; back?: "good" | "damaged" };
    const ledger: Entry[] = [
      { due: "2026-01-10", returnedAt: at("2026-01-09", 12), state: "returned" }, // on time
      { due: "2026-01-20", returnedAt: at("2026-01-20", 20), state: "returned", handover: "good", back: "good" }, // on time, on the due day
      { due: "2026-02-01", returnedAt: at("2026-02-05", 9), state: "returned" }, // late
      { due: "2026-03-01", returnedAt: at("2026-02-28", 9), state: "returned", handover: "good", back: "damaged" }, // on time, damaged
      { due: "2026-03-10", returnedAt: at("2026-03-09", 9), state: "returned", handover: "damaged", back: "damaged" }, // damaged already: not counted
      { due: addDays(today, 7), state: "lent", handover: "good" }, // open
      { due: addDays(today, -3), state: "lent" }, // open and overdue
    ];
    for (const [i, entry] of ledger.entries()) {
      const book = await createBook(owner.user.id, { title: `Ledger ${i}` });
      const id = crypto.randomUUID();
      await db
        .insert(loans)
        .values({ id, bookId: book.id, ownerId: owner.user.id, borrowerId: borrower.user.id, state: entry.state, dueDate: entry.due, updatedAt: Date.now() });
      if (entry.handover) await db.insert(loanConditions).values({ loanId: id, stage: "handover", condition: entry.handover });
      if (entry.returnedAt) await db.insert(loanEvents).values({ loanId: id, action: "returned", actorId: owner.user.id, createdAt: entry.returnedAt });
      if (entry.back) await db.insert(loanConditions).values({ loanId: id, stage: "return", condition: entry.back });
    }
    // What the ledger says, counted by hand.
    const returned = ledger.filter((e) => e.state === "returned");
    const late = returned.filter((e) => e.returnedAt! >= at(e.due!, 0) + 36 * 3600_000).length;
    const damaged = returned.filter((e) => e.back === "damaged" && e.handover !== "damaged").length;
    const open = ledger.filter((e) => e.state === "lent");
    const overdue = open.filter((e) => e.due! < today).length;
    expect([returned.length, late, damaged, open.length, overdue]).toEqual([5, 1, 1, 2, 1]);

    // The owner sees the record on the borrower's request.
    const asked = await createBook(owner.user.id, { title: "Ledger Request" });
    await requestLoanAs(borrower, asked.id);
    const requests = await api<{ items: LoanView[] }>("/loans?tab=requests", owner);
    const record = requests.body.data!.items.find((item) => item.book.bookId === asked.id)!.borrowerRecord;
    expect(record).toMatchObject({
      loansCompleted: returned.length,
      returnedOnTime: returned.length - late,
      returnedLate: late,
      returnedDamaged: damaged,
      openNow: open.length,
      overdueNow: overdue,
      isNew: false,
    });
  });
});

describe("Condition photos in the data download and account deletion", () => {
  it("are in both members' zips, stay when the borrower leaves, and go when the owner leaves too", async () => {
    const scene = await lendingScene({ title: "Condition Zip" });
    const loanId = await acceptedLoan(scene);
    const handoverKey = await uploadPhoto(scene.owner, loanId);
    await stepOk(loanId, "lent", scene.owner, { condition: "good", note: "Fine", photoKey: handoverKey });
    const returnKey = await uploadPhoto(scene.owner, loanId);
    await stepOk(loanId, "returned", scene.owner, { condition: "damaged", note: "Torn cover", photoKey: returnKey });

    for (const member of [scene.owner, scene.borrower]) {
      const response = await call("/api/users/me/data", { cookie: member.cookie });
      expect(response.status).toBe(200);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const entries = JSON.parse(strFromU8(files["loans.json"]!)) as { loanId: string; conditions: unknown[] }[];
      expect(entries.find((entry) => entry.loanId === loanId)?.conditions).toEqual(
        expect.arrayContaining([
          { stage: "handover", condition: "good", note: "Fine", sameAsHandover: false, at: expect.any(Number), photo: `loan-photos/${loanId}-handover.jpg` },
          {
            stage: "return",
            condition: "damaged",
            note: "Torn cover",
            sameAsHandover: false,
            at: expect.any(Number),
            photo: `loan-photos/${loanId}-return.jpg`,
          },
        ]),
      );
      expect(files[`loan-photos/${loanId}-handover.jpg`]).toEqual(JPEG_1PX);
      expect(files[`loan-photos/${loanId}-return.jpg`]).toEqual(JPEG_1PX);
      const record = JSON.parse(strFromU8(files["loan-record.json"]!)) as { asBorrower: { returnedDamaged: number } };
      if (member === scene.borrower) expect(record.asBorrower.returnedDamaged).toBe(1);
    }

    // The borrower leaves: the loan stays in the owner's history, photos and all.
    expect((await deleteAccountByApi(scene.borrower.cookie)).status).toBe(200);
    expect((await photo(`/api/loans/${loanId}/conditions/return/photo`, scene.owner)).status).toBe(200);
    expect(await env.MEDIA.head(handoverKey)).not.toBeNull();

    // Then the owner: the loan goes with their books, and both photos leave R2.
    expect((await deleteAccountByApi(scene.owner.cookie)).status).toBe(200);
    expect(await env.MEDIA.head(handoverKey)).toBeNull();
    expect(await env.MEDIA.head(returnKey)).toBeNull();
    expect(await db.select().from(loanConditions).where(eq(loanConditions.loanId, loanId))).toEqual([]);
  });
});
