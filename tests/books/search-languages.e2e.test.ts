import type { Page } from "@playwright/test";
import { expect, newMember, signInAsNewMember, test, waitUntilHydrated } from "../helpers/e2e/fixtures";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

/** Adds a book on "Add a book" (in English) with its language. */
async function addBook(page: Page, title: string, language: string) {
  await page.goto("/books/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add a book" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Author").fill("Lea Lister");
  await page.getByLabel("Book language").selectOption({ label: language });
  await page.getByRole("button", { name: "Add Book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** The reader's interface language, as /profile saves it. */
async function speak(page: Page, language: "ja" | "ar") {
  const origin = test.info().project.use.baseURL!;
  const saved = await page.request.put("/api/users/me", { data: { language }, headers: { Origin: origin } });
  expect(saved.status()).toBe(200);
}

const cards = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });

test("a reader searches the library in Japanese and in Arabic, with the interface in each, and narrows it by the book's language on a phone", async ({
  page,
  newClient,
}) => {
  // A word of this run's own: other journeys' books never match it.
  const word = `Quoll${Date.now().toString(36)}`;
  const lister = await newClient("Lea Lister");
  await addBook(lister.page, `ノルウェイの森 ${word}`, "Japanese");
  await addBook(lister.page, `Norwegian Wood ${word}`, "English");
  await addBook(lister.page, `موسم الهجرة إلى الشمال ${word}`, "Arabic");

  await signInAsNewMember(page, newMember("Yuki Reader"));
  await speak(page, "ja");
  // 森 is a word inside the title, with no space before it.
  await page.goto(`/library?search=${encodeURIComponent(`森 ${word}`)}`);
  await expect(page.getByRole("heading", { level: 1, name: "コミュニティライブラリ" })).toBeVisible();
  await expect(cards(page)).toHaveText([`ノルウェイの森 ${word}`]);
  await expect(page.getByRole("main").locator("mark", { hasText: "森" })).toBeVisible();

  // All three by the run's word, then only the Japanese one by the book's language (named in Japanese).
  const search = page.getByRole("searchbox", { name: "本を検索" });
  // Typed after hydration, which would otherwise put back the box's first words.
  await waitUntilHydrated(search);
  await search.fill(word);
  await search.press("Enter");
  await expect(cards(page)).toHaveCount(3);
  const language = page.getByLabel("本の言語");
  await waitUntilHydrated(language);
  await language.selectOption({ label: "日本語" });
  await expect(cards(page)).toHaveText([`ノルウェイの森 ${word}`]);

  // In Arabic, the everyday spelling (taa marbuta typed as heh) finds the title, right to left.
  await speak(page, "ar");
  await page.goto("/library");
  await expect(page.getByRole("heading", { level: 1, name: "مكتبة المجتمع" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const arabicSearch = page.getByRole("searchbox", { name: "البحث في الكتب" });
  await waitUntilHydrated(arabicSearch);
  await arabicSearch.fill(`الهجره ${word}`);
  await arabicSearch.press("Enter");
  await expect(cards(page)).toHaveText([`موسم الهجرة إلى الشمال ${word}`]);
  await expect(page.getByRole("main").locator("mark", { hasText: "الهجرة" })).toBeVisible();
});
