import { ACCEPTED_IMAGE_TYPES } from "@worker/core/shared/image-type";
import { msg } from "@worker/core/shared/translate";
import type { ConditionRecord, LoanView } from "@worker/features/loans";
import { useT } from "~/core/i18n";
import { SelectField, TextAreaField, TextField } from "~/ui/field";

/** As the loans service caps it (CONDITION_NOTE_MAX): the box stops where the server would refuse. */
const NOTE_MAX = 280;

const CONDITIONS = {
  like_new: msg("Like new"),
  good: msg("Good"),
  worn: msg("Worn"),
  damaged: msg("Damaged"),
} as const satisfies Record<ConditionRecord["condition"], string>;

const LABEL = "block text-xs font-semibold text-stone-700";

/**
 * The optional condition fields of the hand-over and the return forms: the condition, a short note
 * and a photo. At return, "Same as at hand-over" is chosen when the hand-over was recorded.
 */
export function ConditionFields({ loanId, stage, handover }: { loanId: string; stage: "handover" | "return"; handover: ConditionRecord | null }) {
  const t = useT();
  const confirm = stage === "return" && handover !== null;
  return (
    <div className="grid w-full gap-2 sm:grid-cols-3">
      <SelectField
        id={`condition-${stage}-${loanId}`}
        label={stage === "handover" ? t("Condition at hand-over") : t("Condition at return")}
        labelClassName={LABEL}
        name="condition"
        defaultValue={confirm ? "same" : ""}
      >
        {confirm ? (
          <option value="same">{t("Same as at hand-over ({condition})", { condition: t(CONDITIONS[handover.condition]) })}</option>
        ) : (
          <option value="">{t("Not recorded")}</option>
        )}
        {Object.entries(CONDITIONS).map(([value, label]) => (
          <option key={value} value={value}>
            {t(label)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={`condition-note-${stage}-${loanId}`}
        label={t("Note on the condition (optional)")}
        labelClassName={LABEL}
        name="note"
        rows={2}
        maxLength={NOTE_MAX}
      />
      <TextField
        id={`condition-photo-${stage}-${loanId}`}
        label={t("Photo of the book (optional)")}
        labelClassName={LABEL}
        name="photo"
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        className="field py-1 text-sm"
      />
    </div>
  );
}

function ConditionCard({ heading, record, photoAlt, none }: { heading: string; record: ConditionRecord | null; photoAlt: string; none: string }) {
  const t = useT();
  return (
    <div className="min-w-0 rounded border border-stone-200 p-2">
      <h3 className="font-semibold text-stone-900">{heading}</h3>
      {record ? (
        <>
          <p>
            {t(CONDITIONS[record.condition])}
            {record.sameAsHandover && ` · ${t("same as at hand-over")}`}
          </p>
          {record.note && <p className="break-words text-stone-700">“{record.note}”</p>}
          {record.photoUrl && (
            <a href={record.photoUrl} className="mt-1 block w-20">
              <img src={record.photoUrl} alt={photoAlt} loading="lazy" className="h-20 w-20 rounded object-cover" />
            </a>
          )}
        </>
      ) : (
        <p className="text-stone-700">{none}</p>
      )}
    </div>
  );
}

/**
 * The book's condition at hand-over and at return, side by side, for both members. A book that came
 * back damaged says so to the borrower first, with the owner's note.
 */
export function ConditionRecords({ loan }: { loan: LoanView }) {
  const t = useT();
  const { handover, return: back } = loan.conditions;
  if (!handover && !back) return null;
  // As the record counts it: damaged now, and not already at hand-over.
  const damaged = back?.condition === "damaged" && handover?.condition !== "damaged";
  return (
    <div className="space-y-1 text-xs">
      {damaged && loan.role === "borrower" && (
        <p className="text-sm font-medium text-red-800">
          {back.note ? t("Returned damaged. {name}'s note: {note}", { name: loan.owner.name, note: back.note }) : t("Returned damaged")}
        </p>
      )}
      <section aria-label={t("Condition of the book")} className="grid grid-cols-2 gap-2">
        <ConditionCard heading={t("At hand-over")} record={handover} photoAlt={t("Photo at hand-over")} none={t("Not recorded")} />
        <ConditionCard
          heading={t("At return")}
          record={back}
          photoAlt={t("Photo at return")}
          none={loan.state === "returned" ? t("Not recorded") : t("Not returned yet")}
        />
      </section>
    </div>
  );
}
