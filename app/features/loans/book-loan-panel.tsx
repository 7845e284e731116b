import type { LendRule } from "@worker/core/shared/lend-rules";
import type { Translate } from "@worker/core/shared/translate";
import type { BookLoanPanel as Panel } from "@worker/features/loans";
import { Link, useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { FieldError } from "~/ui/field-error";
import { isolated, slot } from "~/ui/isolate";
import { BorrowButton } from "./borrow-button";
import { dueLabel } from "./due-label";
import { type LoanAnswer, LoanForm, refusalOf } from "./loan-form";
import { LenderRecordNote } from "./loan-records";

const ERROR_ID = "loan-error";

/** What the owner is told of their book's rule (all but "anyone"). */
const OWNER_RULE_STATES: Record<Exclude<LendRule, "anyone">, (t: Translate, km: number) => string> = {
  near: (t, km) => t("Members within {km} km may ask to borrow it.", { km }),
  clubs: (t) => t("Members of your clubs may ask to borrow it."),
  following: (t) => t("People you follow may ask to borrow it."),
  nobody: (t) => t("You're not lending this book for now."),
};

/** " — Due 12 Dec" after a loan's state, overdue in a warning colour. */
function Due({ dueDate, today }: { dueDate: string | null; today: string }) {
  const { locale } = useReader();
  const t = useT();
  if (!dueDate) return null;
  const due = dueLabel(dueDate, today, locale, t);
  return (
    <>
      {" — "}
      <span className={due.overdue ? "font-semibold text-red-800" : undefined}>{due.text}</span>
    </>
  );
}

/**
 * The book page's lending panel (docs/product.md#loans), one story per book: "Borrow from {owner}"
 * (which records the request and opens the chat) only while the viewer may ask for it; their request
 * or loan with "Open chat" once they have asked; only the waitlist while someone else has it or it is
 * offered to the next in line; and the claim when it is offered to them. The owner sees how many
 * requests wait; a visitor is sent to sign in. Every step is a form, so it works before the script
 * loads; refusals show here with the service's words.
 */
export function BookLoanPanel({
  bookId,
  ownerName,
  isOwner,
  signedIn,
  panel,
  today,
  offerUntil,
  refused,
}: {
  bookId: string;
  ownerName: string;
  isOwner: boolean;
  signedIn: boolean;
  panel: Panel;
  today: string;
  /** When the viewer's waitlist offer ends, as they read the time. */
  offerUntil: string | null;
  /** The error of a plain (script-less) post, shown like the fetcher's. */
  refused?: string;
}) {
  const t = useT();
  const fetcher = useFetcher<LoanAnswer>();
  const action = `/books/${bookId}`;
  const error = refusalOf(fetcher, "loan") ?? (fetcher.state === "idle" && !fetcher.data ? refused : undefined);
  const errorId = error ? ERROR_ID : undefined;
  const form = (intent: string, label: string, pending: string, primary = false, fields: Record<string, string> = {}) => (
    <LoanForm fetcher={fetcher} action={action} intent={intent} fields={fields} label={label} pending={pending} primary={primary} errorId={errorId} />
  );
  const borrow = signedIn ? (
    <BorrowButton bookId={bookId} owner={ownerName} />
  ) : (
    <Link to={`/login?redirectTo=${encodeURIComponent(action)}`} className="btn btn-primary">
      {t("Borrow from {owner}", { owner: ownerName })}
    </Link>
  );
  const leave = form("leave-waitlist", t("Leave the waitlist"), t("Leaving…"));
  const { myLoan, holding, waitlist } = panel;
  const chat = myLoan?.conversationId ? (
    <Link to={`/messages/${myLoan.conversationId}`} className="btn btn-secondary">
      {t("Open chat")}
    </Link>
  ) : null;

  let status: React.ReactNode = null;
  let actions: React.ReactNode;
  if (isOwner) {
    const n = panel.pendingRequests;
    const rule = panel.ownerRule;
    // Who may ask, unless anyone may: "nobody for now" is a state the owner sees, not a book hidden.
    status = rule && rule.rule !== "anyone" ? OWNER_RULE_STATES[rule.rule](t, rule.km) : null;
    if (n === 0 && !status) return null;
    actions = (
      <>
        {n > 0 && (
          <Link to="/loans?tab=requests" className="font-medium text-brand-700 hover:underline">
            {t("{count, plural, one {# request — review} other {# requests — review}}", { count: n })}
          </Link>
        )}
        {status && (
          <Link to={`/books/${bookId}/edit#lending`} className="font-medium text-brand-700 hover:underline">
            {t("Change who may ask")}
          </Link>
        )}
      </>
    );
  } else if (myLoan?.state === "requested") {
    status = t("You asked to borrow this book");
    actions = (
      <>
        {chat}
        {form("cancel", t("Cancel request"), t("Cancelling…"), false, { loanId: myLoan.loanId })}
      </>
    );
  } else if (myLoan?.state === "accepted") {
    status = (
      <>
        {t("{name} accepted your request", { name: ownerName })}
        <Due dueDate={myLoan.dueDate} today={today} />
      </>
    );
    actions = (
      <>
        {chat}
        {form("cancel", t("Cancel"), t("Cancelling…"), false, { loanId: myLoan.loanId })}
      </>
    );
  } else if (myLoan?.state === "lent") {
    status = (
      <>
        {t("Lent to you")}
        <Due dueDate={myLoan.dueDate} today={today} />
      </>
    );
    actions = chat;
  } else if (waitlist.myState === "offered") {
    status =
      offerUntil === null
        ? t("It's your turn! This book is offered to you until soon")
        : t("It's your turn! This book is offered to you until {time}", { time: offerUntil });
    actions = (
      <>
        {borrow}
        {leave}
      </>
    );
  } else if (waitlist.myState === "waiting") {
    status = t("You're number {position} on the waitlist", { position: waitlist.myPlace });
    actions = leave;
  } else if (panel.lendRefusal) {
    // The book's lending rule leaves the viewer out: they are told so instead of being offered a button.
    status = panel.lendRefusal;
    actions = null;
  } else if (holding || waitlist.size > 0) {
    // Someone else has the book, or it is being offered to the next in line: no borrow button then,
    // and the waitlist is the page's one action.
    actions = form("join-waitlist", t("Join the waitlist"), t("Joining…"), true);
  } else {
    actions = borrow;
  }

  return (
    <section aria-label={t("Borrowing")} className="space-y-2">
      {status && (
        <p role="status" className="font-medium text-stone-900">
          {status}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {actions}
        <FieldError id={ERROR_ID} message={error} inline />
      </div>
      {panel.ownerRecord && (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold text-stone-900">{isolated(t("{name} as a lender", { name: slot(0) }), [ownerName])}</h3>
          <LenderRecordNote record={panel.ownerRecord} />
        </div>
      )}
    </section>
  );
}
