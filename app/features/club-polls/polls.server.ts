import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { instantAtTime, isCalendarDay } from "@worker/core/shared/calendar";
import { listPolls, type PollInput, pollInputSchema, pollsQuerySchema } from "@worker/features/club-polls";
import { type FormErrors, fieldErrors } from "~/core/action-result.server";
import { textField } from "~/core/form-data.server";

/** The club page shows the newest few; "See all polls" pages through the rest. */
export const SUMMARY_POLLS = 3;

/**
 * The club page's Polls section: the newest polls and whether the viewer runs them. Null when the
 * viewer may not see them (the page's own 404 says why), so the page never fails for its polls.
 */
export async function loadPollsSummary(ctx: ServiceContext, clubId: string) {
  try {
    const page = await listPolls(ctx, clubId, pollsQuerySchema.parse({ limit: SUMMARY_POLLS }));
    return { clubId, items: page.items, more: page.nextToken !== null, canManage: page.canManage, timeZone: page.timeZone };
  } catch (error) {
    if (error instanceof ServiceError) return null;
    throw error;
  }
}
export type PollsSummaryData = NonNullable<Awaited<ReturnType<typeof loadPollsSummary>>>;

/** "2026-12-03T19:00" (a datetime-local field) on the club's wall clock, as an instant; null when it does not read. */
export function wallClockInstant(text: string, timeZone: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(text.trim());
  if (!match || !isCalendarDay(match[1]!) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(match[2]!)) return null;
  return instantAtTime(match[1]!, match[2]!, timeZone);
}

const all = (form: FormData, name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value.trim() : ""));

/** Date slots: rows of a date field and a time field (`slotDate`, `slotTime`), on the club's clock; blank rows dropped. */
function slotsFromForm(form: FormData, timeZone: string, errors: FormErrors) {
  const times = all(form, "slotTime");
  return all(form, "slotDate").flatMap((day, row) => {
    const time = times[row] ?? "";
    if (!day && !time) return [];
    const startsAt = day && time ? wallClockInstant(`${day}T${time}`, timeZone) : null;
    if (startsAt === null) {
      errors.options ??= translate("Slot {number} needs a date and a time that exist in the club's timezone.", { number: row + 1 });
      return [];
    }
    return [{ startsAt }];
  });
}

/** Book candidates: books ticked from the library (`bookId`), then rows typed as title, author and ISBN; blank rows dropped. */
function candidatesFromForm(form: FormData) {
  const authors = all(form, "author");
  const isbns = all(form, "isbn");
  const picked = [...new Set(all(form, "bookId").filter(Boolean))].map((bookId) => ({ bookId }));
  const typed = all(form, "title").flatMap((title, row) => {
    const author = authors[row] ?? "";
    const isbn13 = isbns[row] ?? "";
    if (!title && !isbn13) return [];
    return [{ ...(title ? { label: title } : {}), ...(author ? { author } : {}), ...(isbn13 ? { isbn13 } : {}) }];
  });
  return [...picked, ...typed];
}

/**
 * The "New poll" form as the API's input: book candidates picked from the library or typed (title,
 * author, ISBN), date slots as date and time fields, choices one per line; slots and the close time
 * are on the club's clock.
 */
export function pollInputFromForm(form: FormData, timeZone: string): { ok: true; input: PollInput } | { ok: false; errors: FormErrors } {
  const kind = textField(form, "kind") ?? "";
  const errors: FormErrors = {};
  const options =
    kind === "book"
      ? candidatesFromForm(form)
      : kind === "date"
        ? slotsFromForm(form, timeZone, errors)
        : (textField(form, "options") ?? "")
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean)
            .map((label) => ({ label }));
  const closesText = textField(form, "closesAt")?.trim();
  let closesAt: number | null = null;
  if (closesText) {
    closesAt = wallClockInstant(closesText, timeZone);
    if (closesAt === null) errors.closesAt = translate("Please give the close time as a date and time.");
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const parsed = pollInputSchema.safeParse({
    kind,
    question: textField(form, "question") ?? "",
    closesAt,
    hideResults: form.get("hideResults") === "on",
    options,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  return { ok: true, input: parsed.data };
}

/**
 * The vote form as a ballot. Book polls send a rank per candidate (`rank-<optionId>`, blank for
 * unranked), so ranking works on a phone with plain selects and without JavaScript; date polls tick
 * `choice` boxes; choice polls send one `choice`.
 */
export function ballotFromForm(form: FormData, kind: string): { choices: string[] } | { error: string } {
  if (kind !== "book") return { choices: form.getAll("choice").filter((value): value is string => typeof value === "string") };
  const ranked: { optionId: string; rank: number }[] = [];
  for (const [name, value] of form) {
    if (!name.startsWith("rank-") || typeof value !== "string" || !value) continue;
    const rank = Number(value);
    if (!Number.isInteger(rank) || rank < 1) return { error: translate("Please pick a rank from the list.") };
    ranked.push({ optionId: name.slice(5), rank });
  }
  if (new Set(ranked.map((entry) => entry.rank)).size !== ranked.length) return { error: translate("Give each book a different rank.") };
  return { choices: ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.optionId) };
}
