import { addDays } from "@worker/core/shared/calendar";
import { formatCalendarDay, formatDay } from "@worker/core/shared/date-format";
import { msg } from "@worker/core/shared/translate";
import type { LoanView } from "@worker/features/loans";
import { Link, useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { BookCover, coverAlt, DueNote } from "~/features/books";
import { TextField } from "~/ui/field";
import { FieldError } from "~/ui/field-error";
import { dueLabel } from "./due-label";
import { ConditionFields, ConditionRecords } from "./loan-conditions";
import { type LoanAnswer, LoanForm, refusalOf } from "./loan-form";
import { BorrowerRecordNote, LenderRecordNote } from "./loan-records";

/** How far ahead the date boxes let a due date go (the service refuses more than a year). */
const MAX_DUE_DAYS = 365;
/** The due date an Accept proposes; the service's own default is the same 21 days. */
const DEFAULT_LOAN_DAYS = 21;

const STATE_LABELS: Record<LoanView["state"], string> = {
  requested: msg("Requested"),
  accepted: msg("Accepted"),
  declined: msg("Declined"),
  lent: msg("Lent"),
  returned: msg("Returned"),
  cancelled: msg("Cancelled"),
};

/** A finished loan's last step and its day, in the row's history line ("Declined 3 Mar 2026"). */
const ENDED_LABELS: Record<LoanView["state"], string> = {
  requested: msg("Requested {date}"),
  accepted: msg("Accepted {date}"),
  declined: msg("Declined {date}"),
  lent: msg("Lent {date}"),
  returned: msg("Returned {date}"),
  cancelled: msg("Cancelled {date}"),
};

function DueDateInput({ loanId, label, value, today }: { loanId: string; label: string; value: string; today: string }) {
  return (
    <TextField
      id={`due-${loanId}`}
      label={label}
      labelClassName="block text-xs font-semibold text-stone-700"
      type="date"
      name="dueDate"
      defaultValue={value}
      min={today}
      max={addDays(today, MAX_DUE_DAYS)}
      required
      className="field py-2"
    />
  );
}

/**
 * One loan on /loans: the book, the other member, its state and due date, and the steps the
 * viewer's side can take from here. All of a row's forms share one fetcher, so its progress and its
 * refusal show on the row; `refused` is the refusal of a plain (script-less) post.
 */
export function LoanRow({
  loan,
  action,
  today,
  refused,
}: {
  loan: LoanView;
  /** Where the forms post: this page's address, so a plain post comes back to the same tab. */
  action: string;
  today: string;
  refused?: string;
}) {
  const t = useT();
  const fetcher = useFetcher<LoanAnswer>();
  const { loanId, state, role, book } = loan;
  const title = book.title || t("Untitled Book");
  const other = role === "owner" ? loan.borrower : loan.owner;
  const error = refusalOf(fetcher, loanId) ?? (fetcher.state === "idle" && !fetcher.data ? refused : undefined);
  const errorId = error ? `loan-${loanId}-error` : undefined;
  const step = (intent: string, label: string, pending: string, primary = false, children?: React.ReactNode, multipart = false) => (
    // Keyed by step: the return's form replaces the hand-over's in place, and must not keep its choices.
    <LoanForm
      key={intent}
      fetcher={fetcher}
      action={action}
      intent={intent}
      fields={{ loanId }}
      label={label}
      pending={pending}
      primary={primary}
      errorId={errorId}
      multipart={multipart}
    >
      {children}
    </LoanForm>
  );
  const reader = useReader();
  const day = (at: number) => formatDay(at, reader);
  const open = state === "requested" || state === "accepted" || state === "lent";

  let actions: React.ReactNode = null;
  if (role === "owner" && state === "requested") {
    actions = (
      <>
        {step(
          "accept",
          t("Accept"),
          t("Accepting…"),
          true,
          <DueDateInput loanId={loanId} label={t("Due date")} value={addDays(today, DEFAULT_LOAN_DAYS)} today={today} />,
        )}
        {step("decline", t("Decline"), t("Declining…"))}
      </>
    );
  } else if (role === "borrower" && state === "requested") {
    actions = step("cancel", t("Cancel request"), t("Cancelling…"));
  } else if (role === "owner" && state === "accepted") {
    actions = (
      <>
        {step("handed-over", t("Mark as handed over"), t("Saving…"), true, <ConditionFields loanId={loanId} stage="handover" handover={null} />, true)}
        {step("cancel", t("Cancel"), t("Cancelling…"))}
      </>
    );
  } else if (role === "borrower" && state === "accepted") {
    actions = step("cancel", t("Cancel"), t("Cancelling…"));
  } else if (role === "owner" && state === "lent") {
    actions = (
      <>
        {step(
          "returned",
          t("Mark as returned"),
          t("Saving…"),
          true,
          <ConditionFields loanId={loanId} stage="return" handover={loan.conditions.handover} />,
          true,
        )}
        {step(
          "due-date",
          t("Change due date"),
          t("Saving…"),
          false,
          <DueDateInput loanId={loanId} label={t("New due date")} value={loan.dueDate ?? addDays(today, DEFAULT_LOAN_DAYS)} today={today} />,
        )}
      </>
    );
  } else if (role === "borrower" && state === "lent") {
    actions = (
      <>
        {/* A loan the owner recorded on them, that they never asked for: they can refuse it. */}
        {!loan.borrowerTookPart && step("disown", t("I don't have this book"), t("Saving…"))}
        {/* A loan recorded without a due date has nothing to renew. */}
        {loan.dueDate &&
          (loan.renewalRequestedAt === null ? (
            step("renew", t("Ask to renew"), t("Asking…"))
          ) : (
            <button type="button" className="btn btn-secondary" disabled>
              {t("Renewal requested")}
            </button>
          ))}
        <Link to={loan.conversationId ? `/messages/${loan.conversationId}` : `/users/${loan.owner.userId}`} className="btn btn-secondary">
          {t("Message {name}", { name: loan.owner.name })}
        </Link>
      </>
    );
  }

  return (
    <li className="card flex gap-4 p-3">
      <Link to={`/books/${book.bookId}`} className="w-16 shrink-0" tabIndex={-1} aria-hidden="true">
        <BookCover src={book.coverImage} title={title} alt={coverAlt(t, title, book.author)} className="rounded" />
      </Link>
      <div className="min-w-0 flex-1 space-y-1">
        <h2 className="font-serif text-lg leading-snug font-semibold">
          <Link to={`/books/${book.bookId}`} className="hover:underline">
            {title}
          </Link>
        </h2>
        <p className="text-sm text-stone-700">
          {role === "owner" ? t("Borrower:") : t("Owner:")}{" "}
          <Link dir="auto" to={`/users/${other.userId}`} className="text-brand-700 hover:underline">
            {other.name}
          </Link>
        </p>
        {loan.borrowerRecord && <BorrowerRecordNote record={loan.borrowerRecord} />}
        {loan.ownerRecord && <LenderRecordNote record={loan.ownerRecord} />}
        <p className="text-sm">
          <span className="font-semibold text-stone-900">{t(STATE_LABELS[state])}</span>
          {open && <DueNote due={loan.dueDate ? dueLabel(loan.dueDate, today, reader.locale, t) : null} />}
        </p>
        {open ? (
          <p className="text-xs text-stone-700">{t("Requested {date}", { date: day(loan.createdAt) })}</p>
        ) : (
          <p className="text-xs text-stone-700">
            {t("Requested {date}", { date: day(loan.createdAt) })} · {t(ENDED_LABELS[state], { date: day(loan.updatedAt) })}
            {loan.dueDate && state === "returned" ? ` · ${t("was due {date}", { date: formatCalendarDay(loan.dueDate, reader.locale) })}` : ""}
          </p>
        )}
        <ConditionRecords loan={loan} />
        {role === "borrower" && state === "lent" && !loan.borrowerTookPart && (
          <p className="text-sm text-stone-700">{t("{name} recorded this loan. If you don't have the book, say so and it ends.", { name: loan.owner.name })}</p>
        )}
        {role === "owner" && state === "lent" && loan.renewalRequestedAt !== null && (
          <p className="text-sm font-medium text-amber-900">{t("Renewal requested: {name} asked to keep it longer.", { name: loan.borrower.name })}</p>
        )}
        {actions && <div className="flex flex-wrap items-end gap-2 pt-1">{actions}</div>}
        <FieldError id={errorId} message={error} />
      </div>
    </li>
  );
}
