import type { useFetcher } from "react-router";

/** What a loan form's action answers (app/features/loans/loan-intents.server.ts). */
export type LoanAnswer = { ok: true; intent: string; place?: number } | { ok: false; errors: Partial<Record<string, string>> };
export type LoanFetcher = ReturnType<typeof useFetcher<LoanAnswer>>;

/** The refusal a fetcher settled on for `key`, if any. */
export function refusalOf(fetcher: LoanFetcher, key: string): string | undefined {
  return fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.errors[key] : undefined;
}

/**
 * One loan step as a form: a plain post without JavaScript, the fetcher's with it. The forms of one
 * loan share a fetcher, so while one step is under way every button waits and the pressed one says
 * what it is doing ("Accepting…").
 */
export function LoanForm({
  fetcher,
  action,
  intent,
  fields,
  label,
  pending,
  primary = false,
  errorId,
  multipart = false,
  children,
}: {
  fetcher: LoanFetcher;
  action: string;
  intent: string;
  fields: Record<string, string>;
  label: string;
  pending: string;
  primary?: boolean;
  /** The row's error message, which the button points at when there is one. */
  errorId?: string;
  /** The form carries a file (a condition photo). */
  multipart?: boolean;
  children?: React.ReactNode;
}) {
  const busy = fetcher.state !== "idle";
  const doing = busy && fetcher.formData?.get("intent") === intent;
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType={multipart ? "multipart/form-data" : undefined}
      className={`flex flex-wrap items-end gap-2${multipart ? " w-full" : ""}`}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={`btn ${primary ? "btn-primary" : "btn-secondary"}`} disabled={busy} aria-describedby={errorId}>
        {doing ? pending : label}
      </button>
    </fetcher.Form>
  );
}
