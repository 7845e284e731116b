import { ServiceError } from "@worker/core/errors";
import type { MemberContext } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { type ClubReading, getClubReading } from "@worker/features/club-reading/club-book";
import { type CopiesPage, listClubCopies } from "@worker/features/club-reading/copies";
import { COPIES_PAGE_SIZE, copiesQuerySchema } from "@worker/features/club-reading/reading-rules";
import { z } from "zod";

export interface ReadingNowData {
  reading: ClubReading;
  copies: CopiesPage;
  /** Where this page of copies starts (0 on the first), for the "Earlier copies" link. */
  copiesOffset: number;
}

/**
 * The club page's "Reading now" (one loader call in club-detail.tsx): the current book with its
 * schedule and progress, and one page of copies (`?copies=<token>`). Null when the viewer may not
 * see the club's reading (a private club's pending member), so the club page still shows.
 */
export async function loadReadingNow(ctx: MemberContext, clubId: string, url: URL): Promise<ReadingNowData | null> {
  const query = copiesQuerySchema.safeParse({ nextToken: url.searchParams.get("copies") ?? undefined });
  const copiesQuery = query.success ? query.data : { limit: COPIES_PAGE_SIZE };
  try {
    const reading = await getClubReading(ctx, clubId);
    const copies = reading.current ? await listClubCopies(ctx, clubId, copiesQuery) : { items: [], total: 0, nextToken: null };
    return { reading, copies, copiesOffset: copiesQuery.nextToken ?? 0 };
  } catch (error) {
    if (error instanceof ServiceError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

/** The milestone forms' fields: posted as repeated label / dueOn / milestoneId, blank rows dropped. */
export function milestonesFromForm(form: FormData) {
  const labels = form.getAll("label").map(String);
  const days = form.getAll("dueOn").map(String);
  const ids = form.getAll("milestoneId").map(String);
  return labels.flatMap((label, index) =>
    label.trim() ? [{ label, dueOn: days[index]?.trim() || null, ...(ids[index]?.trim() ? { milestoneId: ids[index]!.trim() } : {}) }] : [],
  );
}

export const progressFormSchema = z.object({
  intent: z.enum(["mark", "unmark"]),
  milestoneId: idSchema,
  shared: z.literal("on").optional(),
});
