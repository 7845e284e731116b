import { blocks, books, follows, memberAreas, waitlistEntries } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { postForm } from "../helpers/pages";
import { loanInState, type Member, stepOk } from "./support";

type Panel = { lendRefusal: string | null; ownerRule: { rule: string; km: number; own: boolean } | null };
type Kind = "club member" | "followed" | "near" | "far" | "stranger" | "blocked";
const KINDS: Kind[] = ["club member", "followed", "near", "far", "stranger", "blocked"];
const PATHS = ["POST /api/loans", "POST /api/loans/borrow", "the page action", "joining the waitlist"] as const;
type Path = (typeof PATHS)[number];

const place = (member: Member, cellLat: number, cellLon: number) =>
  db.insert(memberAreas).values({ userId: member.user.id, cellLat, cellLon, place: "Rule town", updatedAt: Date.now() });

/** An owner and a member of each kind: in a club of theirs, followed by them, 3 km away, 300 km away, a stranger, blocked by them. */
async function cast() {
  const owner = await signedInMember({ name: "Rhea Rules" });
  const members = {} as Record<Kind, Member>;
  for (const kind of KINDS) members[kind] = await signedInMember({ name: `The ${kind}` });
  const club = await createClub(owner.user.id, { name: "Rhea's Circle" });
  await addMember(club.id, members["club member"].user.id);
  await db.insert(follows).values({ followerId: owner.user.id, followeeId: members.followed.user.id });
  await place(owner, -6600, 7700);
  await place(members.near, -6600, 7703);
  await place(members.far, -6330, 7700);
  await db.insert(blocks).values({ blockerId: owner.user.id, blockedId: members.blocked.user.id });
  return { owner, members };
}

/** Asks by one path; answers whether it was accepted and the refusal's words. The waitlist is joined while the book is lent. */
async function ask(path: Path, member: Member, bookId: string): Promise<{ ok: boolean; error?: string }> {
  if (path === "the page action") {
    const response = await postForm(`/books/${bookId}/borrow`, { enhanced: "1" }, member.cookie);
    const body = (await response.json()) as { ok: boolean; error?: string };
    return { ok: body.ok === true, error: body.error };
  }
  const url = path === "POST /api/loans" ? "/loans" : path === "POST /api/loans/borrow" ? "/loans/borrow" : `/books/${bookId}/waitlist`;
  const answer = await api(url, member, { method: "POST", ...(path === "joining the waitlist" ? {} : { json: { bookId } }) });
  return { ok: answer.body.success === true, error: answer.body.error };
}

const ALLOWED: Record<string, Kind[]> = {
  anyone: ["club member", "followed", "near", "far", "stranger"],
  clubs: ["club member"],
  following: ["followed"],
  near: ["near"],
  nobody: [],
};
const REASON: Record<string, string> = {
  clubs: "Rhea Rules lends this book to members of their clubs.",
  following: "Rhea Rules lends this book to people they follow.",
  near: "Rhea Rules lends this book to members within 10 km.",
  nobody: "Rhea Rules isn't lending this book for now.",
};

describe("who may ask for a book", () => {
  for (const [rule, allowed] of Object.entries(ALLOWED)) {
    it(`${rule}: ${allowed.length ? allowed.join(", ") : "nobody"} may ask, on every path; the others are refused, a blocked member always`, async () => {
      const { owner, members } = await cast();
      const holder = await signedInMember();
      for (const path of PATHS) {
        for (const kind of KINDS) {
          const book = await createBook(owner.user.id, { title: `${rule} · ${path} · ${kind}`, lendTo: rule as "anyone", lendWithinKm: 10 });
          if (path === "joining the waitlist") await loanInState({ owner, borrower: holder, book }, "lent");
          const answer = await ask(path, members[kind], book.id);
          expect(answer.ok, `${rule}, ${path}, ${kind}: ${answer.error}`).toBe(allowed.includes(kind));
          if (!answer.ok && kind !== "blocked" && REASON[rule]) expect(answer.error, `${rule}, ${path}, ${kind}`).toBe(REASON[rule]);
        }
      }
    });
  }

  it("follows the owner's default unless the book says otherwise, shows the reason on the book page, and never cancels what was agreed", async () => {
    const { owner, members } = await cast();
    expect((await api("/users/me", owner, { method: "PUT", json: { lendTo: "clubs" } })).status).toBe(200);
    const book = await createBook(owner.user.id, { title: "By Default" });
    expect((await ask("POST /api/loans", members.stranger, book.id)).error).toBe(REASON.clubs);
    const panel = await api<{ lendRefusal: string | null }>(`/books/${book.id}/loan-panel`, members.stranger);
    expect(panel.body.data!.lendRefusal).toBe(REASON.clubs);
    expect((await api<{ lendRefusal: string | null }>(`/books/${book.id}/loan-panel`, members["club member"])).body.data!.lendRefusal).toBeNull();
    // The owner is told the rule in force (here their default); a visitor is refused only by "nobody".
    const ownerPanel = async () => (await api<Panel>(`/books/${book.id}/loan-panel`, owner)).body.data!;
    expect(await ownerPanel()).toMatchObject({ lendRefusal: null, ownerRule: { rule: "clubs", km: 10, own: false } });
    expect((await api<Panel>(`/books/${book.id}/loan-panel`, null)).body.data).toMatchObject({ lendRefusal: null, ownerRule: null });

    // The club member asks and is accepted; then the owner stops lending it: the agreed loan stands.
    const asked = await api<{ loan: { loanId: string } }>("/loans", members["club member"], { method: "POST", json: { bookId: book.id } });
    const loanId = asked.body.data!.loan.loanId;
    await stepOk(loanId, "accept", owner, {});
    expect((await api(`/books/${book.id}`, owner, { method: "PUT", json: { lendTo: "nobody" } })).status).toBe(200);
    expect((await stepOk(loanId, "lent", owner)).state).toBe("lent");
    expect(await ownerPanel()).toMatchObject({ ownerRule: { rule: "nobody", own: true } });
    expect((await api<Panel>(`/books/${book.id}/loan-panel`, null)).body.data!.lendRefusal).toBe(REASON.nobody);
    expect((await api(`/books/${book.id}`, owner, { method: "PUT", json: { lendTo: "sometimes" }, invalid: true })).status).toBe(400);
    expect((await api(`/books/${book.id}`, owner, { method: "PUT", json: { lendWithinKm: 7 }, invalid: true })).status).toBe(400);
  });

  it("passes over a waiting member the rule now leaves out when the book's turn comes", async () => {
    const { owner, members } = await cast();
    const holder = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Queue Rules" });
    const loanId = await loanInState({ owner, borrower: holder, book }, "lent");
    for (const kind of ["stranger", "club member"] as const) expect((await ask("joining the waitlist", members[kind], book.id)).ok).toBe(true);
    await db.update(books).set({ lendTo: "clubs" }).where(eq(books.id, book.id));
    await stepOk(loanId, "returned", owner);
    const entries = await db
      .select({ userId: waitlistEntries.userId, state: waitlistEntries.state })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.bookId, book.id));
    expect(Object.fromEntries(entries.map((entry) => [entry.userId, entry.state]))).toEqual({
      [members.stranger.user.id]: "expired",
      [members["club member"].user.id]: "offered",
    });
  });
});
