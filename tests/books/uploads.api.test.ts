import { env } from "cloudflare:workers";
import { signUpload } from "@worker/features/books/upload-signing";
import { describe, expect, it } from "vitest";
import { signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { GIF_1PX, JPEG_1PX, PNG_1PX } from "../helpers/images";

type UploadUrl = { uploadUrl: string; fileUrl: string; fileKey: string };

async function uploadUrl(cookie: string, fileType = "image/jpeg", invalid = false) {
  const response = await call("/api/upload-url", {
    method: "POST",
    cookie,
    json: { fileType, fileName: "cover.jpg" },
    headers: { Origin: "http://localhost" },
    invalid,
  });
  return { response, body: await json<Envelope<UploadUrl>>(response) };
}

function put(url: string, body: BodyInit, headers: Record<string, string> = { "Content-Type": "image/jpeg" }) {
  const target = new URL(url);
  return call(target.pathname + target.search, { method: "PUT", body, headers });
}

describe("cover uploads", () => {
  it("hands a member a signed URL under a key the server chose", async () => {
    const member = await signedInMember();
    const { response, body } = await uploadUrl(member.cookie);
    expect(response.status).toBe(200);
    expect(body.data!.fileKey).toMatch(new RegExp(`^covers/${member.user.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(body.data!.uploadUrl).toContain(`/api/uploads/${body.data!.fileKey}?expires=`);
    expect(body.data!.fileUrl).toBe(`http://localhost/media/${body.data!.fileKey}`);
  });

  it("refuses visitors and unsupported types", async () => {
    const visitor = await call("/api/upload-url", { method: "POST", json: { fileType: "image/jpeg" } });
    expect(visitor.status).toBe(401);
    const member = await signedInMember();
    const heic = await uploadUrl(member.cookie, "image/heic", true);
    expect(heic.response.status).toBe(400);
    expect(heic.body.error).toContain("Supported formats are JPG, PNG and GIF");
  });

  it("stores a real image, served back with long caching and an ETag", async () => {
    const member = await signedInMember();
    const { body } = await uploadUrl(member.cookie);
    const stored = await put(body.data!.uploadUrl, JPEG_1PX);
    expect(stored.status).toBe(201);
    const media = await call(`/media/${body.data!.fileKey}`);
    expect(media.status).toBe(200);
    expect(media.headers.get("Content-Type")).toBe("image/jpeg");
    expect(media.headers.get("Cache-Control")).toContain("immutable");
    const etag = media.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    const again = await call(`/media/${body.data!.fileKey}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("identifies the image by content: a PNG sent as JPEG is stored as PNG", async () => {
    const member = await signedInMember();
    const { body } = await uploadUrl(member.cookie);
    expect((await put(body.data!.uploadUrl, PNG_1PX)).status).toBe(201);
    expect((await env.MEDIA.head(body.data!.fileKey))!.httpMetadata!.contentType).toBe("image/png");
    const gif = await uploadUrl(member.cookie, "image/gif");
    expect((await put(gif.body.data!.uploadUrl, GIF_1PX)).status).toBe(201);
  });

  it.each([
    ["wrong content", new TextEncoder().encode("not an image at all"), 400, "The file is not a valid JPEG, PNG or GIF image."],
    ["a truncated image", PNG_1PX.subarray(0, PNG_1PX.length - 10), 400, "The image is incomplete. Please try uploading it again."],
    ["an oversized file", new Uint8Array(10 * 1024 * 1024 + 1).fill(0xff), 413, "Images must be 10MB or smaller."],
  ])("refuses %s and stores nothing", async (_label, bytes, status, message) => {
    const member = await signedInMember();
    const { body } = await uploadUrl(member.cookie);
    const response = await put(body.data!.uploadUrl, bytes);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ success: false, error: message });
    expect(await env.MEDIA.head(body.data!.fileKey)).toBeNull();
  });

  it("refuses a tampered or expired signature, and a key the link was not made for", async () => {
    const member = await signedInMember();
    const { body } = await uploadUrl(member.cookie);
    const url = new URL(body.data!.uploadUrl);

    const tampered = new URL(url);
    tampered.searchParams.set("sig", "A".repeat(43));
    expect((await put(tampered.toString(), JPEG_1PX)).status).toBe(403);

    const expired = new URL(url);
    expired.search = `?${await signUpload(env, body.data!.fileKey, Date.now() - 10 * 60 * 1000)}`;
    const expiredResponse = await put(expired.toString(), JPEG_1PX);
    expect(expiredResponse.status).toBe(403);
    expect(await expiredResponse.json()).toEqual({ success: false, error: "This upload link has expired. Please try again." });

    const other = await signedInMember();
    const otherKey = new URL(url);
    otherKey.pathname = `/api/uploads/covers/${other.user.id}/${crypto.randomUUID()}.jpg`;
    expect((await put(otherKey.toString(), JPEG_1PX)).status).toBe(403);

    const unsigned = new URL(url);
    unsigned.search = "";
    expect((await put(unsigned.toString(), JPEG_1PX)).status).toBe(403);
    expect(await env.MEDIA.list({ prefix: `covers/${member.user.id}/` })).toMatchObject({ objects: [] });
  });

  it("stores one image per link: a second PUT with other content is refused with 409 and changes nothing", async () => {
    const member = await signedInMember();
    const { body } = await uploadUrl(member.cookie);
    const first = await put(body.data!.uploadUrl, JPEG_1PX);
    expect(first.status).toBe(201);
    const before = (await env.MEDIA.head(body.data!.fileKey))!;

    for (const other of [PNG_1PX, GIF_1PX]) {
      const again = await put(body.data!.uploadUrl, other);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ success: false, error: "This upload link has already been used. Please upload the image again." });
    }
    const after = (await env.MEDIA.get(body.data!.fileKey))!;
    expect(after.etag).toBe(before.etag);
    expect(after.httpMetadata!.contentType).toBe("image/jpeg");
    expect(new Uint8Array(await after.arrayBuffer())).toEqual(JPEG_1PX);
  });

  it("answers a retry of the same bytes (its first answer lost) with 201 without writing again", async () => {
    const member = await signedInMember();
    const { body } = await uploadUrl(member.cookie);
    expect((await put(body.data!.uploadUrl, JPEG_1PX)).status).toBe(201);
    const before = (await env.MEDIA.head(body.data!.fileKey))!;
    const retry = await put(body.data!.uploadUrl, JPEG_1PX);
    expect(retry.status).toBe(201);
    expect((await env.MEDIA.head(body.data!.fileKey))!.uploaded).toEqual(before.uploaded);
  });

  it("lets only one of two racing PUTs with different content win", async () => {
    const member = await signedInMember();
    const { body } = await uploadUrl(member.cookie);
    const statuses = (await Promise.all([put(body.data!.uploadUrl, JPEG_1PX), put(body.data!.uploadUrl, PNG_1PX)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 409]);
  });
});
