import { INVITE_CODE_LENGTH, INVITE_CODE_REQUIRED } from "@worker/core/shared/club-limits";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "~/core/i18n";
import { TextField } from "~/ui/field";
import { useTypedBeforeHydration } from "~/ui/use-typed-before-hydration";

/**
 * Join Book Club: one invite-code field, shown and sent in upper case (codes are case-insensitive),
 * at most 8 characters. Submit stays disabled while the field is empty once the page is
 * interactive; before that the browser's `required` check stands in.
 */
export function ClubJoinForm({ error, cancelHref }: { error?: string; cancelHref: string }) {
  const t = useT();
  const navigation = useNavigation();
  const joining = navigation.state === "submitting" && navigation.formData?.get("intent") === "join";
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [code, setCode] = useState("");
  const box = useTypedBeforeHydration<HTMLInputElement>(code, (text) => setCode(text.toUpperCase()));
  const [touched, setTouched] = useState(false);
  const empty = code.trim() === "";
  const message = error ?? (touched && empty ? t(INVITE_CODE_REQUIRED) : undefined);

  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="join" />
      <TextField
        label={t("Invite Code")}
        hint={t("Ask a member of the club for its {length}-character code.", { length: INVITE_CODE_LENGTH })}
        error={message}
        name="inviteCode"
        type="text"
        required
        maxLength={INVITE_CODE_LENGTH}
        ref={box}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.toUpperCase())}
        onBlur={() => setTouched(true)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        data-autofocus
        className="field font-mono tracking-widest uppercase"
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-stone-200 pt-4">
        <Link to={cancelHref} replace preventScrollReset defaultShouldRevalidate={false} className="btn btn-secondary">
          {t("Cancel")}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={joining || (hydrated && empty)}>
          {joining ? t("Joining…") : t("Join Club")}
        </button>
      </div>
    </Form>
  );
}
