import { env } from "cloudflare:workers";
import { books, memberships } from "@worker/db/schema";
import type { Book, BookCard } from "@worker/features/books/book-columns";
import { CLUB_SHARE_FORBIDDEN } from "@worker/features/books/book-writes";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../account/member-support";
import { addMember, createClub } from "../clubs/support";
import { createBook, db, signedInMember } from "../helpers/fixtures";
import { api, call, type Envelope, json } from "../helpers/http";
import { JPEG_1PX } from "../helpers/images";

type Member = Awaited<ReturnType<typeof signedInMember>>;

const send = (method: string, path: string, member: Member | null, body?: unknown, invalid = false) => api<Book>(path, member, { method, json: body, invalid });

async function storedClubId(bookId: string) {
  const [row] = await db.select({ clubId: books.clubId }).from(books).where(eq(books.id, bookId));
  return row?.clubId;
}

let owner: Member;
let activeClub: { id: string; name: string };
let otherActiveClub: { id: string; name: string };
let pendingClub: { id: string };
let strangersClub: { id: string };

beforeAll(async () => {
  owner = await signedInMember({ name: "Olive Owner" });
  const host = await signedInMember({ name: "Hal Host" });
  activeClub = await createClub(host.user.id, { name: "Thursday Readers", isPrivate: true });
  otherActiveClub = await createClub(owner.user.id, { name: "Owner's Own Club" });
  pendingClub = await createClub(host.user.id, { name: "Waiting Room", isPrivate: true });
  strangersClub = await createClub(host.user.id, { name: "Strangers Only" });
  await addMember(activeClub.id, owner.user.id);
  await addMember(pendingClub.id, owner.user.id, "pending");
});

describe("PUT /api/books/{id} with clubId", () => {
  it("shares the book into one of the owner's active clubs, moves it, and takes it out with null", async () => {
    const book = await createBook(owner.user.id, { title: "Shared" });

    const shared = await send("PUT", `/books/${book.id}`, owner, { clubId: activeClub.id });
    expect(shared.status).toBe(200);
    expect(shared.body.data).toMatchObject({ clubId: activeClub.id, clubName: "Thursday Readers", clubIsPrivate: true, membersOnly: false });

    const moved = await send("PUT", `/books/${book.id}`, owner, { clubId: otherActiveClub.id });
    expect(moved.body.data).toMatchObject({ clubId: otherActiveClub.id, clubName: "Owner's Own Club", clubIsPrivate: false });

    const removed = await send("PUT", `/books/${book.id}`, owner, { clubId: null });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ clubId: null, clubName: null, membersOnly: false });
    expect(await storedClubId(book.id)).toBeNull();
  });

  it("leaves the club alone when clubId is not sent", async () => {
    const book = await createBook(owner.user.id, { clubId: activeClub.id });
    const { status, body } = await send("PUT", `/books/${book.id}`, owner, { title: "Renamed", status: "reading" });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ title: "Renamed", clubId: activeClub.id });
  });

  it.each([
    ["a club where the owner's request is pending", () => pendingClub.id],
    ["a club the owner is not in", () => strangersClub.id],
    ["a club that does not exist", () => crypto.randomUUID()],
  ])("refuses %s with 403 and the same message, and changes nothing", async (_, clubId) => {
    const book = await createBook(owner.user.id, { title: "Stays Put" });
    const { status, body } = await send("PUT", `/books/${book.id}`, owner, { clubId: clubId(), title: "Changed" });
    expect(status).toBe(403);
    expect(body).toEqual({ success: false, error: CLUB_SHARE_FORBIDDEN });
    const [row] = await db.select().from(books).where(eq(books.id, book.id));
    expect(row).toMatchObject({ title: "Stays Put", clubId: null });
  });

  it.each([
    [{ clubId: "" }, "clubId: clubId must not be empty"],
    [{ clubId: "x".repeat(65) }, "clubId: Too big: expected string to have <=64 characters"],
    [{ clubId: 7 }, "clubId: Invalid input: expected string, received number"],
  ])("refuses %o with 400", async (payload, error) => {
    const book = await createBook(owner.user.id);
    const { status, body } = await send("PUT", `/books/${book.id}`, owner, payload, true);
    expect(status).toBe(400);
    expect(body.error).toBe(error);
  });

  it("keeps a club the owner has since left while other fields change, but will not share into it again", async () => {
    const book = await createBook(owner.user.id);
    expect((await send("PUT", `/books/${book.id}`, owner, { clubId: activeClub.id })).status).toBe(200);
    await db.delete(memberships).where(and(eq(memberships.userId, owner.user.id), eq(memberships.clubId, activeClub.id)));
    try {
      const kept = await send("PUT", `/books/${book.id}`, owner, { clubId: activeClub.id, title: "Still Shared" });
      expect(kept.status).toBe(200);
      expect(kept.body.data).toMatchObject({ clubId: activeClub.id, title: "Still Shared" });

      expect((await send("PUT", `/books/${book.id}`, owner, { clubId: null })).status).toBe(200);
      const again = await send("PUT", `/books/${book.id}`, owner, { clubId: activeClub.id });
      expect(again.status).toBe(403);
    } finally {
      await addMember(activeClub.id, owner.user.id);
    }
  });

  it("lets only the owner choose the club", async () => {
    const book = await createBook(owner.user.id);
    const host = await signedInMember();
    await addMember(activeClub.id, host.user.id);
    const { status } = await send("PUT", `/books/${book.id}`, host, { clubId: activeClub.id });
    expect(status).toBe(403);
    expect(await storedClubId(book.id)).toBeNull();
  });
});

describe("POST /api/books with clubId", () => {
  it("adds a typed-in book straight into an active club", async () => {
    const { status, body } = await send("POST", "/books", owner, { title: "Club Pick", author: "Someone", clubId: activeClub.id });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ title: "Club Pick", clubId: activeClub.id, clubName: "Thursday Readers" });
  });

  it("adds a book from a cover into an active club", async () => {
    const key = `covers/${owner.user.id}/${crypto.randomUUID()}.jpg`;
    await env.MEDIA.put(key, JPEG_1PX, { httpMetadata: { contentType: "image/jpeg" } });
    const { status, body } = await send("POST", "/books", owner, { s3Key: key, extractFromImage: false, clubId: otherActiveClub.id });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ coverKey: key, clubId: otherActiveClub.id });
  });

  it("refuses a club the member is not active in, and adds nothing", async () => {
    const title = `Refused ${crypto.randomUUID()}`;
    const { status, body } = await send("POST", "/books", owner, { title, author: "Someone", clubId: pendingClub.id });
    expect(status).toBe(403);
    expect(body.error).toBe(CLUB_SHARE_FORBIDDEN);
    expect(await db.select().from(books).where(eq(books.title, title))).toEqual([]);
  });
});

describe("the members-only flag", () => {
  let privateBookId: string;
  let publicBookId: string;
  let clubMember: Member;
  let pendingMember: Member;
  let outsider: Member;
  let ownerOfBooks: Member;
  let word: string;

  beforeAll(async () => {
    const host = await signedInMember({ name: "Flag Host" });
    const privateClub = await createClub(host.user.id, { name: "Hidden Shelf", isPrivate: true });
    const publicClub = await createClub(host.user.id, { name: "Open Shelf", isPrivate: false });
    clubMember = await signedInMember();
    pendingMember = await signedInMember();
    outsider = await signedInMember();
    await addMember(privateClub.id, clubMember.user.id);
    await addMember(privateClub.id, pendingMember.user.id, "pending");
    word = `flag${crypto.randomUUID().slice(0, 8)}`;
    privateBookId = (await createBook(host.user.id, { title: `Private ${word}`, clubId: privateClub.id })).id;
    publicBookId = (await createBook(host.user.id, { title: `Public ${word}`, clubId: publicClub.id })).id;
    // The owner no longer belongs to either club: their own books are never members-only to them.
    await db.delete(memberships).where(eq(memberships.userId, host.user.id));
    ownerOfBooks = host;
  });

  const viewers = () =>
    [
      ["a visitor", null, true],
      ["an outsider", outsider, true],
      ["a pending requester", pendingMember, true],
      ["an active member", clubMember, false],
      ["the book's owner, though no longer in the club", ownerOfBooks, false],
    ] as const;

  it("is true on a private club's book for everyone but its active members and its owner (GET /api/books/{id})", async () => {
    for (const [who, viewer, expected] of viewers()) {
      const { body } = await send("GET", `/books/${privateBookId}`, viewer);
      expect({ who, membersOnly: body.data!.membersOnly }).toEqual({ who, membersOnly: expected });
      expect(body.data).toMatchObject({ clubName: "Hidden Shelf", clubIsPrivate: true });
      const open = await send("GET", `/books/${publicBookId}`, viewer);
      expect({ who, membersOnly: open.body.data!.membersOnly }).toEqual({ who, membersOnly: false });
    }
  });

  it("is in both library listings, where private-club books stay listed (GET /api/books)", async () => {
    for (const [who, viewer, expected] of viewers()) {
      for (const bare of ["", "&bare=1"]) {
        // The owner's own books are hidden from their library unless they ask for them by userId.
        const mine = viewer === ownerOfBooks ? `&userId=${ownerOfBooks.user.id}` : "";
        const response = await call(`/api/books?search=${word}${bare}${mine}`, viewer ? { headers: bearer(viewer.token) } : {});
        const body = await json<Envelope<{ items: BookCard[] }>>(response);
        const flags = Object.fromEntries(body.data!.items.map((book) => [book.title.split(" ")[0], book.membersOnly]));
        expect({ who, bare, flags }).toEqual({ who, bare, flags: { Private: expected, Public: false } });
      }
    }
  });
});
