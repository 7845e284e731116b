import type { LendRule } from "@worker/core/shared/lend-rules";
import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { LendRuleFields } from "~/features/loans";
import { ProfileSection } from "./profile-section";

/** What the profile action answers for the lending card: saved, or a message per field. */
export type LendingActionResult = { lending: true } & ({ ok: true } | { ok: false; errors: Record<string, string> });

/** "Lending": who may ask to borrow my books unless a book says otherwise (Edit Book sets one book's). */
export function ProfileLending({ rule, km, hasArea, pageAnswer }: { rule: LendRule; km: number; hasArea: boolean; pageAnswer?: LendingActionResult }) {
  const t = useT();
  const fetcher = useFetcher<LendingActionResult>({ key: "profile-lending" });
  const busy = fetcher.state !== "idle";
  // A posted form without JavaScript answers through the page instead of the fetcher.
  const answer = fetcher.state === "idle" ? (fetcher.data ?? pageAnswer) : undefined;
  return (
    <ProfileSection title={t("Lending")} id="lending-rule">
      <fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="lending" value="rule" />
        <LendRuleFields
          legend={t("Who may ask to borrow my books")}
          rule={rule}
          km={km}
          hasArea={hasArea}
          errors={answer && !answer.ok ? answer.errors : undefined}
        />
        <p className="text-sm text-stone-700">{t("A book's own rule, set on its Edit Book page, comes first.")}</p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("Saving…") : t("Save lending rule")}
          </button>
          {answer?.ok && (
            <p role="status" className="text-sm font-medium text-stone-900">
              {t("Lending rule saved")}
            </p>
          )}
        </div>
      </fetcher.Form>
    </ProfileSection>
  );
}
