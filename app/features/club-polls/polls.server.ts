import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { instantAt } from "@worker/core/shared/calendar";
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
    return { clubId, items: page.items, more: page.nextToken !== null, canManage: page.canManage };
  } catch (error) {
    if (error instanceof ServiceError) return null;
    throw error;
  }
}
export type PollsSummaryData = NonNullable<Awaited<ReturnType<typeof loadPollsSummary>>>;

/** "2026-12-03 19:00" or "2026-12-03T19:00" on the reader's wall clock, as an instant; null when it does not read. */
export function wallClockInstant(text: string, timeZone: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, day, hour, minute] = match;
  if (Number(hour) > 23 || Number(minute) > 59 || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  return instantAt(day!, Number(hour), timeZone) + Number(minute) * 60_000;
}

/** A candidate line "Title by Author" (the last " by " splits; without one it is all title). */
function bookLine(line: string) {
  const split = line.lastIndexOf(" by ");
  return split > 0 ? { label: line.slice(0, split).trim(), author: line.slice(split + 4).trim() } : { label: line };
}

/**
 * The "New poll" form as the API's input: options one per line (book polls "Title by Author", date
 * polls "2026-12-03 19:00" on the reader's clock), an optional close time on the same clock.
 */
export function pollInputFromForm(form: FormData, timeZone: string): { ok: true; input: PollInput } | { ok: false; errors: FormErrors } {
  const kind = textField(form, "kind") ?? "";
  const lines = (textField(form, "options") ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const errors: FormErrors = {};
  const options = lines.map((line) => {
    if (kind === "book") return bookLine(line);
    if (kind === "date") {
      const startsAt = wallClockInstant(line, timeZone);
      if (startsAt === null) errors.options ??= translate('"{line}" is not a date and time like 2026-12-03 19:00.', { line });
      return { startsAt: startsAt ?? 0 };
    }
    return { label: line };
  });
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
