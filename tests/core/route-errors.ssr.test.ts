import { describe, expect, it } from "vitest";
import { createBook, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";

/**
 * The ErrorResponse React Router serialized for the page (turbo-stream: a flat array whose
 * `["ErrorResponse", data, status, statusText]` entry points at other entries by index).
 */
function serializedErrorResponse(stream: string) {
  const flat = JSON.parse(stream) as unknown[];
  const entry = flat.find((value): value is [string, number, number, number] => Array.isArray(value) && value[0] === "ErrorResponse");
  if (!entry) return null;
  const [, data, status, statusText] = entry.map((index) => flat[index as number]);
  return { status, statusText, data };
}

/** The route data React Router streams into a server-rendered document. */
function streamInDocument(html: string): string {
  const call = html.match(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/);
  if (!call?.[1]) throw new Error("no route data in the page");
  return JSON.parse(call[1]) as string;
}

describe("a refused page's data carries its real status text", () => {
  it("a non-owner's edit page: 403 Forbidden, in the document and in the route data", async () => {
    const owner = await signedInMember();
    const stranger = await signedInMember();
    const book = await createBook(owner.user.id, { title: "Not Yours" });
    const expected = { status: 403, statusText: "Forbidden", data: "Only the owner can edit this book." };

    const page = await call(`/books/${book.id}/edit`, { cookie: stranger.cookie });
    expect(page.status).toBe(403);
    expect(serializedErrorResponse(streamInDocument(await page.text()))).toEqual(expected);

    const routeData = await call(`/books/${book.id}/edit.data`, { cookie: stranger.cookie });
    expect(routeData.status).toBe(403);
    expect(serializedErrorResponse(await routeData.text())).toEqual(expected);
  });

  it("a book that does not exist: 404 Not Found", async () => {
    const member = await signedInMember();
    const expected = { status: 404, statusText: "Not Found", data: "We couldn't find that book." };

    const page = await call("/books/no-such-book/edit", { cookie: member.cookie });
    expect(page.status).toBe(404);
    expect(serializedErrorResponse(streamInDocument(await page.text()))).toEqual(expected);

    const routeData = await call("/books/no-such-book/edit.data", { cookie: member.cookie });
    expect(serializedErrorResponse(await routeData.text())).toEqual(expected);
  });

  it("every page that refuses with 404 says Not Found (a member's conversation that is not theirs)", async () => {
    const member = await signedInMember();
    const response = await call("/messages/no-such-conversation.data", { cookie: member.cookie });
    expect(serializedErrorResponse(await response.text())).toMatchObject({ status: 404, statusText: "Not Found" });
  });
});
