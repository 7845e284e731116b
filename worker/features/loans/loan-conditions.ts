import { isModerator, readConfig } from "@worker/core/config";
import { loanPhotoKeyOwner } from "@worker/core/cover-keys";
import { badRequest, conflict, forbidden, notFound, requireUser } from "@worker/core/errors";
import { translate } from "@worker/core/i18n/request-language";
import type { MemberContext, ServiceContext } from "@worker/core/service-context";
import { IMAGE_EXTENSIONS } from "@worker/core/shared/image-type";
import { msg } from "@worker/core/shared/translate";
import type { Database } from "@worker/db/client";
import { BOOK_CONDITIONS, type BookCondition, CONDITION_STAGES, type ConditionStage, type LoanState, loanConditions, loans } from "@worker/db/schema";
import { saveImage, signedUploadUrl, type uploadUrlSchema } from "@worker/features/books";
import { and, eq, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { type LoanRecord, loadLoan, ONLY_OWNER } from "./loan-steps";

export { type ConditionRecord, conditionPhotoPath, type LoanConditions } from "./loan-condition-view";

/** How long a condition note may be: a line or two, not a review of the borrower. */
export const CONDITION_NOTE_MAX = 280;

export const NOTE_WITHOUT_CONDITION = msg("Choose the book's condition to add a note or a photo.");
export const NOTHING_TO_CONFIRM = msg("No condition was recorded at hand-over, so choose one.");
export const NOT_YOUR_PHOTO = msg("This photo was not uploaded by you. Please add it again.");
export const PHOTO_MISSING = msg("The photo has not been uploaded yet. Please add it again.");
export const PHOTO_NOT_NOW = msg("Photos can only be added while the book is promised or lent.");
export const PHOTO_NOT_FOUND = msg("Photo not found");

const conditionError = () => translate("Choose like new, good, worn or damaged.");
const note = z
  .string()
  .trim()
  .max(CONDITION_NOTE_MAX, { error: () => translate("Keep the note to {max} characters or fewer.", { max: CONDITION_NOTE_MAX }) })
  .optional();
const photoKey = z.string().trim().max(200).optional().meta({ description: "The `fileKey` from `POST /api/loans/{id}/photo-upload-url`, once uploaded." });

/** The hand-over's optional record of the book's condition (POST /api/loans/{id}/lent, the /loans form). */
export const handOverSchema = z.object({ condition: z.enum(BOOK_CONDITIONS, { error: conditionError }).optional(), note, photoKey });
/** The return's: the same, or "same" to confirm the hand-over's record. */
export const returnSchema = z.object({
  condition: z.enum([...BOOK_CONDITIONS, "same"], { error: () => translate("Choose same as at hand-over, like new, good, worn or damaged.") }).optional(),
  note,
  photoKey,
});
export type HandOverInput = z.output<typeof handOverSchema>;
export type ReturnInput = z.output<typeof returnSchema>;

/** What a step writes of the condition, checked before the step. */
export interface ConditionWrite {
  stage: ConditionStage;
  condition: BookCondition;
  note: string;
  photoKey: string | null;
  sameAsHandover: boolean;
  /** Returned damaged when it was not damaged at hand-over: the borrower is told, and it counts on their record (migration 0028). */
  newDamage: boolean;
}

/**
 * Checks a step's condition fields: nothing chosen writes nothing (a note or photo alone is refused);
 * "same" copies the hand-over's condition; a photo must be the owner's own upload, already stored.
 */
export async function conditionToWrite(
  ctx: MemberContext,
  loan: LoanRecord,
  stage: ConditionStage,
  input: { condition?: BookCondition | "same"; note?: string; photoKey?: string },
): Promise<ConditionWrite | null> {
  const text = input.note ?? "";
  const photo = input.photoKey || null;
  if (!input.condition) {
    if (text || photo) throw badRequest(NOTE_WITHOUT_CONDITION);
    return null;
  }
  if (photo) {
    if (loanPhotoKeyOwner(photo) !== ctx.user.id) throw badRequest(NOT_YOUR_PHOTO);
    if (!(await ctx.env.MEDIA.head(photo))) throw badRequest(PHOTO_MISSING);
  }
  // At return, the hand-over's record: what "same" confirms, and whether "damaged" is new damage.
  const [handover] =
    stage === "return"
      ? await ctx.db
          .select({ condition: loanConditions.condition })
          .from(loanConditions)
          .where(and(eq(loanConditions.loanId, loan.id), eq(loanConditions.stage, "handover")))
          .limit(1)
      : [];
  if (input.condition === "same" && !handover) throw badRequest(NOTHING_TO_CONFIRM);
  const condition = input.condition === "same" ? handover!.condition : input.condition;
  return {
    stage,
    condition,
    note: text,
    photoKey: photo,
    sameAsHandover: input.condition === "same",
    newDamage: stage === "return" && condition === "damaged" && handover?.condition !== "damaged",
  };
}

/**
 * The record's insert, for the step's own batch: written only if the step landed (the loan is now in
 * `state`, changed at `now`), so a lost race records no condition.
 */
export function conditionStatement(db: Database, loanId: string, write: ConditionWrite, state: LoanState, now: number): BatchItem<"sqlite"> {
  return db.insert(loanConditions).select(
    db
      .select({
        loanId: loans.id,
        stage: sql<ConditionStage>`${write.stage}`.as("stage"),
        condition: sql<BookCondition>`${write.condition}`.as("condition"),
        note: sql<string>`${write.note}`.as("note"),
        photoKey: sql<string | null>`${write.photoKey}`.as("photo_key"),
        sameAsHandover: sql<boolean>`${write.sameAsHandover ? 1 : 0}`.as("same_as_handover"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.state, state), eq(loans.updatedAt, now))),
  );
}

/** Removes a photo the step did not keep (the step was refused after the form stored it). */
export async function dropUnusedPhoto(ctx: ServiceContext, key: string | null | undefined): Promise<void> {
  if (key && loanPhotoKeyOwner(key)) await ctx.env.MEDIA.delete(key);
}

/** The owner's photo from a page form, stored privately under the same rules as a cover (10 MB, JPEG/PNG/GIF). */
export function saveConditionPhoto(ctx: ServiceContext, bytes: Uint8Array): Promise<string> {
  return saveImage(ctx, "loan-photos", bytes);
}

/**
 * A signed upload URL for a condition photo (the cover photos' path and size rules), for the owner of
 * a loan that is promised or lent. The key is the owner's, under the private `loan-photos/` prefix.
 */
export async function createConditionPhotoUploadUrl(ctx: ServiceContext, loanId: string, input: z.output<typeof uploadUrlSchema>, origin: string) {
  const loan = await loadLoan(ctx, loanId);
  const me = (ctx as MemberContext).user.id;
  if (loan.ownerId !== me) throw forbidden(ONLY_OWNER);
  if (loan.state !== "accepted" && loan.state !== "lent") throw conflict(PHOTO_NOT_NOW);
  const fileKey = `loan-photos/${me}/${crypto.randomUUID()}.${IMAGE_EXTENSIONS[input.fileType]}`;
  return { uploadUrl: await signedUploadUrl(ctx.env, fileKey, origin), fileKey };
}

/** A condition photo, for the loan's two members and moderators; anyone else gets 404, as for the loan. */
export async function conditionPhoto(ctx: ServiceContext, loanId: string, stage: ConditionStage): Promise<R2ObjectBody> {
  requireUser(ctx);
  const me = ctx.user.id;
  const moderator = isModerator(readConfig(ctx.env), ctx.user.email);
  const [row] = await ctx.db
    .select({ key: loanConditions.photoKey })
    .from(loanConditions)
    .innerJoin(loans, eq(loans.id, loanConditions.loanId))
    .where(and(eq(loanConditions.loanId, loanId), eq(loanConditions.stage, stage), moderator ? undefined : or(eq(loans.ownerId, me), eq(loans.borrowerId, me))))
    .limit(1);
  const object = row?.key ? await ctx.env.MEDIA.get(row.key) : null;
  if (!object) throw notFound(PHOTO_NOT_FOUND);
  return object;
}

export const conditionStageSchema = z.enum(CONDITION_STAGES);
