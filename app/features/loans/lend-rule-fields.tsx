import { LEND_RULES, LEND_WITHIN_KM, type LendRule } from "@worker/core/shared/lend-rules";
import { msg, type Translate } from "@worker/core/shared/translate";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "~/core/i18n";

/** Each rule's choice, as the owner says it. */
const RULE_LABELS: Record<LendRule, string> = {
  anyone: msg("Anyone"),
  near: msg("Members near me"),
  clubs: msg("Members of my clubs"),
  following: msg("People I follow"),
  nobody: msg("Nobody for now"),
};

/** A rule in a few words ("Members near me, within 5 km"), for the default's summary. */
function lendRuleSummary(rule: LendRule, km: number, t: Translate, locale: string): string {
  return rule === "near" ? t("Members near me, within {distance}", { distance: kilometres(km, locale) }) : t(RULE_LABELS[rule]);
}

const kilometres = (km: number, locale: string) => new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer" }).format(km);

/**
 * Who may ask to borrow: the same radios on Edit Book (one book, "Use my default" first, posted as "")
 * and on /profile (the default for my books). Posts `lendTo` and `lendWithinKm`; plain inputs, so it
 * works before the script loads. "Near" needs the member's area, and says so when there is none.
 */
export function LendRuleFields({
  legend,
  rule,
  km,
  memberDefault,
  hasArea,
  errors,
}: {
  legend: string;
  /** The saved rule; null follows the member's default (Edit Book only). */
  rule: LendRule | null;
  km: number;
  /** Edit Book: the member's default, offered first as "Use my default". */
  memberDefault?: { rule: LendRule; km: number };
  hasArea: boolean;
  errors?: Record<string, string | undefined>;
}) {
  const { t, locale } = useI18n();
  const ids = useId();
  const [chosen, setChosen] = useState<string>(rule ?? "");
  const error = errors?.lendTo ?? errors?.lendWithinKm;
  const radio = (value: string, label: string, hint?: React.ReactNode) => (
    <div key={value} className="flex items-start gap-2">
      <input
        id={`${ids}-${value || "default"}`}
        type="radio"
        name="lendTo"
        value={value}
        checked={chosen === value}
        onChange={() => setChosen(value)}
        aria-describedby={hint ? `${ids}-${value || "default"}-hint` : undefined}
        className="mt-1 size-4 accent-brand-700"
      />
      <div>
        <label htmlFor={`${ids}-${value || "default"}`} className="font-medium">
          {label}
        </label>
        {hint && (
          <p id={`${ids}-${value || "default"}-hint`} className="text-sm text-stone-700">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
  return (
    <fieldset id="lending" className="space-y-2" aria-describedby={error ? `${ids}-error` : undefined}>
      <legend className="mb-1 font-semibold">{legend}</legend>
      {memberDefault &&
        radio(
          "",
          t("Use my default"),
          <>
            {t("Your default: {rule}", { rule: lendRuleSummary(memberDefault.rule, memberDefault.km, t, locale) })}{" "}
            <Link to="/profile#lending" className="font-medium text-brand-700 hover:underline">
              {t("Change it on your profile")}
            </Link>
          </>,
        )}
      {LEND_RULES.map((value) => {
        if (value !== "near") {
          const hint = value === "nobody" ? t("Still shown in the library, marked as not lending for now.") : undefined;
          return radio(value, t(RULE_LABELS[value]), hint);
        }
        return (
          <div key={value} className="space-y-2">
            {radio(
              value,
              t(RULE_LABELS[value]),
              hasArea ? undefined : (
                <>
                  {t("You have no area yet, so nobody counts as near you.")}{" "}
                  <Link to="/profile#my-area" className="font-medium text-brand-700 hover:underline">
                    {t("Set your area")}
                  </Link>
                </>
              ),
            )}
            <div className="ms-6">
              <label htmlFor={`${ids}-km`} className="mb-1 block text-sm font-semibold">
                {t("Distance")}
              </label>
              <select id={`${ids}-km`} name="lendWithinKm" defaultValue={String(km)} className="field w-auto">
                {LEND_WITHIN_KM.map((step) => (
                  <option key={step} value={step}>
                    {t("Within {distance}", { distance: kilometres(step, locale) })}
                  </option>
                ))}
              </select>
            </div>
          </div>
        );
      })}
      <p className="text-sm text-stone-700">{t("A new rule applies to new requests: loans already agreed go on.")}</p>
      {error && (
        <p id={`${ids}-error`} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
