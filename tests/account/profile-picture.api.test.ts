import { env } from "cloudflare:workers";
import { users } from "@worker/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, signedInMember } from "../helpers/fixtures";
import { call, type Envelope, json } from "../helpers/http";
import { GIF_1PX, JPEG_1PX, PNG_1PX, withSize } from "../helpers/images";
import { bearer, SAME_ORIGIN, storedAvatarKeys, uploadPicture } from "./member-support";

const INVALID = "Please select a valid image file (JPEG, PNG, or GIF)";
const TOO_LARGE = "File size must be less than 5MB";

async function uploaded(response: Response) {
  expect(response.status).toBe(201);
  return (await json<Envelope<{ profilePicture: string }>>(response)).data!.profilePicture;
}

async function refusal(response: Response) {
  const body = await json<Envelope>(response);
  expect(body.success).toBe(false);
  return { status: response.status, error: body.error };
}

describe("POST /api/users/me/picture", () => {
  it("identifies a PNG named .gif by its bytes and stores it as image/png under avatars/{userId}/", async () => {
    const member = await signedInMember();
    const url = await uploaded(await uploadPicture(member.token, PNG_1PX, "image/gif"));
    expect(url).toMatch(new RegExp(`^/media/avatars/${member.user.id}/[0-9a-f-]{36}\\.png$`));
    const object = await env.MEDIA.get(url.replace(/^\/media\//, ""));
    expect(object!.httpMetadata!.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG_1PX);

    // The stored picture is served with its real type.
    const served = await call(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
  });

  it("accepts JPEG and GIF", async () => {
    const member = await signedInMember();
    expect(await uploaded(await uploadPicture(member.token, JPEG_1PX, "image/jpeg"))).toMatch(/\.jpg$/);
    expect(await uploaded(await uploadPicture(member.token, GIF_1PX, "image/gif"))).toMatch(/\.gif$/);
  });

  it("refuses a text file named .jpg, a truncated image, a 6 MB file and a non-image body, storing nothing", async () => {
    const member = await signedInMember();
    const text = new TextEncoder().encode("This is a shopping list, not a photo.\n");
    expect(await refusal(await uploadPicture(member.token, text, "image/jpeg"))).toEqual({ status: 400, error: INVALID });

    const truncated = PNG_1PX.subarray(0, PNG_1PX.length - 12);
    expect(await refusal(await uploadPicture(member.token, truncated, "image/png"))).toEqual({ status: 400, error: INVALID });

    const huge = withSize(PNG_1PX, 6 * 1024 * 1024);
    expect(await refusal(await uploadPicture(member.token, huge, "image/png"))).toEqual({ status: 413, error: TOO_LARGE });

    const form = await uploadPicture(member.token, PNG_1PX, "multipart/form-data; boundary=x", { invalid: true });
    expect(await refusal(form)).toEqual({ status: 400, error: INVALID });

    expect(await storedAvatarKeys(member.user.id)).toEqual([]);
  });

  it("refuses a body over 5 MB even without a Content-Length (streamed)", async () => {
    const member = await signedInMember();
    const chunk = withSize(PNG_1PX, 1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk.slice());
        else controller.close();
      },
    });
    const response = await call("/api/users/me/picture", {
      method: "POST",
      headers: { ...bearer(member.token), "Content-Type": "image/png" },
      body,
      // @ts-expect-error: `duplex` is required by fetch for streamed bodies but missing from the types.
      duplex: "half",
    });
    expect(await refusal(response)).toEqual({ status: 413, error: TOO_LARGE });
    expect(await storedAvatarKeys(member.user.id)).toEqual([]);
  });

  it("exactly 5 MB is allowed", async () => {
    const member = await signedInMember();
    // A PNG padded inside its last chunk would be unusual; a JPEG may carry bytes before EOI, so pad there.
    const size = 5 * 1024 * 1024;
    const jpeg = new Uint8Array(size);
    jpeg.set(JPEG_1PX.subarray(0, JPEG_1PX.length - 2));
    jpeg.set([0xff, 0xd9], size - 2);
    expect(await uploaded(await uploadPicture(member.token, jpeg, "image/jpeg"))).toMatch(/\.jpg$/);
  });
});

describe("saving and replacing a picture", () => {
  it("sets the uploaded picture with PUT /api/users/me and deletes the old object when replaced", async () => {
    const member = await signedInMember();
    const first = await uploaded(await uploadPicture(member.token, PNG_1PX));
    const saved = await call("/api/users/me", { method: "PUT", headers: bearer(member.token), json: { profilePicture: first } });
    expect(saved.status).toBe(200);
    expect((await json<Envelope<{ profilePicture: string }>>(saved)).data!.profilePicture).toBe(first);

    const second = await uploaded(await uploadPicture(member.token, GIF_1PX, "image/gif"));
    // Until it is saved, the new upload sits beside the current picture.
    expect((await storedAvatarKeys(member.user.id)).sort()).toEqual([first, second].map((url) => url.replace(/^\/media\//, "")).sort());
    await call("/api/users/me", { method: "PUT", headers: bearer(member.token), json: { profilePicture: second } });
    expect(await storedAvatarKeys(member.user.id)).toEqual([second.replace(/^\/media\//, "")]);
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.picture).toBe(second.replace(/^\/media\//, ""));
  });

  it("an upload that is never saved is cleaned up by the next upload", async () => {
    const member = await signedInMember();
    await uploaded(await uploadPicture(member.token, PNG_1PX));
    const latest = await uploaded(await uploadPicture(member.token, PNG_1PX));
    expect(await storedAvatarKeys(member.user.id)).toEqual([latest.replace(/^\/media\//, "")]);
  });

  it("removing the picture (null) deletes the object", async () => {
    const member = await signedInMember();
    const url = await uploaded(await uploadPicture(member.token, PNG_1PX));
    await call("/api/users/me", { method: "PUT", headers: bearer(member.token), json: { profilePicture: url } });
    const removed = await call("/api/users/me", { method: "PUT", headers: bearer(member.token), json: { profilePicture: null } });
    expect((await json<Envelope<{ profilePicture: string | null }>>(removed)).data!.profilePicture).toBeNull();
    expect(await storedAvatarKeys(member.user.id)).toEqual([]);
  });

  it("refuses a profilePicture that was not uploaded here, or no longer exists", async () => {
    const member = await signedInMember();
    for (const profilePicture of [
      "https://evil.example/me.png",
      "https://",
      "/media/avatars/%E0%A4%A",
      `/media/avatars/${member.user.id}/00000000-0000-4000-8000-000000000000.png`,
      `/media/covers/${member.user.id}/00000000-0000-4000-8000-000000000000.png`,
    ]) {
      const response = await call("/api/users/me", { method: "PUT", headers: bearer(member.token), json: { profilePicture } });
      expect(response.status).toBe(400);
    }
  });
});

describe("the profile page's picture upload (multipart action)", () => {
  async function submit(cookie: string, picture: File | null, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (picture) form.set("picture", picture);
    const response = await call("/profile", { method: "POST", headers: { Cookie: cookie, ...SAME_ORIGIN }, body: form });
    return { status: response.status, html: await response.text() };
  }

  it("uploads and saves the picture in one post, with both success messages", async () => {
    const member = await signedInMember({ name: "Pia" });
    const { status, html } = await submit(member.cookie, new File([PNG_1PX], "me.gif", { type: "image/gif" }), {
      name: "Pia",
      bio: "",
      timezone: "UTC",
    });
    expect(status).toBe(200);
    expect(html).toContain("Image uploaded successfully");
    expect(html).toContain("Profile updated successfully!");
    const keys = await storedAvatarKeys(member.user.id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\.png$/);
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.picture).toBe(keys[0]);
  });

  it("refuses a text file named .jpg and an oversized file with the spec's messages, storing nothing", async () => {
    const member = await signedInMember({ name: "Quinn" });
    const fields = { name: "Quinn", bio: "", timezone: "UTC" };
    const text = await submit(member.cookie, new File(["hello"], "photo.jpg", { type: "image/jpeg" }), fields);
    expect(text.status).toBe(400);
    expect(text.html).toContain(INVALID);

    const big = await submit(
      member.cookie,
      new File([withSize(PNG_1PX, 6 * 1024 * 1024) as Uint8Array<ArrayBuffer>], "big.png", { type: "image/png" }),
      fields,
    );
    expect(big.status).toBe(413);
    expect(big.html).toContain(TOO_LARGE);
    expect(await storedAvatarKeys(member.user.id)).toEqual([]);
  });
});
