import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { db } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createConversation } from "../messages/support";
import { SAME_ORIGIN } from "./member-support";

/** DELETE /api/users/me from this origin with the member's cookie (as the browser would send it). */
export function deleteAccountByApi(cookie: string, confirm: unknown = "DELETE", options: { invalid?: boolean } = {}) {
  return call("/api/users/me", { method: "DELETE", headers: SAME_ORIGIN, cookie, json: { confirm }, invalid: options.invalid });
}

/** A conversation between two members with its messages posted into the room, in order. */
export async function conversationWith(a: string, b: string, lines: [from: string, text: string][]) {
  const row = await createConversation(a, b);
  const room = conversationRoom(env, row.id);
  const members: [string, string] = [row.userAId, row.userBId];
  for (const [from, text] of lines) await room.post(from, text, undefined, { conversationId: row.id, members });
  return row.id;
}

/** Puts a small object in MEDIA and returns its key. */
export async function putObject(key: string, bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), contentType = "image/jpeg") {
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
  return key;
}

export async function keysUnder(prefix: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix })).objects.map((object) => object.key);
}

export { db };
