import { env } from "cloudflare:workers";
import { conversationRoom } from "@worker/core/conversation-room-stubs";
import { blocks } from "@worker/db/schema";
import { describe, expect, it } from "vitest";
import { deleteAccountByApi } from "../account/support";
import { createMember, db, signedInMember } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { openDialog, page, postForm } from "../helpers/pages";
import { startOfRateLimitWindow } from "../helpers/rate-limit";
import { createConversation } from "./support";

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The page's visible markup, without the hydration data that repeats every loader field, nor React's text separators. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

/** A conversation with its room opened, as POST /api/dm/conversations leaves it. */
async function openConversation(a: string, b: string) {
  const row = await createConversation(a, b);
  await conversationRoom(env, row.id).open(row.id, [row.userAId, row.userBId]);
  return row.id;
}

async function startThroughModal(member: Member, query: string) {
  return postForm("/messages?dialog=start", { intent: "start", query }, member.cookie);
}

describe("/messages", () => {
  it("sends visitors to sign in and back", async () => {
    const response = await call("/messages");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/messages")}`);
  });

  it("shows the exact empty texts and a Start a Conversation button, with nothing 'coming soon'", async () => {
    const member = await signedInMember();
    const { status, html } = await page("/messages", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Messages — BookClub</title>");
    const visible = markup(html);
    expect(visible).toContain("No conversations yet.");
    expect(visible).toContain("Select a conversation to start messaging.");
    expect(visible).toMatch(/<button type="submit"[^>]*aria-haspopup="dialog"[^>]*>Start a Conversation<\/button>/);
    expect(visible.toLowerCase()).not.toContain("coming soon");
  });

  it("lists conversations with the other member, the snippet or 'No messages yet', and the unread badge", async () => {
    const member = await signedInMember({ name: "Noor" });
    const chatty = await createMember({ name: "Chatty Cathy" });
    const quiet = await createMember({ name: "Quiet Quentin" });
    const talk = await createConversation(member.user.id, chatty.id, {
      snippet: "See you at the swap!",
      lastMessageAt: Date.now(),
      unreadFor: { [member.user.id]: 3, [chatty.id]: 1 },
    });
    await createConversation(member.user.id, quiet.id);

    const html = markup((await page("/messages", member.cookie)).html);
    const link = (name: string) => html.slice(html.lastIndexOf("<a", html.indexOf(name)), html.indexOf("</a>", html.indexOf(name)));
    expect(link("Chatty Cathy")).toContain(`href="/messages/${talk.id}"`);
    expect(link("Chatty Cathy")).toContain("See you at the swap!");
    expect(link("Chatty Cathy")).toMatch(/>3<span class="sr-only"> unread<\/span>/);
    expect(link("Quiet Quentin")).toContain("No messages yet");
    expect(link("Quiet Quentin")).not.toContain("unread");
    expect(html.indexOf("Chatty Cathy")).toBeLessThan(html.indexOf("Quiet Quentin"));
  });
});

describe("Start a Conversation", () => {
  it("opens as a labelled dialog with one field for an e-mail or a member id", async () => {
    const member = await signedInMember();
    const dialog = openDialog((await page("/messages?dialog=start", member.cookie)).html, "Start a Conversation");
    expect(dialog).not.toBeNull();
    expect(dialog).toMatch(/<label[^>]*>Email or member ID<\/label>/);
    expect(dialog).toMatch(/<input[^>]*name="query"/);
    expect(dialog).toMatch(/<button type="submit"[^>]*>Start Conversation<\/button>/);
  });

  it("finds a member by e-mail (any case) and goes to the conversation, the same one every time", async () => {
    const member = await signedInMember();
    const friend = await createMember({ name: "Farah", email: "farah.reads@example.com" });
    const first = await startThroughModal(member, "  Farah.Reads@Example.com ");
    expect(first.status).toBe(302);
    const location = first.headers.get("Location")!;
    expect(location).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    const again = await startThroughModal(member, friend.id);
    expect(again.headers.get("Location")).toBe(location);

    const { status, html } = await page(location, member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Farah — Messages — BookClub</title>");
  });

  it("says 'No user found with that email' or 'No user found with that ID' when nobody matches", async () => {
    const member = await signedInMember();
    for (const [query, text] of [
      ["nobody@example.com", "No user found with that email"],
      ["not-an-email@", "No user found with that email"],
      ["no-such-member-id", "No user found with that ID"],
      ["x".repeat(300), "No user found with that ID"],
    ] as const) {
      const response = await startThroughModal(member, query);
      expect(response.status, query).toBe(404);
      const dialog = openDialog(await response.text(), "Start a Conversation");
      expect(dialog, query).toContain(text);
      expect(dialog).toMatch(/<input[^>]*aria-invalid="true"/);
    }
  });

  it("asks for something to search, refuses oneself, and says why a blocked member cannot be written to", async () => {
    const member = await signedInMember({ email: "me.myself@example.com" });
    const blank = await startThroughModal(member, "   ");
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please enter an email or member ID.");

    const self = await startThroughModal(member, "me.myself@example.com");
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("You can&#x27;t start a conversation with yourself.");

    const blocker = await createMember();
    await db.insert(blocks).values({ blockerId: blocker.id, blockedId: member.user.id });
    const refused = await startThroughModal(member, blocker.id);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You can&#x27;t message this member.");
  });
});

describe("starting conversations from the pages is rate-limited too", () => {
  const TOO_QUICKLY = "You&#x27;re starting conversations too quickly. Please wait a minute and try again.";

  it("Start a Conversation and a profile's Start Conversation say why an 11th new one within a minute is refused (429)", async () => {
    await startOfRateLimitWindow();
    const member = await signedInMember();
    const others = await Promise.all(Array.from({ length: 12 }, () => createMember()));
    for (const other of others.slice(0, 10)) expect((await startThroughModal(member, other.id)).status).toBe(302);

    const fromDialog = await startThroughModal(member, others[10]!.id);
    expect(fromDialog.status).toBe(429);
    expect(openDialog(await fromDialog.text(), "Start a Conversation")).toContain(TOO_QUICKLY);

    const fromProfile = await postForm(`/users/${others[11]!.id}`, { intent: "start" }, member.cookie);
    expect(fromProfile.status).toBe(429);
    expect(markup(await fromProfile.text())).toMatch(new RegExp(`Could not start conversation</p><p>${TOO_QUICKLY}</p>`));

    // A conversation the member already has still opens.
    expect((await startThroughModal(member, others[0]!.id)).status).toBe(302);
  });
});

describe("/messages/{conversationId}", () => {
  it("offers neither Block nor a composer in a deleted member's thread, and says why", async () => {
    const member = await signedInMember();
    const leaver = await signedInMember({ name: "Lena Leaver" });
    const id = await openConversation(leaver.user.id, member.user.id);
    await conversationRoom(env, id).post(leaver.user.id, "Keep the book, I'm moving away.");
    expect((await deleteAccountByApi(leaver.cookie)).status).toBe(200);

    const visible = markup((await page(`/messages/${id}`, member.cookie)).html);
    expect(visible).toContain("Keep the book, I&#x27;m moving away.");
    expect(visible).toContain("This member deleted their account, so they can&#x27;t receive messages.");
    expect(visible).not.toMatch(/<textarea/);
    expect(visible).not.toMatch(/>Block<|>Unblock</);
    expect(openDialog((await page(`/messages/${id}?dialog=block`, member.cookie)).html, "Block .*\\?")).toBeNull();
  });

  it("shows the thread oldest to newest with a working composer, and nothing 'coming soon'", async () => {
    const member = await signedInMember();
    const friend = await createMember({ name: "Fiona Friend" });
    const id = await openConversation(friend.id, member.user.id);
    const room = conversationRoom(env, id);
    await room.post(friend.id, "Do you still have Middlemarch?");
    await room.post(member.user.id, "Yes!\nCome by on Sunday.");

    const { status, html } = await page(`/messages/${id}`, member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Fiona Friend — Messages — BookClub</title>");
    const visible = markup(html);
    expect(visible).toMatch(new RegExp(`<a[^>]*href="/users/${friend.id}"[^>]*>Fiona Friend</a>`));
    expect(visible).toMatch(/<div role="log" aria-label="Messages with Fiona Friend"/);
    const log = visible.slice(visible.indexOf('role="log"'));
    expect(log.indexOf("Do you still have Middlemarch?")).toBeLessThan(log.indexOf("Come by on Sunday."));
    expect(log).toContain("Yes!\nCome by on Sunday.");
    expect(visible).not.toContain("No messages yet.");
    expect(visible).not.toContain("Select a conversation to start messaging.");
    const composer = visible.match(/<textarea[^>]*>/)![0];
    expect(composer).toContain('name="content"');
    expect(composer).not.toContain("disabled");
    expect(visible).toMatch(/<label[^>]*>Message Fiona Friend<\/label>/);
    expect(visible).toMatch(/<button type="submit"[^>]*>Send<\/button>/);
    expect(visible).toContain("Enter sends, Shift+Enter starts a new line.");
    expect(visible.toLowerCase()).not.toContain("coming soon");
    // A phone shows the thread alone, with a way back to the list.
    expect(visible).toMatch(/<a[^>]*href="\/messages"[^>]*>.*<span aria-hidden="true">Back<\/span><span class="sr-only">Back to conversations<\/span><\/a>/);
  });

  it("says 'No messages yet.' for a new conversation, and offers older messages when there are more than 30", async () => {
    const member = await signedInMember();
    const friend = await createMember();
    const id = await openConversation(member.user.id, friend.id);
    expect(markup((await page(`/messages/${id}`, member.cookie)).html)).toContain("No messages yet.");

    const room = conversationRoom(env, id);
    for (let i = 1; i <= 31; i++) await room.post(friend.id, `note ${i}`);
    const visible = markup((await page(`/messages/${id}`, member.cookie)).html);
    expect(visible).toContain("note 31");
    expect(visible).not.toContain(">note 1<");
    expect(visible).toContain("Load older messages");
  });

  it("sends without JavaScript, then shows the message (and a reload does not post again)", async () => {
    const member = await signedInMember();
    const friend = await createMember();
    const id = await openConversation(member.user.id, friend.id);
    const sent = await postForm(`/messages/${id}`, { intent: "send", content: "  See you at noon  " }, member.cookie);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/messages/${id}`);
    expect((await conversationRoom(env, id).list(member.user.id, 10)).items.map((m) => m.content)).toEqual(["See you at noon"]);
  });

  it("keeps the text with the reason when a send is refused", async () => {
    const member = await signedInMember();
    const friend = await createMember();
    const id = await openConversation(member.user.id, friend.id);
    const blank = await postForm(`/messages/${id}`, { intent: "send", content: "  " }, member.cookie);
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please write a message.");

    await db.insert(blocks).values({ blockerId: friend.id, blockedId: member.user.id });
    const refused = await postForm(`/messages/${id}`, { intent: "send", content: "Are you there?" }, member.cookie);
    expect(refused.status).toBe(403);
    const visible = markup(await refused.text());
    expect(visible).toContain("You can&#x27;t message this member.");
    expect(visible).toMatch(/<textarea[^>]*>Are you there\?<\/textarea>/);
    expect((await conversationRoom(env, id).list(member.user.id, 10)).items).toEqual([]);
  });

  it("blocks and unblocks the other member from the conversation, after asking", async () => {
    const member = await signedInMember();
    const pest = await createMember({ name: "Pat Pest" });
    const id = await openConversation(member.user.id, pest.id);
    const dialog = openDialog((await page(`/messages/${id}?dialog=block`, member.cookie)).html, "Block Pat Pest\\?");
    expect(dialog).toContain("won&#x27;t be able to start a conversation with you or send you messages");
    expect(dialog).toMatch(/<input type="hidden" name="intent" value="block"\/>/);

    const blocked = await postForm(`/messages/${id}?dialog=block`, { intent: "block" }, member.cookie);
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toBe(`/messages/${id}`);
    const after = markup((await page(`/messages/${id}`, member.cookie)).html);
    expect(after).toContain("You have blocked Pat Pest. Unblock them to send messages again.");
    expect(after).not.toMatch(/<textarea/);
    expect(after).toMatch(/aria-haspopup="dialog"[^>]*>Unblock<\/button>/);

    expect((await postForm(`/messages/${id}`, { intent: "unblock" }, member.cookie)).status).toBe(302);
    expect(markup((await page(`/messages/${id}`, member.cookie)).html)).toMatch(/<textarea/);
  });

  it("refuses an oversized form with 413 and sends nothing", async () => {
    const member = await signedInMember();
    const friend = await createMember();
    const id = await openConversation(member.user.id, friend.id);
    const oversized = await postForm(`/messages/${id}`, { intent: "send", content: "x".repeat(70 * 1024) }, member.cookie);
    expect(oversized.status).toBe(413);
    expect((await startThroughModal(member, "y".repeat(70 * 1024))).status).toBe(413);
    expect((await postForm(`/users/${friend.id}`, { intent: "start", padding: "z".repeat(70 * 1024) }, member.cookie)).status).toBe(413);
    expect((await conversationRoom(env, id).list(member.user.id, 10)).items).toEqual([]);
  });

  it("answers 404 to anyone else, exactly as for an unknown id, and refuses their posts", async () => {
    const [a, b] = [await createMember(), await createMember()];
    const conversation = await createConversation(a.id, b.id, { snippet: "private words" });
    const stranger = await signedInMember();
    for (const id of [conversation.id, crypto.randomUUID()]) {
      const { status, html } = await page(`/messages/${id}`, stranger.cookie);
      expect(status).toBe(404);
      expect(html).toContain("Conversation not found");
      expect(html).not.toContain("private words");
    }
    expect((await postForm(`/messages/${conversation.id}`, { intent: "send", content: "hi" }, stranger.cookie)).status).toBe(404);
    expect((await postForm(`/messages/${conversation.id}`, { intent: "block" }, stranger.cookie)).status).toBe(404);
  });
});
