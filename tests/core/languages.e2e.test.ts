import type { Page } from "@playwright/test";
import { pseudoText } from "../../worker/core/i18n/pseudo";
import { catalogue } from "../helpers/e2e/catalogue";
import { addBookByHand, expect, expectAccessible, type Member, type NewClient, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { keepScreenshot } from "../helpers/e2e/screenshots";

// A reader on a phone signs in, browses, opens a book, asks to borrow it and writes to its
// owner, in Spanish and in Arabic (right to left), every text from the catalogue; and the
// pseudo-locale shows no text that skipped it.
const PHONE = { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true };

/** Text that does not fit its box (cut off rather than wrapped or ellipsed), or a page wider than the screen. */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) problems.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (element.closest(".sr-only, [aria-hidden='true'], dialog:not([open])")) continue;
      // A closed <details> (the bar's More) shows only its summary.
      if (element.closest("details:not([open])") && !element.closest("summary")) continue;
      const style = getComputedStyle(element);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!text) continue;
      const name = `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`;
      if (["hidden", "clip"].includes(style.overflowX) && style.textOverflow !== "ellipsis" && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name} is cut off`);
      // Inside a strip that scrolls sideways (tabs), off-screen is by design.
      let scroller = element.parentElement;
      while (scroller && !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      const box = element.getBoundingClientRect();
      if (!scroller && box.width > 0 && (box.left < -1 || box.right > width + 1)) problems.push(`${name} runs off the screen`);
    }
    return problems;
  });
}

/** A member who signs in and works in English, whatever this test's browser asks for. */
async function englishOwner(newClient: NewClient, baseURL: string, member: Member) {
  const client = await newClient();
  await client.context.addCookies([{ name: "lang", value: "en", url: baseURL }]);
  await signInAsNewMember(client.page, member);
  return { ...client, member };
}

/** The phone bar reads from the right in a right-to-left language: its first item (Library) is its rightmost. */
async function expectMirroredBar(page: Page) {
  const items = page.locator(".bottom-bar > *");
  const first = await items.first().boundingBox();
  const last = await items.last().boundingBox();
  expect(first && last && first.x > last.x, "the bottom bar starts at the right").toBe(true);
}

for (const language of ["es", "ar"] as const) {
  test.describe(`in ${language === "es" ? "Spanish" : "Arabic"}, on a phone`, () => {
    test.use({ ...PHONE, locale: language === "es" ? "es-ES" : "ar-EG" });

    test("a reader signs in, browses, opens a book, asks to borrow it and writes to its owner", async ({ page, newClient, baseURL }, testInfo) => {
      test.setTimeout(120_000);
      const t = catalogue(language);
      // The owner reads English: their browser would ask for the reader's language otherwise.
      const owner = await englishOwner(newClient, baseURL!, newMember("Olga Owner"));
      const title = `Cien años ${Date.now().toString(36)}`;
      const bookPath = await addBookByHand(owner.page, title, "Gabriel García Márquez");

      // Sign in: the browser asks for the language, the server answers in it from the first byte.
      const reader = newMember(language === "es" ? "Rita Lectora" : "Rami Qari");
      await page.goto("/login?redirectTo=/library");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { name: t("Sign in to BookClub") })).toBeVisible();
      await page.getByLabel(t("Name"), { exact: true }).fill(reader.name);
      await page.getByLabel(t("Email"), { exact: true }).fill(reader.email);
      await page.getByRole("button", { name: t("Sign in as new member") }).tap();

      // Browse the library and open the book.
      await expect(page.getByRole("heading", { level: 1, name: t("Community Library") })).toBeVisible();
      if (language === "ar") {
        await expectMirroredBar(page);
        await keepScreenshot(page, testInfo, "phone-ar-library");
        expect(await clippedText(page)).toEqual([]);
      }
      await expectAccessible(page);
      await page.goto(bookPath);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      if (language === "ar") {
        await keepScreenshot(page, testInfo, "phone-ar-book-page");
        expect(await clippedText(page)).toEqual([]);
      }

      // Ask to borrow: one press records the request and opens the chat with the owner.
      await page.getByRole("button", { name: t("Borrow from {owner}", { owner: owner.member.name }) }).tap();
      await expect(page.getByRole("heading", { level: 2, name: owner.member.name })).toBeVisible();
      const box = page.getByRole("textbox", { name: t("Message {name}", { name: owner.member.name }) });
      await box.fill(language === "es" ? "¿Te va bien el sábado?" : "هل يناسبك يوم السبت؟");
      await page.getByRole("button", { name: t("Send"), exact: true }).tap();
      const log = page.getByRole("log", { name: t("Messages with {name}", { name: owner.member.name }) });
      await expect(log.getByText(language === "es" ? "¿Te va bien el sábado?" : "هل يناسبك يوم السبت؟")).toBeVisible();
      await expect(box).toHaveValue("");
      await expectAccessible(page);
      if (language === "ar") {
        await expectMirroredBar(page);
        await keepScreenshot(page, testInfo, "phone-ar-messages");
        expect(await clippedText(page)).toEqual([]);
      }

      // The request is on /loans, in the language.
      await page.goto("/loans?tab=borrowed");
      await expect(page.getByRole("heading", { level: 1, name: t("Loans") })).toBeVisible();
      if (language === "ar") {
        await keepScreenshot(page, testInfo, "phone-ar-loans");
        expect(await clippedText(page)).toEqual([]);
      }
      await expectAccessible(page);
    });
  });
}

test.describe("the pseudo-locale", () => {
  test.use(PHONE);

  test("shows no interface text that skipped the catalogue, on the journey's pages and the rest of a member's", async ({ page, newClient }) => {
    test.setTimeout(120_000);
    // Content in accented letters too, so only untranslated interface text is plain ASCII.
    const owner = await newClient({ name: "Ŏŀġá Ŏŵñéŕ", email: newMember("Olga Owner").email });
    const title = `Ŧḗşŧ Ɓǿǿķ ${Date.now()}`;
    const bookPath = await addBookByHand(owner.page, title, "Ǻŭŧħǿř");

    const reader = { name: "Ƥşḗŭḓǿ Řḗȧḓḗř", email: newMember("Pseudo Reader").email };
    await page.goto("/login?redirectTo=/library&lang=en-XA");
    // The footer's switch keeps the choice for the rest of the visit.
    const p = (text: string) => `[${pseudoText(text)}]`;
    // The footer hydrates once its code has loaded (before then it is a plain form): wait for React's hold on the select.
    await page.waitForFunction(() => Object.keys(document.getElementById("footer-language") ?? {}).some((key) => key.startsWith("__reactProps")));
    await page.getByLabel(p("Language")).selectOption("en-XA");
    // The switch posts and comes back to the page without ?lang=: the cookie now chooses.
    await page.waitForURL((url) => url.pathname === "/login" && !url.searchParams.has("lang"));
    await expect(page.getByRole("heading", { name: p("Sign in to BookClub") })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    await page.getByLabel(p("Name"), { exact: true }).fill(reader.name);
    await page.getByLabel(p("Email"), { exact: true }).fill(reader.email);
    await page.getByRole("button", { name: p("Sign in as new member") }).tap();
    await expect(page.getByRole("heading", { level: 1, name: p("Community Library") })).toBeVisible();
    const untranslated: string[] = [];
    const look = async () => {
      const found = await page.evaluate(() => {
        const plain: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? "";
          const parent = node.parentElement;
          if (!parent || !/[A-Za-z]{2,}/.test(text)) continue;
          // Dates and times are Intl's, a datalist's suggestions (zone names) are data, not shown text; content (titles, names: bdi or dir=auto) and the app's name keep their own text; scripts are not text.
          if (parent.closest("script, style, noscript, datalist, time, bdi, [dir='auto'], [translate='no'], [lang]:not(html)")) continue;
          if (/[\u0100-\u024F\u1E00-\u1EFF]/.test(text)) continue;
          // The one name every language writes as it is.
          if (text === "ISBN") continue;
          plain.push(text);
        }
        return plain;
      });
      untranslated.push(...found.map((text) => `${new URL(page.url()).pathname}: ${text}`));
    };
    await look();
    await page.goto(bookPath);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await look();
    await page.getByRole("button", { name: `[${pseudoText("Borrow from ")}${owner.member.name}]` }).tap();
    await expect(page.getByRole("heading", { level: 2, name: owner.member.name })).toBeVisible();
    await look();
    await page.goto("/loans?tab=borrowed");
    await expect(page.getByRole("heading", { level: 1, name: p("Loans") })).toBeVisible();
    await look();
    // The rest of a member's pages, each once its heading shows.
    for (const [path, heading] of [
      ["/my-books", "My Books"],
      ["/books/new", "Add a book"],
      ["/messages", "Messages"],
      ["/notifications", "Notifications"],
      ["/settings/notifications", "Email Notifications"],
      ["/profile", "Profile"],
      ["/clubs", "Book Clubs"],
      ["/clubs/browse", "Book Clubs"],
      ["/swap-toys", "Swap Toys"],
      ["/about/blogs", "Blog"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: p(heading) })).toBeVisible();
      await look();
    }
    expect(untranslated).toEqual([]);
  });
});
