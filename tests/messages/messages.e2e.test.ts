import type { Page } from "@playwright/test";
import { addBookByHand, createMember, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

/** Live means without a reload: within 2 s of the other member's action. */
const LIVE_MS = 2_000;

/** The top bar's Messages link, whose name carries the unread badge ("Messages 2 unread"). */
const messagesLink = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages/ });

test("A borrows B's book: B sees the request arrive live, reads it, replies live, and blocks A", async ({ page, newClient }) => {
  const owner = await newClient();
  const b = owner.page;
  // B lists a book by hand.
  const bea = await signInAsNewMember(b, newMember("Bea Owner"));
  const title = `The Dispossessed ${Date.now().toString(36)}`;
  const bookPath = await addBookByHand(b, title, "Ursula K. Le Guin");

  // B waits on Messages, with nothing yet.
  await b.goto("/messages");
  await expect(b.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(b.getByText("No conversations yet.")).toBeVisible();
  await expect(messagesLink(b)).toHaveText("Messages");

  // A borrows it and lands in the chat with the request sent.
  await signInAsNewMember(page, newMember("Ari Borrower"));
  await page.goto(bookPath);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: `Borrow from ${bea.name}` }).click();
  // Shown once the request is sent.
  await expect(page.getByText("Message sent to the owner. Opening chat…").first()).toBeVisible();

  // B, without reloading, within 2 s: the conversation appears with the request, and the badge goes up.
  const request = `Hi! I'm interested in borrowing "${title}". Is it available?`;
  const conversations = b.getByRole("navigation", { name: "Conversations" });
  const fromAri = conversations.getByRole("link", { name: /Ari Borrower/ });
  await expect(fromAri).toContainText(request, { timeout: LIVE_MS });
  // Two: the ledger's "📚 Asked to borrow" line (the press records the request) and the spec's message.
  await expect(messagesLink(b)).toHaveText(/^Messages\s*2 unread$/, { timeout: LIVE_MS });
  await expect(fromAri).toContainText("2 unread");
  await expect(b.getByText("No conversations yet.")).toHaveCount(0);

  // A is in the chat, with the request sent.
  await expect(page.getByRole("heading", { level: 2, name: bea.name })).toBeVisible();
  const aLog = page.getByRole("log", { name: `Messages with ${bea.name}` });
  await expect(aLog.getByText(request)).toBeVisible();
  await expectAccessible(page);
  await expectAccessible(b);

  // B opens it: the request is there and the badge clears.
  await fromAri.click();
  const bLog = b.getByRole("log", { name: "Messages with Ari Borrower" });
  await expect(bLog.getByText(request)).toBeVisible();
  await expect(messagesLink(b)).toHaveText("Messages");
  await expect(fromAri).not.toContainText("unread");
  await expectAccessible(b);

  // B replies (Shift+Enter is a new line, Enter sends); A sees it arrive without reloading.
  const bBox = b.getByRole("textbox", { name: "Message Ari Borrower" });
  await bBox.fill("Yes, it's free!");
  await bBox.press("Shift+Enter");
  await bBox.pressSequentially("Come by on Sunday.");
  await bBox.press("Enter");
  await expect(bBox).toHaveValue("");
  await expect(bLog.getByText("Come by on Sunday.")).toBeVisible();
  await expect(aLog.getByText(/Yes, it's free!\s+Come by on Sunday\./)).toBeVisible({ timeout: LIVE_MS });
  // A has the thread open, so the reply is read at once: A's badge stays clear.
  await expect(messagesLink(page)).toHaveText("Messages");

  // B blocks A, after confirming.
  await b.getByRole("button", { name: "Block", exact: true }).click();
  const confirm = b.getByRole("dialog", { name: "Block Ari Borrower?" });
  await expect(confirm).toBeVisible();
  await expectAccessible(b);
  await confirm.getByRole("button", { name: "Block", exact: true }).click();
  await expect(b.getByText("You have blocked Ari Borrower. Unblock them to send messages again.")).toBeVisible();
  await expect(b.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();

  // A's next message is refused, and stays in the box.
  const aBox = page.getByRole("textbox", { name: `Message ${bea.name}` });
  await aBox.fill("Shall I bring it back next week?");
  await aBox.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "You can't message this member." })).toBeVisible();
  await expect(aBox).toHaveValue("Shall I bring it back next week?");
  await expect(aLog.getByText("Shall I bring it back next week?")).toHaveCount(0);
  // Messages from before the block stay.
  await expect(aLog.getByText(request)).toBeVisible();
  await expectAccessible(page);
});

test("on a phone, Start a Conversation finds a member by e-mail; list and thread are separate screens; a failed send is kept and sent once", async ({
  page,
  browser,
}) => {
  const cleo = await createMember(browser, "Cleo Neighbour");
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewMember(page, newMember("Dev Phone"));
  // This journey is the HTTP fallback (the thread's socket never opens, as behind a proxy that drops it); sends over the socket: socket-send.api.test.ts.
  await page.routeWebSocket("**/api/dm/conversations/*/socket", (socket) => socket.close());
  await page.goto("/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await expect(page.getByText("No conversations yet.")).toBeVisible();

  await page.getByRole("button", { name: "Start a Conversation" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a Conversation" });
  await expect(dialog).toBeVisible();
  const search = dialog.getByLabel("Email or member ID");
  await expect(search).toBeFocused();
  await search.fill("nobody-here@example.com");
  await dialog.getByRole("button", { name: "Start Conversation" }).click();
  await expect(dialog.getByText("No user found with that email")).toBeVisible();
  await expectAccessible(page);

  await search.fill(cleo.email);
  await dialog.getByRole("button", { name: "Start Conversation" }).click();
  await expect(page.getByRole("heading", { level: 2, name: cleo.name })).toBeVisible();
  await expect(page.getByText("No messages yet.")).toBeVisible();
  // The thread has the screen to itself, with a way back.
  await expect(page.getByRole("navigation", { name: "Conversations" })).toBeHidden();
  await expectAccessible(page);

  // Offline, a message is not lost: it stays in the box with 'Failed to send message' until it can go.
  const box = page.getByRole("textbox", { name: `Message ${cleo.name}` });
  const log = page.getByRole("log", { name: `Messages with ${cleo.name}` });
  await page.context().setOffline(true);
  await box.fill("Hello from the train");
  await box.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Failed to send message" })).toBeVisible();
  await expect(box).toHaveValue("Hello from the train");
  await page.context().setOffline(false);

  // The reply to a send can be lost after the server stored it: the retry carries the same id, so it is stored once.
  let lostOnce = false;
  await page.route("**/api/dm/conversations/*/messages", async (route) => {
    if (route.request().method() !== "POST" || lostOnce) return route.fallback();
    lostOnce = true;
    await route.fetch();
    await route.abort("aborted");
  });
  await box.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Failed to send message" })).toBeVisible();
  await expect(box).toHaveValue("Hello from the train");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(log.getByText("Hello from the train")).toHaveCount(1);
  await page.reload();
  await expect(log.getByText("Hello from the train")).toHaveCount(1);

  await page.getByRole("link", { name: "Back to conversations" }).click();
  const list = page.getByRole("navigation", { name: "Conversations" });
  await expect(list.getByRole("link", { name: /Cleo Neighbour/ })).toContainText("Hello from the train");
  await expect(page.getByText("Select a conversation to start messaging.")).toBeHidden();
});

test("signing out in one tab ends the open thread in another tab of that browser: its socket is closed for good, and that tab warns and goes to sign-in", async ({
  page,
  browser,
}) => {
  const cleo = await createMember(browser, "Cleo Pen");
  await signInAsNewMember(page, newMember("Dara Twotabs"));
  await page.goto("/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

  const roomSocketUrl = /\/api\/dm\/conversations\/[^/]+\/socket$/;
  // The thread's socket, once the room has said "ready".
  const roomSocket = page
    .waitForEvent("websocket", (socket) => roomSocketUrl.test(socket.url()))
    .then(async (socket) => {
      await socket.waitForEvent("framereceived", (frame) => String(frame.payload).includes('"ready"'));
      return socket;
    });
  await page.getByRole("button", { name: "Start a Conversation" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a Conversation" });
  await dialog.getByLabel("Email or member ID").fill(cleo.email);
  await dialog.getByRole("button", { name: "Start Conversation" }).click();
  await expect(page.getByRole("heading", { level: 2, name: cleo.name })).toBeVisible();
  const socket = await roomSocket;
  const closed = socket.waitForEvent("close", { timeout: 15_000 });
  let reopened = 0;
  page.on("websocket", (other) => {
    if (roomSocketUrl.test(other.url())) reopened++;
  });
  const thread = page.url();

  // The same browser, another tab: Logout ends the session both tabs share.
  const otherTab = await page.context().newPage();
  await otherTab.goto("/library");
  await expect(otherTab.getByRole("heading", { name: "Community Library" })).toBeVisible();
  await otherTab.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" }).click();
  await expect(otherTab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" })).toBeVisible();

  // The thread's socket is closed by the server and not reopened; the thread falls back to HTTP,
  // is told the session is gone, and the tab warns and goes to sign-in with the thread as the way back.
  await closed;
  await expect(page.getByRole("alert").filter({ hasText: "Your session has expired. Please sign in again to continue." })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(new URL(thread).pathname)}`);
  expect(reopened).toBe(0);
});
