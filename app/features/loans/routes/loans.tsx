import { translate } from "@worker/core/i18n/request-language";
import { LOAN_COUNT_CAP } from "@worker/core/shared/loan-tabs";
import { msg } from "@worker/core/shared/translate";
import type { LoanTab as Tab } from "@worker/features/loans";
import { type LoanTabCounts, loanListQuerySchema, loansPage } from "@worker/features/loans";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useT } from "~/core/i18n";
import { pageMessages } from "~/core/i18n.server";
import { memberContext, readerFor } from "~/core/route-context.server";
import { queryFromUrl } from "~/core/url-query.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { todayFor } from "../due-label.server";
import { loanIntentAction } from "../loan-intents.server";
import { LoanRow } from "../loan-row";
import type { Route } from "./+types/loans";

const TABS: { key: Tab; label: string; empty: string }[] = [
  { key: "lent", label: msg("Lent out"), empty: msg("Nothing lent out right now.") },
  { key: "borrowed", label: msg("Borrowed"), empty: msg("You're not borrowing anything right now.") },
  { key: "requests", label: msg("Requests"), empty: msg("No requests right now.") },
  { key: "history", label: msg("History"), empty: msg("No past loans yet.") },
];

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: `${loaderData?.title ?? "Loans"} — BookClub` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = memberContext(context);
  const params = new URL(request.url).searchParams;
  // A bad tab or a tampered cursor shows the first page of Lent out rather than an error.
  const query = queryFromUrl(loanListQuerySchema, params, ["tab", "before"], { tab: "lent" as Tab });
  // Plain /loans (the bar's link, and the address the offline app keeps) opens on the first tab that
  // needs the member, else Lent out.
  const { tab, counts, ...page } = await loansPage(ctx, query, !params.has("tab"));
  return {
    title: translate("Loans"),
    // The rows show the books feature's cover and due note.
    catalogue: await pageMessages(context, "loans", "books"),
    tab,
    counts,
    items: page.items,
    nextToken: page.nextToken,
    older: Boolean(query.before),
    today: todayFor(readerFor(request, context)),
  };
}

/** Every row's steps post here with an `intent` and the loan's id; a refusal comes back under that id. */
export async function action({ request, context }: Route.ActionArgs) {
  return loanIntentAction({ request, context, errorKey: (fields) => fields.loanId ?? "form", back: "/loans", photos: true });
}

/**
 * The four lists are addresses (?tab=), so the tabs are links with aria-current, like the club pages'.
 * A tab with something waiting for the member shows how many, as part of its name ("Requests 1").
 */
function LoanTabs({ current, counts }: { current: Tab; counts: LoanTabCounts }) {
  const t = useT();
  return (
    // One row that shares the phone's width, every tab and its count whole (a scrolling row clipped "History").
    <nav aria-label={t("Loan sections")} className="flex border-b border-stone-300">
      {TABS.map((tab) => {
        const active = tab.key === current;
        return (
          <Link
            key={tab.key}
            to={`/loans?tab=${tab.key}`}
            aria-current={active ? "page" : undefined}
            className={`-mb-px inline-flex min-h-11 flex-1 items-center justify-center border-b-2 px-1 py-2 text-center text-sm [overflow-wrap:break-word] sm:flex-none sm:justify-start sm:px-4 sm:text-base ${
              active ? "border-brand-700 font-semibold text-brand-800" : "border-transparent text-stone-700 hover:text-stone-900"
            }`}
          >
            {t(tab.label)}
            {counts[tab.key] > 0 && (
              <>
                {" "}
                <span className="ms-1 rounded-full bg-brand-700 px-1.5 py-0.5 text-xs font-semibold text-white sm:ms-2 sm:px-2">
                  {counts[tab.key] > LOAN_COUNT_CAP ? `${LOAN_COUNT_CAP}+` : counts[tab.key]}
                </span>
              </>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

export default function Loans({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { tab, counts, items, nextToken, older, today } = loaderData;
  const current = TABS.find((entry) => entry.key === tab) ?? TABS[0]!;
  const refusals = actionData && !actionData.ok ? actionData.errors : {};
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const opened = !params.has("tab");
  if (opened) params.set("tab", tab);
  const navigate = useNavigate();
  useEffect(() => {
    // Plain /loans opened on `tab`: the address now names it (loading nothing), so a step taken here
    // revalidates this tab rather than whichever needs the member next. Plain /loans stays the
    // address the offline app keeps.
    if (opened) navigate(`/loans?tab=${tab}`, { replace: true, preventScrollReset: true, defaultShouldRevalidate: false });
  }, [opened, tab, navigate]);
  return (
    <div className="space-y-5">
      <h1 className="font-serif text-3xl font-bold">{t("Loans")}</h1>
      <LoanTabs current={current.key} counts={counts} />
      {refusals.form && (
        <p role="alert" className="text-sm text-red-800">
          {refusals.form}
        </p>
      )}
      {items.length === 0 ? (
        <p className="card p-8 text-center text-stone-700">{t(current.empty)}</p>
      ) : (
        <ul aria-label={t(current.label)} className="flex flex-col gap-3">
          {items.map((loan) => (
            <LoanRow key={loan.loanId} loan={loan} action={`/loans?${params}`} today={today} refused={refusals[loan.loanId]} />
          ))}
        </ul>
      )}
      {(older || nextToken) && (
        <nav aria-label={t("Pages")} className="flex justify-between gap-2">
          {older ? (
            <Link to={`/loans?tab=${tab}`} className="btn btn-secondary">
              {t("Newest")}
            </Link>
          ) : (
            <span />
          )}
          {nextToken && (
            <Link to={`/loans?tab=${tab}&before=${encodeURIComponent(nextToken)}`} className="btn btn-secondary">
              {t("Older")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} heading={msg("Failed to load loans")} />;
}
