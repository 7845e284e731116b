import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

/** Live means without a reload: within 2 s of the other member's action. */
const LIVE_MS = 2_000;
const CLUBS = { path: "/clubs", heading: "Book Clubs" };

/**
 * The club's current book and its milestones come from the club-reading feature, built beside this
 * one; the journey writes them straight into the e2e server's local D1, as that feature would.
 */
function sql(command: string) {
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", process.env.E2E_STATE ?? ".wrangler/e2e-state", "--command", command], {
    stdio: "ignore",
    env: { ...process.env, CI: "true" },
  });
}

async function createOpenClub(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: "Create Club" }).click();
  const create = page.getByRole("dialog", { name: "Create Book Club" });
  await create.getByLabel("Club Name").fill(name);
  await create.getByLabel("Location").fill("Austin, Texas");
  await create.getByRole("button", { name: "Create Club" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

for (const size of [
  { name: "desktop", use: {} },
  { name: "phone", use: { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true } },
]) {
  test.describe(`the club room (${size.name})`, () => {
    test.use(size.use);

    test("two members talk live in the club room, with the spoiler fold, an announcement and unread counts", async ({ page, newClient }) => {
      const ada = newMember("Ada Admin");
      await signInAsNewMember(page, ada, CLUBS);
      const clubName = `Night Readers ${Date.now().toString(36)}`;
      const clubId = await createOpenClub(page, clubName);

      const { page: b, member: ben } = await newClient("Ben Reader", CLUBS);
      // The second person holds a phone too when this run is the phone's.
      if ("viewport" in size.use && size.use.viewport) await b.setViewportSize(size.use.viewport);
      // Ben has read chapters 1–8 and not 9–14; Ada is further along.
      const book = crypto.randomUUID();
      const [early, late] = [crypto.randomUUID(), crypto.randomUUID()];
      sql(
        `INSERT INTO club_books (id, club_id, title, author, match_key, state, started_at) VALUES ('${book}', '${clubId}', 'Middlemarch', 'George Eliot', 'middlemarch|eliot', 'current', 0);` +
          `INSERT INTO club_milestones (id, club_book_id, position, label) VALUES ('${early}', '${book}', 1, 'chapters 1–8'), ('${late}', '${book}', 2, 'chapters 9–14');` +
          `INSERT INTO milestone_progress (milestone_id, user_id, shared, done_at) SELECT '${early}', id, 0, 0 FROM users WHERE email = '${ben.email}';`,
      );

      // Ben joins the open club and opens its room.
      await b.goto(`/clubs/${clubId}`);
      await expect(b.getByRole("heading", { level: 1, name: clubName })).toBeVisible();
      await b.getByRole("button", { name: "Request to Join" }).click();
      await expect(b.getByRole("button", { name: "Leave Club" })).toBeVisible();
      await b.getByRole("link", { name: "Club room" }).click();
      await expect(b.getByRole("heading", { level: 1, name: "Club room" })).toBeVisible();
      const bLog = b.getByRole("log", { name: `Messages in ${clubName}` });
      await expect(bLog.getByText("No messages yet. Say hello to your club!")).toBeVisible();

      // Ada opens it from the club page too.
      await page.goto(`/clubs/${clubId}`);
      await page.getByRole("link", { name: "Club room" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Club room" })).toBeVisible();
      const aLog = page.getByRole("log", { name: `Messages in ${clubName}` });
      const aBox = page.getByRole("textbox", { name: `Message ${clubName}` });
      await expectAccessible(page);

      // Live both ways.
      await aBox.fill("Welcome to the room!");
      await aBox.press("Enter");
      await expect(aBox).toHaveValue("");
      await expect(aLog.getByText("Welcome to the room!")).toBeVisible();
      await expect(bLog.getByText("Welcome to the room!")).toBeVisible({ timeout: LIVE_MS });
      const bBox = b.getByRole("textbox", { name: `Message ${clubName}` });
      await bBox.fill("Glad to be here.");
      await bBox.press("Enter");
      await expect(aLog.getByText("Glad to be here.")).toBeVisible({ timeout: LIVE_MS });

      // Ada writes in the thread of chapters 9–14: Ben, who hasn't got there, sees the fold, live.
      await page.getByLabel("Thread").selectOption({ label: "chapters 9–14" });
      await aBox.fill("Dorothea marries Casaubon!");
      await aBox.press("Enter");
      await expect(aLog.getByText("Dorothea marries Casaubon!")).toBeVisible();
      const fold = bLog.getByRole("button", { name: /^Spoilers for chapters 9–14: show/ });
      await expect(fold).toBeVisible({ timeout: LIVE_MS });
      await expect(bLog.getByText("Dorothea marries Casaubon!")).toHaveCount(0);
      // Not only hidden: the text never reached Ben's page; opening the fold asks for it.
      expect(await b.content()).not.toContain("Dorothea marries Casaubon!");
      await expectAccessible(b);
      await fold.click();
      await expect(bLog.getByText("Dorothea marries Casaubon!")).toBeVisible();
      // After a reload it is folded again (the server says so): still Ben's choice to look.
      await b.reload();
      await expect(b.getByRole("log", { name: `Messages in ${clubName}` }).getByRole("button", { name: /^Spoilers for chapters 9–14: show/ })).toBeVisible();
      expect(await b.content()).not.toContain("Dorothea marries Casaubon!");

      // An announcement is pinned at the top for everyone.
      await page.getByLabel("Post as an announcement").check();
      await aBox.fill("We meet Friday at 7.");
      await aBox.press("Enter");
      const bPinned = b.getByRole("region", { name: "Pinned announcements" });
      await expect(bPinned.getByText("We meet Friday at 7.")).toBeVisible({ timeout: LIVE_MS });

      // Away from the room, Ben sees what he has not read: on My Clubs and on the club page.
      await b.goto("/clubs");
      await expect(b.getByRole("heading", { level: 1, name: "Book Clubs" })).toBeVisible();
      await page.getByLabel("Thread").selectOption({ label: "Everyone (no spoilers)" });
      await aBox.fill("Bring snacks.");
      await aBox.press("Enter");
      await expect(aLog.getByText("Bring snacks.")).toBeVisible();
      await b.reload();
      await expect(b.getByRole("link", { name: "Club room: 1 unread" })).toBeVisible();
      await expectAccessible(b);
      await b.goto(`/clubs/${clubId}`);
      // Opening the room marks it read once its page is live (a PATCH from the page): Ben stays until it has.
      const markedRead = b.waitForResponse((response) => response.url().endsWith("/room/read") && response.request().method() === "PATCH");
      await b.getByRole("link", { name: "Club room (1 unread)" }).click();
      await expect(b.getByRole("log", { name: `Messages in ${clubName}` }).getByText("Bring snacks.")).toBeVisible();
      expect((await markedRead).ok()).toBe(true);
      await b.goto(`/clubs/${clubId}`);
      await expect(b.getByRole("link", { name: "Club room", exact: true })).toBeVisible();

      // Nothing scrolls sideways on a phone.
      for (const p of [page, b]) expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
