import { describe, expect, it } from "vitest";
import { seedPoll } from "../club-polls/support";
import { currentBookWithMilestones, reached, roomJson } from "../club-room/support";
import { addMember, createClub } from "../clubs/support";
import { createBook, signedInMember } from "../helpers/fixtures";
import { api } from "../helpers/http";
import { page } from "../helpers/pages";

// In an Arabic page, Latin text a member wrote ("Happy to lend in Lisbon.") must keep its own direction:
// each user-written text sits in an element of its own direction (dir="auto") or a <bdi>, else the full
// stop jumps to the start (".Happy to lend in Lisbon") and labels such as the spoiler fold's are jumbled.

/** The page's markup without scripts (hydration data) and React's text separators. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll("'", "&#x27;");

/**
 * Where `text` is shown as text (not in an attribute, the title or a form field's value), the element
 * right around it isolates it. Answers the tags that do not, or a note when it is not shown at all.
 */
function notIsolated(html: string, text: string): string[] {
  const body = markup(html);
  const bodyStart = body.indexOf("<body");
  const wanted = escaped(text);
  const problems: string[] = [];
  let shown = 0;
  for (let at = body.indexOf(wanted, bodyStart); at >= 0; at = body.indexOf(wanted, at + 1)) {
    const tagStart = body.lastIndexOf("<", at);
    const tag = body.slice(tagStart, body.indexOf(">", tagStart) + 1);
    // Inside a tag (an attribute), or not the start of its text, or a form field's own value.
    if (body.lastIndexOf(">", at) < tagStart || body[at - 1] !== ">" || /^<(textarea|option|title)\b/.test(tag)) continue;
    shown++;
    // The tags opened right before the text (a link inside an isolated heading counts as isolated).
    const opened =
      body
        .slice(0, at)
        .match(/(?:<[a-z][^>]*>)+$/)?.[0]
        .match(/<[a-z][^>]*>/g) ?? [];
    if (!opened.some((open) => /^<bdi\b/.test(open) || /\sdir="auto"/.test(open))) problems.push(tag);
  }
  return shown === 0 ? [`"${text}" is not shown`] : problems;
}

const LENDING = "Happy to lend in Lisbon.";

describe("Latin text members wrote, on Arabic pages", () => {
  it("is isolated in its own direction on every page that shows it", async () => {
    const reader = await signedInMember({ name: "Rania Reader", language: "ar" });
    const owner = await signedInMember({ name: "Ana Lisboa", bio: `Bio: ${LENDING}` });
    const book = await createBook(owner.user.id, { title: "Lisbon Stories", author: "Tove Writer", description: LENDING });
    const comment = await api(`/books/${book.id}/comments`, reader, { method: "POST", json: { body: "Comment: lovely copy." } });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);

    const club = await createClub(owner.user.id, { name: "Lisbon Readers", description: `Club: ${LENDING}`, location: "Lisbon, Portugal", isPrivate: false });
    await addMember(club.id, reader.user.id);
    const [, late] = await currentBookWithMilestones(club.id, ["chapters 1-8", "chapters 9-14"]);
    await reached(late!, owner.user.id);
    const spoiler = await roomJson("POST", `/${club.id}/room/messages`, owner, { content: "Casaubon dies", milestoneId: late });
    expect(spoiler.status, JSON.stringify(spoiler.body)).toBe(201);
    const { pollId } = await seedPoll(club.id, owner.user.id, { kind: "choice", labels: ["Option Dune", "Option Emma"] });
    const meeting = await api(`/clubs/${club.id}/meetings`, owner, {
      method: "POST",
      json: { date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), time: "19:00", place: "Cafe Lisboa", note: "Bring the book." },
    });
    expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);

    const pages: [path: string, texts: string[]][] = [
      [`/books/${book.id}`, ["Lisbon Stories", "Tove Writer", LENDING, "Ana Lisboa", "Comment: lovely copy."]],
      // Searched by another field than the one checked: a search marks the words it found.
      ["/library?search=Tove", ["Lisbon Stories"]],
      [`/users/${owner.user.id}`, ["Ana Lisboa", `Bio: ${LENDING}`]],
      [`/clubs/${club.id}`, ["Lisbon Readers", `Club: ${LENDING}`, "Lisbon, Portugal"]],
      ["/clubs/browse?search=Portugal", ["Lisbon Readers", `Club: ${LENDING}`]],
      ["/clubs", ["Lisbon Readers"]],
      [`/clubs/${club.id}/polls/${pollId}`, ["What next?", "Option Dune", "Option Emma"]],
      [`/clubs/${club.id}/meetings`, ["Cafe Lisboa", "Bring the book."]],
      [`/clubs/${club.id}/room`, ["chapters 9-14"]],
    ];
    for (const [path, texts] of pages) {
      const { status, html } = await page(path, reader.cookie);
      expect(status, path).toBe(200);
      expect(html, path).toContain('lang="ar" dir="rtl"');
      for (const text of texts) expect.soft(notIsolated(html, text), `${path}: "${text}"`).toEqual([]);
    }
  });
});
