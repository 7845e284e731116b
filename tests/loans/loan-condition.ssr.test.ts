import { describe, expect, it } from "vitest";
import { page } from "../helpers/pages";
import { lendingScene, requestLoanAs, stepOk } from "./support";

/** The rendered row (<li>) of the book titled `title` on /loans, or "" when it is not listed. */
function row(html: string, title: string) {
  const at = html.indexOf(`>${title}</a></h2>`);
  if (at < 0) return "";
  return html.slice(html.lastIndexOf("<li", at), html.indexOf("</li>", at));
}
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/** The <label> text for the control with this id. */
const labelFor = (html: string, id: string) => html.match(new RegExp(`<label[^>]*for="${id}"[^>]*>([^<]*)</label>`))?.[1];

describe("/loans shows the book's condition at hand-over and return", () => {
  it("offers labelled condition fields on the hand-over and return forms, 'Same as at hand-over' first at return", async () => {
    const scene = await lendingScene({ title: "Condition Page Forms" });
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loanId, "accept", scene.owner);

    const promised = row((await page("/loans?tab=lent", scene.owner.cookie)).html, "Condition Page Forms");
    expect(promised).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(labelFor(promised, `condition-handover-${loanId}`)).toBe("Condition at hand-over");
    expect(labelFor(promised, `condition-note-handover-${loanId}`)).toBe("Note on the condition (optional)");
    expect(labelFor(promised, `condition-photo-handover-${loanId}`)).toBe("Photo of the book (optional)");
    expect(promised).toMatch(/<select[^>]*name="condition"/);
    expect(promised).toMatch(/<input[^>]*name="photo"[^>]*type="file"|<input[^>]*type="file"[^>]*name="photo"/);
    expect([...promised.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]])).toEqual([
      ["", "Not recorded"],
      ["like_new", "Like new"],
      ["good", "Good"],
      ["worn", "Worn"],
      ["damaged", "Damaged"],
    ]);

    await stepOk(loanId, "lent", scene.owner, { condition: "good", note: "Small dent on the corner" });
    const lent = row((await page("/loans?tab=lent", scene.owner.cookie)).html, "Condition Page Forms");
    expect(labelFor(lent, `condition-return-${loanId}`)).toBe("Condition at return");
    const returnSelect = lent.slice(lent.indexOf(`id="condition-return-${loanId}"`));
    expect(text(returnSelect)).toMatch(/^[^A-Za-z]*[^<]*Same as at hand-over \(Good\) Like new Good Worn Damaged/);
    expect(lent).toMatch(/<option value="same" selected="">Same as at hand-over \(Good\)<\/option>/);
    // While lent, both sides see the hand-over's record, and the return is still to come.
    for (const [member, tab] of [
      [scene.owner, "lent"],
      [scene.borrower, "borrowed"],
    ] as const) {
      const shown = text(row((await page(`/loans?tab=${tab}`, member.cookie)).html, "Condition Page Forms"));
      expect(shown).toContain("At hand-over Good “Small dent on the corner” At return Not returned yet");
    }
  });

  it("shows both records side by side in History, and 'Returned damaged' with the owner's note to the borrower", async () => {
    const scene = await lendingScene({ title: "Condition Page History" });
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loanId, "accept", scene.owner);
    await stepOk(loanId, "lent", scene.owner, { condition: "like_new", note: "Fresh from the shop" });
    await stepOk(loanId, "returned", scene.owner, { condition: "damaged", note: "Water damage on the back" });

    const borrowerRow = row((await page("/loans?tab=history", scene.borrower.cookie)).html, "Condition Page History");
    expect(text(borrowerRow)).toContain("Returned damaged. Olive Owner's note: Water damage on the back");
    expect(borrowerRow).toMatch(/<section aria-label="Condition of the book" class="grid grid-cols-2/);
    expect(text(borrowerRow)).toContain("At hand-over Like new “Fresh from the shop” At return Damaged “Water damage on the back”");

    const ownerRow = text(row((await page("/loans?tab=history", scene.owner.cookie)).html, "Condition Page History"));
    expect(ownerRow).toContain("At hand-over Like new “Fresh from the shop” At return Damaged “Water damage on the back”");
    expect(ownerRow).not.toContain("Returned damaged.");
  });

  it("does not tell the borrower 'Returned damaged' for damage recorded at hand-over", async () => {
    const scene = await lendingScene({ title: "Condition Page Old Damage" });
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loanId, "accept", scene.owner);
    await stepOk(loanId, "lent", scene.owner, { condition: "damaged", note: "Loose pages" });
    await stepOk(loanId, "returned", scene.owner, { condition: "same" });
    const shown = text(row((await page("/loans?tab=history", scene.borrower.cookie)).html, "Condition Page Old Damage"));
    expect(shown).toContain("At hand-over Damaged “Loose pages” At return Damaged · same as at hand-over");
    expect(shown).not.toContain("Returned damaged");
  });

  it("shows the owner how many books a borrower returned damaged, on their next request", async () => {
    const scene = await lendingScene({ title: "Condition Page Record" });
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    await stepOk(loanId, "accept", scene.owner);
    await stepOk(loanId, "lent", scene.owner, { condition: "good" });
    await stepOk(loanId, "returned", scene.owner, { condition: "damaged" });
    await requestLoanAs(scene.borrower, scene.book.id);
    const request = text(row((await page("/loans?tab=requests", scene.owner.cookie)).html, "Condition Page Record"));
    expect(request).toContain("1 loan completed · 1 of 1 on time · 1 returned damaged");
  });
});
