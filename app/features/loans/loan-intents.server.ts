import { tooLarge } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { ServiceContext } from "@worker/core/service-context";
import { idSchema } from "@worker/core/shared/id";
import { COVER_TOO_LARGE, MAX_COVER_BYTES } from "@worker/features/books";
import {
  acceptLoan,
  acceptLoanSchema,
  cancelLoan,
  changeDueDate,
  declineLoan,
  disownLoan,
  dropUnusedPhoto,
  dueDateSchema,
  handOverSchema,
  joinWaitlist,
  leaveWaitlist,
  limitLoanWrite,
  markLoanLent,
  markLoanReturned,
  requestLoan,
  requestRenewal,
  returnSchema,
  saveConditionPhoto,
} from "@worker/features/loans";
import { type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { actionError, refuse } from "~/core/action-result.server";
import { MAX_FORM_BYTES, readFormData } from "~/core/form-data.server";
import { serviceContext } from "~/core/route-context.server";

const onBook = <Intent extends string>(intent: Intent) => z.object({ intent: z.literal(intent), bookId: idSchema });
const onLoan = <Intent extends string>(intent: Intent) => z.object({ intent: z.literal(intent), loanId: idSchema });

/** Every loan form posts one of these: the book page's about a book, /loans's about one loan. */
export const loanIntentSchema = z.discriminatedUnion("intent", [
  onBook("request"),
  onBook("join-waitlist"),
  onBook("leave-waitlist"),
  onLoan("accept").extend(acceptLoanSchema.shape),
  onLoan("decline"),
  onLoan("cancel"),
  onLoan("handed-over").extend(handOverSchema.omit({ photoKey: true }).shape),
  onLoan("returned").extend(returnSchema.omit({ photoKey: true }).shape),
  onLoan("due-date").extend(dueDateSchema.shape),
  onLoan("renew"),
  onLoan("disown"),
]);
export type LoanIntent = z.output<typeof loanIntentSchema>["intent"];

/**
 * Runs a step with the form's condition photo, if one was chosen (browsers send an empty file part
 * when none was): stored first under the owner's private key, and removed again if the step is refused.
 */
async function withFormPhoto(ctx: ServiceContext, form: FormData | null, step: (photoKey: string | undefined) => Promise<unknown>) {
  const photo = form?.get("photo");
  if (!(photo instanceof File) || (photo.size === 0 && !photo.name)) return step(undefined);
  if (photo.size > MAX_COVER_BYTES) throw tooLarge(COVER_TOO_LARGE);
  const photoKey = await saveConditionPhoto(ctx, new Uint8Array(await photo.arrayBuffer()));
  try {
    return await step(photoKey);
  } catch (error) {
    await dropUnusedPhoto(ctx, photoKey);
    throw error;
  }
}

/**
 * The loan forms' one action. The book page names its book in the address (`bookId`), so a form
 * cannot act on another; errors come back under `errorKey` (the loan's id on /loans, so each row
 * shows its own, even after a plain form post). Visitors are sent to sign in and back to `back`.
 */
export async function loanIntentAction({
  request,
  context,
  bookId,
  errorKey,
  back,
  photos = false,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  bookId?: string;
  errorKey: (input: { loanId?: string; bookId?: string }) => string;
  back: string;
  /** Whether the forms may carry a condition photo (/loans's hand-over and return): up to a cover's 10 MB. */
  photos?: boolean;
}) {
  const ctx = serviceContext(context);
  if (!ctx.user) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  let form: FormData;
  try {
    form = photos ? await readFormData(request, MAX_COVER_BYTES + MAX_FORM_BYTES, COVER_TOO_LARGE) : await readFormData(request);
  } catch (error) {
    return actionError(error);
  }
  const fields: Record<string, string> = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const key = errorKey(fields);
  // An emptied date box: accepting then takes the default period; changing the date needs one.
  if (fields.dueDate === "") {
    if (fields.intent === "due-date") return refuse({ [key]: translate("Please choose a due date.") }, 400);
    delete fields.dueDate;
  }
  // "Not recorded" in the condition box: the step records no condition.
  if (fields.condition === "") delete fields.condition;
  const parsed = loanIntentSchema.safeParse(bookId ? { ...fields, bookId } : fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // The date's own message is written in the request's language when parsed (loans.ts).
    const own = issue && ["dueDate", "condition", "note"].includes(String(issue.path[0]));
    return refuse({ [key]: own ? issue.message : translate("Unknown action.") }, 400);
  }
  const input = parsed.data;
  try {
    // The same per-member budget as the loans API (a form post is a step as much as a POST is).
    await limitLoanWrite(ctx, ctx.user.id);
    switch (input.intent) {
      case "request":
        await requestLoan(ctx, { bookId: input.bookId });
        break;
      case "join-waitlist": {
        const { place } = await joinWaitlist(ctx, input.bookId);
        return { ok: true as const, intent: input.intent, place };
      }
      case "leave-waitlist":
        await leaveWaitlist(ctx, input.bookId);
        break;
      case "accept":
        await acceptLoan(ctx, input.loanId, { dueDate: input.dueDate });
        break;
      case "decline":
        await declineLoan(ctx, input.loanId);
        break;
      case "cancel":
        await cancelLoan(ctx, input.loanId);
        break;
      case "handed-over": {
        const { intent: _, loanId, ...condition } = input;
        await withFormPhoto(ctx, photos ? form : null, (photoKey) => markLoanLent(ctx, loanId, { ...condition, photoKey }));
        break;
      }
      case "returned": {
        const { intent: _, loanId, ...condition } = input;
        await withFormPhoto(ctx, photos ? form : null, (photoKey) => markLoanReturned(ctx, loanId, { ...condition, photoKey }));
        break;
      }
      case "due-date":
        await changeDueDate(ctx, input.loanId, { dueDate: input.dueDate });
        break;
      case "renew":
        await requestRenewal(ctx, input.loanId);
        break;
      case "disown":
        await disownLoan(ctx, input.loanId);
        break;
    }
    return { ok: true as const, intent: input.intent };
  } catch (error) {
    // A refusal (not yours, already asked, a past date) keeps the service's words; this is for a failure the member did not cause.
    return actionError(error, { field: key, unexpected: translate("Something went wrong. Please try again.") });
  }
}
