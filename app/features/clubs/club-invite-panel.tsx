import { formatDay } from "@worker/core/shared/date-format";
import { msg } from "@worker/core/shared/translate";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";

export const REGENERATE_CONFIRMATION = msg("Make a new invite code? The current code will stop working.");
const COPIED = msg("Invite code copied");
const COPY_FAILED = msg("Could not copy the invite code. Please copy it by hand.");

interface Refusal {
  ok: false;
  errors: Partial<Record<string, string>>;
}

/**
 * The invite code for the creator and admins: the code, when it expires, Copy, and Regenerate
 * (after a confirmation, since it revokes the code people may already have).
 */
export function ClubInvitePanel({ clubId, invite }: { clubId: string; invite: { code: string; expiresAt: number } }) {
  const t = useT();
  const reader = useReader();
  const id = useId();
  const fetcher = useFetcher<Refusal | { ok: true }>();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const [copy, setCopy] = useState<{ ok: boolean; message: string } | null>(null);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copyTimer.current), []);
  const regenerating = fetcher.state !== "idle";
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.errors.form : null;
  const expires = formatDay(invite.expiresAt, reader);

  async function copyCode() {
    clearTimeout(copyTimer.current);
    try {
      await navigator.clipboard.writeText(invite.code);
      setCopy({ ok: true, message: t(COPIED) });
    } catch {
      setCopy({ ok: false, message: t(COPY_FAILED) });
    }
    copyTimer.current = setTimeout(() => setCopy(null), 3000);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card space-y-3 p-5">
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold">
        {t("Invite code")}
      </h2>
      <p className="text-stone-700">{t("Share this code; anyone who enters it under Join Club becomes a member.")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <output aria-label={t("Current invite code")} className="rounded-lg bg-stone-100 px-4 py-2 font-mono text-2xl font-semibold tracking-widest">
          {invite.code}
        </output>
        <button type="button" className="btn btn-secondary" onClick={copyCode} disabled={!ready}>
          {t("Copy")}
        </button>
      </div>
      <p className="text-sm text-stone-700">{t("Expires {date}", { date: expires })}</p>
      <fetcher.Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm(t(REGENERATE_CONFIRMATION))) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="regenerate-invite" />
        <input type="hidden" name="clubId" value={clubId} />
        {/* Off until hydrated: the confirmation needs JavaScript, and revoking must not happen unasked. */}
        <button type="submit" className="btn btn-secondary" disabled={!ready || regenerating}>
          {regenerating ? t("Regenerating…") : t("Regenerate")}
        </button>
      </fetcher.Form>
      {copy && (
        <p role={copy.ok ? "status" : "alert"} className={`text-sm ${copy.ok ? "text-green-800" : "text-red-800"}`}>
          {copy.message}
        </p>
      )}
      {refused && (
        <p role="alert" className="text-sm text-red-800">
          {refused}
        </p>
      )}
    </section>
  );
}
