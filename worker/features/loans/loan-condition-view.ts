import type { BookCondition, ConditionStage } from "@worker/db/schema";
import { sql } from "drizzle-orm";

/** One stage's record as both members see it. */
export interface ConditionRecord {
  condition: BookCondition;
  note: string;
  /** The authorised photo address (the two members and moderators), or null. */
  photoUrl: string | null;
  /** At return: the owner confirmed the hand-over's record. */
  sameAsHandover: boolean;
  recordedAt: number;
}
export interface LoanConditions {
  handover: ConditionRecord | null;
  return: ConditionRecord | null;
}

export const conditionPhotoPath = (loanId: string, stage: ConditionStage) => `/api/loans/${loanId}/conditions/${stage}/photo`;

/** The loan's records as one JSON column of a loan query (a primary-key probe per loan). */
export const conditionsColumn = sql<
  string | null
>`(select json_group_array(json_object('stage', lc.stage, 'condition', lc.condition, 'note', lc.note, 'photo', lc.photo_key is not null, 'same', lc.same_as_handover, 'at', lc.created_at)) from loan_conditions lc where lc.loan_id = loans.id)`;

/** Reads `conditionsColumn` back. */
export function readConditions(loanId: string, json: string | null): LoanConditions {
  const rows = JSON.parse(json ?? "[]") as { stage: ConditionStage; condition: BookCondition; note: string; photo: number; same: number; at: number }[];
  const of = (stage: ConditionStage): ConditionRecord | null => {
    const row = rows.find((r) => r.stage === stage);
    return row
      ? {
          condition: row.condition,
          note: row.note,
          photoUrl: row.photo ? conditionPhotoPath(loanId, stage) : null,
          sameAsHandover: Boolean(row.same),
          recordedAt: row.at,
        }
      : null;
  };
  return { handover: of("handover"), return: of("return") };
}
