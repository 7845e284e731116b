import { ServiceError } from "@worker/core/errors";
import type { ServiceContext } from "@worker/core/service-context";
import { commentsQuerySchema, listBookComments } from "@worker/features/comments";

/** The URL parameter of the no-JavaScript "Show older comments" link. */
export const OLDER_COMMENTS_PARAM = "commentsBefore";

/**
 * The book page's comments section: the newest page (or, after a "Show older comments" link
 * followed without JavaScript, the page before its cursor) and what the form needs. Null when the
 * book is not found: the page's own 404 says so.
 */
export async function loadBookComments(ctx: ServiceContext, bookId: string, request: Request) {
  const before = new URL(request.url).searchParams.get(OLDER_COMMENTS_PARAM) ?? undefined;
  // A cursor that does not parse (an edited link) starts from the newest instead of failing the page.
  const query = commentsQuerySchema.safeParse({ before });
  try {
    const page = await listBookComments(ctx, bookId, query.success ? query.data : commentsQuerySchema.parse({}));
    return {
      page,
      older: query.success && query.data.before !== undefined,
      viewerId: ctx.user?.id ?? null,
    };
  } catch (error) {
    if (error instanceof ServiceError && error.status === 404) return null;
    throw error;
  }
}
export type BookCommentsData = NonNullable<Awaited<ReturnType<typeof loadBookComments>>>;
