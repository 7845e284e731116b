import type { Page } from "@playwright/test";
import { expect, expectAccessible, newMember, signInAsNewMember, test, waitUntilHydrated } from "../helpers/e2e/fixtures";

test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });

/** Adds a book on "Add a book" with its language and age group, as the member chooses them there. */
async function addBook(page: Page, book: { title: string; language: string; age: string }) {
  await page.goto("/books/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add a book" })).toBeVisible();
  await page.getByLabel("Title").fill(book.title);
  await page.getByLabel("Author").fill("Lea Lister");
  await page.getByLabel("Book language").selectOption({ label: book.language });
  await page.getByLabel("Age group").selectOption({ label: book.age });
  await page.getByRole("button", { name: "Add Book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: book.title })).toBeVisible();
}

/** The count above the list (the pager under it says the same). */
const count = (page: Page) => page.getByRole("navigation", { name: "Pages (top)" }).getByRole("paragraph");
const cards = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });

test("a member lists books in two languages and age groups, and a reader narrows the library by language, age group and Available now on a phone, with a search", async ({
  page,
  newClient,
}) => {
  // A word of this run's own: other journeys' books never match it.
  const word = `Quoll${Date.now().toString(36)}`;
  const lister = await newClient("Lea Lister");
  await addBook(lister.page, { title: `Le ${word} du soir`, language: "French", age: "Adult" });
  await addBook(lister.page, { title: `La ${word} des jeunes`, language: "French", age: "Young adult" });
  await addBook(lister.page, { title: `The ${word} Primer`, language: "English", age: "Young adult" });
  // Her book's page says what she chose.
  await expect(lister.page.getByText("Young adult")).toBeVisible();

  await signInAsNewMember(page, newMember("Rhea Reader"));
  await page.goto(`/library?search=${word}`);
  await expect(page.getByRole("heading", { level: 1, name: "Community Library" })).toBeVisible();
  await expect(count(page)).toHaveText("Showing 1–3 of 3 books");

  // French only: the language's name is in the reader's language (the filters' code comes just after the page's).
  const language = page.getByLabel("Book language");
  await waitUntilHydrated(language);
  await language.selectOption({ label: "French" });
  await expect(count(page)).toHaveText("Showing 1–2 of 2 books");
  await expect(cards(page)).toHaveText([`La ${word} des jeunes`, `Le ${word} du soir`]);
  expect(new URL(page.url()).searchParams.get("language")).toBe("fr");

  // And young adult: one book; Available now keeps it (nobody has borrowed it).
  await page.getByLabel("Age group").selectOption({ label: "Young adult" });
  await expect(count(page)).toHaveText("Showing 1–1 of 1 books");
  await expect(cards(page)).toHaveText([`La ${word} des jeunes`]);
  await page.getByLabel("Available now").check();
  await expect(page).toHaveURL(/available=1/);
  await expect(cards(page)).toHaveText([`La ${word} des jeunes`]);
  await expectAccessible(page);

  // English and young adult: the other one.
  await page.getByLabel("Book language").selectOption({ label: "English" });
  await expect(cards(page)).toHaveText([`The ${word} Primer`]);

  // A new search keeps the filters: an adult English book with this word there is none.
  await page.getByLabel("Age group").selectOption({ label: "Adult" });
  await expect(page.getByText("No books found matching")).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search books" });
  await search.fill(`${word} soir`);
  await search.press("Enter");
  await expect(page.getByText(`No books found matching "${word} soir".`)).toBeVisible();
  const params = new URL(page.url()).searchParams;
  expect([params.get("language"), params.get("ageGroupFine"), params.get("available")]).toEqual(["en", "adult", "1"]);

  // Any language again: the French adult book is the one.
  await page.getByLabel("Book language").selectOption({ label: "Any language" });
  await expect(cards(page)).toHaveText([`Le ${word} du soir`]);
});
