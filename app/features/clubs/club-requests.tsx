import { formatDay } from "@worker/core/shared/date-format";
import type { JoinRequestItem } from "@worker/features/clubs/membership-steps";
import { Link, useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { Avatar } from "~/ui/avatar";
import { FieldError } from "~/ui/field-error";

interface Refusal {
  ok: false;
  errors: Partial<Record<string, string>>;
}

/** One pending request with its own Approve and Reject forms, so each shows its own progress and error. */
function RequestRow({ clubId, request, formatDate }: { clubId: string; request: JoinRequestItem; formatDate: (ms: number) => string }) {
  const t = useT();
  const fetcher = useFetcher<Refusal | { ok: true }>();
  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent");
  const doing = pending === "approve" || pending === "reject" ? pending : null;
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.errors.form : null;
  const errorId = `request-${request.userId}-error`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar src={request.profilePicture} name={request.name} size="sm" />
      <div className="min-w-0 flex-1">
        <Link dir="auto" to={`/users/${request.userId}`} className="font-medium hover:underline">
          {request.name}
        </Link>
        <p className="text-sm text-stone-700">{t("Requested {date}", { date: formatDate(request.requestedAt) })}</p>
      </div>
      <fetcher.Form method="post" className="flex gap-2">
        <input type="hidden" name="clubId" value={clubId} />
        <input type="hidden" name="userId" value={request.userId} />
        <button
          type="submit"
          name="intent"
          value="approve"
          className="btn btn-primary"
          disabled={busy}
          aria-label={t("Approve {name}", { name: request.name })}
        >
          {doing === "approve" ? t("Approving…") : t("Approve")}
        </button>
        <button
          type="submit"
          name="intent"
          value="reject"
          className="btn btn-secondary"
          disabled={busy}
          aria-label={t("Reject {name}", { name: request.name })}
        >
          {doing === "reject" ? t("Rejecting…") : t("Reject")}
        </button>
      </fetcher.Form>
      <FieldError id={errorId} message={refused} inline />
    </li>
  );
}

/** The Manage Join Requests list: who asked, when, and Approve / Reject for each. */
export function ClubRequests({
  clubId,
  requests,
  loadError,
  closeHref,
}: {
  clubId: string;
  requests: JoinRequestItem[] | null;
  loadError: string | null;
  closeHref: string;
}) {
  const t = useT();
  const reader = useReader();
  let content: React.ReactNode;
  if (loadError || !requests) {
    content = (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
        {loadError ?? t("Failed to load requests")}
      </p>
    );
  } else if (requests.length === 0) {
    content = <p className="text-stone-700">{t("No pending requests.")}</p>;
  } else {
    content = (
      <ul className="divide-y divide-stone-200" aria-label={t("Pending requests")}>
        {requests.map((request) => (
          <RequestRow key={request.userId} clubId={clubId} request={request} formatDate={(ms) => formatDay(ms, reader)} />
        ))}
      </ul>
    );
  }
  return (
    <div className="space-y-4">
      {content}
      <div className="flex justify-end border-t border-stone-200 pt-4">
        <Link
          to={closeHref}
          replace
          preventScrollReset
          defaultShouldRevalidate={false}
          className="btn btn-secondary"
          data-autofocus={requests?.length ? undefined : true}
        >
          {t("Close")}
        </Link>
      </div>
    </div>
  );
}
