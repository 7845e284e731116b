import { ServiceError } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import { COMMENT_MAX_LENGTH } from "@worker/core/shared/comments";
import { msg } from "@worker/core/shared/translate";
import { addComment, commentInputSchema, deleteComment } from "@worker/features/comments";
import { data, Form, Link, redirect } from "react-router";
import { setFlash } from "~/core/flash.server";
import { readFormData, textField } from "~/core/form-data.server";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { serviceContext } from "~/core/route-context.server";
import { FieldError } from "~/ui/field-error";
import type { Route } from "./+types/book-comments";

export const COMMENT_POSTED = msg("Your comment is posted.");
export const COMMENT_DELETED = msg("Comment deleted.");

export type CommentActionResult = { ok: true } | { ok: false; errors: Record<string, string>; draft?: string };

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Comment"} — BookClub` }, { name: "robots", content: "noindex" }];
}

/** Only the page's words (it shows after a refused plain post); it never sends a GET on to the book, as it also runs after that post. */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: translate("Comment"), catalogue: await pageMessages(context, "comments") };
}

/**
 * POST /books/{bookId}/comments: the book page's comment forms (`intent` add or delete), through the
 * same services as the API. The page's script sends `enhanced=1` and is answered with data (the
 * page's loader then refreshes the list); a plain form post goes back to the comments with a notice,
 * or, when refused, stays here with the reason and the text. Visitors are sent to sign in.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = serviceContext(context);
  const back = `/books/${params.bookId}#comments`;
  if (!ctx.user) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  let draft: string | undefined;
  try {
    const form = await readFormData(request);
    const enhanced = form.get("enhanced") === "1";
    if (form.get("intent") === "delete") {
      await deleteComment(ctx, params.bookId, textField(form, "commentId") ?? "");
      if (enhanced) return { ok: true as const };
      return redirect(back, { headers: await setFlash({ type: "success", message: translate(COMMENT_DELETED) }) });
    }
    draft = textField(form, "body") ?? "";
    const parsed = commentInputSchema.safeParse({ body: draft });
    if (!parsed.success) return refused({ body: parsed.error.issues[0]?.message ?? translate("Please check the comment.") }, 400, draft);
    await addComment(ctx, params.bookId, parsed.data);
    if (enhanced) return { ok: true as const };
    return redirect(back, { headers: await setFlash({ type: "success", message: translate(COMMENT_POSTED) }) });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return refused({ [draft === undefined ? "form" : "body"]: error.message }, error.status, draft);
  }
}

/** A refusal with the status it deserves, and the text the member wrote so the page can offer it again. */
function refused(errors: Record<string, string>, status: number, draft?: string) {
  return data({ ok: false as const, errors, draft }, { status });
}

/**
 * Seen when a comment form was posted without JavaScript and refused: why, and the text to try
 * again. (No loader that sends a GET on to the book: it would also run after that refused post.)
 */
export default function BookCommentRefused({ actionData, params }: Route.ComponentProps) {
  const t = useT();
  const error = actionData && !actionData.ok ? Object.values(actionData.errors)[0] : undefined;
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <h1 className="font-serif text-3xl font-bold">{t("Comment")}</h1>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="add" />
        <label htmlFor="comment-body" className="block font-medium">
          {t("Add a comment")}
        </label>
        <textarea
          id="comment-body"
          name="body"
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          defaultValue={actionData && !actionData.ok ? (actionData.draft ?? "") : ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "comment-body-error" : undefined}
          className="field w-full"
        />
        <FieldError id="comment-body-error" message={error} />
        <button type="submit" className="btn btn-primary">
          {t("Post comment")}
        </button>
      </Form>
      <Link to={`/books/${params.bookId}#comments`} className="btn btn-secondary">
        {t("Back to the book")}
      </Link>
    </div>
  );
}
