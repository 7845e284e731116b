import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { addBookByHand, expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";

test.describe("a member's data and account", () => {
  test("downloads all their data, then deletes their account from the profile", async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const member = await signInAsNewMember(page, newMember("Dana Departing"));
    const title = `Leaving Book ${Date.now().toString(36)}`;
    await addBookByHand(page, title, "Ann Author");

    // "Download all my data" on the profile: a small account's zip comes straight back.
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 2, name: "Your data" })).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download all my data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bookclub-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(JSON.parse(strFromU8(files["profile.json"]!))).toMatchObject({ name: member.name, email: member.email });
    expect(JSON.parse(strFromU8(files["books.json"]!)).map((book: { title: string }) => book.title)).toEqual([title]);
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

    // The session as it was before deletion, to try again afterwards.
    const oldCookies = await page.context().cookies();

    await page.getByRole("link", { name: "Delete my account…" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete my account" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What will happen" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("Please type DELETE to confirm.")).toBeVisible();
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    // Deleting ends every session, this tab's too (its socket is told), but this tab asked: it is
    // not warned that its session expired, and does not sign out (POST /logout?redirectTo=…) on its own.
    let expiryWarnings = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && /\/logout(\.data)?\?redirectTo=/.test(request.url())) expiryWarnings++;
    });
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your account has been deleted" })).toBeVisible();
    expect(expiryWarnings).toBe(0);
    await expect(page.getByRole("alert").filter({ hasText: "Your session has expired" })).toHaveCount(0);

    // The book left the library.
    await page.goto(`/library?search=${encodeURIComponent(title)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
    await expect(page.getByText(`No books found matching "${title}".`)).toBeVisible();

    // The old session no longer signs anyone in.
    const revived = await browser.newContext({ baseURL });
    try {
      await revived.addCookies(oldCookies);
      const old = await revived.newPage();
      await old.goto("/profile");
      await expect(old.getByRole("heading", { name: "Sign in to BookClub" })).toBeVisible();
    } finally {
      await revived.close();
    }
  });
});
