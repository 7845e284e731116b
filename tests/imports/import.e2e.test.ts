import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SCANNED_ISBN } from "../books/fixtures/google-books-isbn";
import { expect, expectAccessible, newMember, signInAsNewMember, test } from "../helpers/e2e/fixtures";
import { startRecordedMetadata } from "../helpers/e2e/recorded-metadata";

const GOODREADS_EXPORT = path.join(import.meta.dirname, "./fixtures/goodreads-library-export.csv");
/** A reader's export as it usually is: most rows on to-read, Owned Copies set for the books they have. */
const MOSTLY_TO_READ = path.join(import.meta.dirname, "./fixtures/goodreads-mostly-to-read.csv");

let metadata: Awaited<ReturnType<typeof startRecordedMetadata>>;
test.beforeAll(async () => {
  metadata = await startRecordedMetadata();
});
test.afterAll(async () => {
  await metadata.close();
});

test.describe("importing from Goodreads", () => {
  test("a new member previews an export, picks a shelf, watches the books arrive and downloads the failed rows and their books", async ({ page }) => {
    await signInAsNewMember(page, newMember("Ingrid Importer"));
    await expect(page.getByText("You haven't added any books yet. Click 'Add Books' to get started!")).toBeVisible();

    await page.getByRole("button", { name: "Import from Goodreads or StoryGraph" }).click();
    const dialog = page.getByRole("dialog", { name: "Import from Goodreads or StoryGraph" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Export file (CSV)").setInputFiles(GOODREADS_EXPORT);

    // The preview: rows, shelves with counts, duplicates and the failed line.
    await expect(dialog.getByRole("heading", { name: "6 rows in this Goodreads export" })).toBeVisible();
    await expect(dialog.getByText("4 new books, 0 books already on your shelf, 1 duplicate in the file, 1 failed row.")).toBeVisible();
    await expect(dialog.getByText("Line 8: No title")).toBeVisible();
    await expectAccessible(page);
    // Only the books the member owns are ticked: the "owned" shelf; no row has Owned Copies set.
    await expect(dialog.getByRole("checkbox", { name: "owned (4)" })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "Books you own (0)" })).toBeDisabled();
    for (const shelf of ["read", "currently-reading", "favourites", "to-read"]) {
      await expect(dialog.getByRole("checkbox", { name: new RegExp(`^${shelf} `) })).not.toBeChecked();
    }
    // The count follows the ticks; to-read is added only on purpose.
    await expect(dialog.getByText("3 books will be added")).toBeVisible();
    await dialog.getByRole("checkbox", { name: "to-read (1)" }).check();
    await expect(dialog.getByText("4 books will be added")).toBeVisible();
    await dialog.getByRole("checkbox", { name: "to-read (1)" }).uncheck();
    await dialog.getByRole("checkbox", { name: "owned (4)" }).uncheck();
    await expect(dialog.getByText("0 books will be added")).toBeVisible();
    // The to-read row (1984) still goes to Wanted, on by default: nothing to import once that is off too.
    await expect(dialog.getByText("0 books to your shelf, 1 book to Wanted")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Import books" })).toBeEnabled();
    await dialog.getByRole("checkbox", { name: "Add the to-read shelf to Wanted (1)" }).uncheck();
    await expect(dialog.getByRole("button", { name: "Import books" })).toBeDisabled();
    await dialog.getByRole("checkbox", { name: "owned (4)" }).check();
    await expect(dialog.getByText("3 books will be added")).toBeVisible();
    await dialog.getByRole("button", { name: "Import books" }).click();
    await expect(dialog).toBeHidden();

    // Progress on My Books while the queue adds the books, which appear on the shelf.
    const progress = page.getByRole("region", { name: /Import/ });
    await expect(progress).toBeVisible();
    await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 30_000 });
    await expect(progress.getByRole("status")).toHaveText("3 books added, 1 duplicate skipped, 1 failed.");
    const shelf = page.getByRole("list").filter({ has: page.getByRole("link", { name: "The Great Gatsby" }) });
    for (const title of ["Pride and Prejudice", "To Kill a Mockingbird", "The Great Gatsby"]) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    await expect(shelf.getByRole("link", { name: "1984" })).toHaveCount(0);
    await expect(page.getByText("3 books on your shelf")).toBeVisible();
    expect(metadata.requests.some((url) => url.searchParams.get("q") === `isbn:${SCANNED_ISBN}`)).toBe(true);
    // The cover the lookup found, copied into R2 and served from /media.
    const cover = page.locator(`[data-book-id] img[src^="/media/covers/"]`);
    await expect(cover).toHaveCount(1);

    const failedDownload = page.waitForEvent("download");
    await progress.getByRole("link", { name: "Download failed rows" }).click();
    const failed = await failedDownload;
    expect(failed.suggestedFilename()).toBe("failed-rows.csv");
    expect(await readFile((await failed.path())!, "utf8")).toBe("Line,Title,Author,ISBN13,Reason\r\n8,,Nobody,,No title\r\n");

    const booksDownload = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my books" }).click();
    const exported = await booksDownload;
    expect(exported.suggestedFilename()).toMatch(/^bookclub-books-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await exported.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^Book Id,Title,Author,Author l-f,/);
    expect(csv).toContain(',Pride and Prejudice,Jane Austen,,,"=""0141439513""","=""9780141439518""",');
    expect(csv.trim().split("\r\n")).toHaveLength(4);
  });

  test("a file that is not an export is refused with the line named", async ({ page }, testInfo) => {
    await signInAsNewMember(page, newMember("Nora Notacsv"));
    await page.getByRole("button", { name: "Import from Goodreads or StoryGraph" }).click();
    const dialog = page.getByRole("dialog", { name: "Import from Goodreads or StoryGraph" });
    const file = testInfo.outputPath("contacts.csv");
    await writeFile(file, "name,email\nAda,ada@example.com\n");
    await dialog.getByLabel("Export file (CSV)").setInputFiles(file);
    await expect(dialog.getByRole("alert")).toHaveText(/^Line 1: this is not a Goodreads or StoryGraph export/);
    await expect(dialog.getByRole("button", { name: "Import books" })).toBeDisabled();
  });
});

test.describe("importing a reader's real export", () => {
  test("only the books the export marks as owned are ticked; to-read and currently-reading are chosen on purpose", async ({ page }) => {
    await signInAsNewMember(page, newMember("Tess Toread"));
    await page.getByRole("button", { name: "Import from Goodreads or StoryGraph" }).click();
    const dialog = page.getByRole("dialog", { name: "Import from Goodreads or StoryGraph" });
    await dialog.getByLabel("Export file (CSV)").setInputFiles(MOSTLY_TO_READ);

    await expect(dialog.getByRole("heading", { name: "16 rows in this Goodreads export" })).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "Books you own (4)" })).toBeChecked();
    await expect(dialog.getByText("Marked in the export's “Owned Copies” column.")).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "to-read (10)" })).not.toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "currently-reading (2)" })).not.toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: "owned (1)" })).toBeChecked();
    await expect(dialog.getByText("5 books will be added")).toBeVisible();
    // The to-read rows not marked owned go to Wanted instead of being dropped (issue 36).
    await expect(dialog.getByRole("checkbox", { name: "Add the to-read shelf to Wanted (10)" })).toBeChecked();
    await expect(dialog.getByText("5 books to your shelf, 9 books to Wanted")).toBeVisible();
    // Which books: the list names them and marks the ones the export says are owned.
    await dialog.getByText("Show the books").click();
    const list = dialog.getByRole("list", { name: "Books to add" });
    await expect(list.getByRole("listitem")).toHaveText([
      "The Hobbit, J.R.R. Tolkien (owned)",
      "Dune, Frank Herbert (owned)",
      "Beloved, Toni Morrison",
      "Piranesi, Susanna Clarke (owned)",
      "Middlemarch, George Eliot (owned)",
    ]);
    await expectAccessible(page);

    await dialog.getByRole("button", { name: "Import books" }).click();
    await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("region", { name: /Import/ }).getByRole("status")).toHaveText("5 books added, 0 duplicates skipped, 0 failed.");
    await expect(page.getByText("9 books added to Wanted.")).toBeVisible();
    await expect(page.getByText("5 books on your shelf")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Project Hail Mary" })).toHaveCount(0);
  });

  test("a file picked before the page is interactive is read once it is", async ({ page }) => {
    await signInAsNewMember(page, newMember("Sam Slowphone"));
    // A slow phone: the importer's page is on screen, its JavaScript not yet run.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/my-books?dialog=import", { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog", { name: "Import from Goodreads or StoryGraph" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Export file (CSV)").setInputFiles(MOSTLY_TO_READ);

    release();
    await expect(dialog.getByRole("heading", { name: "16 rows in this Goodreads export" })).toBeVisible();
    await expect(dialog.getByText("5 books will be added")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Import books" })).toBeEnabled();
  });
});
