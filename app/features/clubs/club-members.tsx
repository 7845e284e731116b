import type { ClubPageMember } from "@worker/features/clubs/club-page";
import { Link, useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { Avatar } from "~/ui/avatar";
import { FieldError } from "~/ui/field-error";
import { RoleBadge } from "./club-badge";

interface Refusal {
  ok: false;
  errors: Partial<Record<string, string>>;
}

/** The creator's controls for one member: make admin (or member again), and remove after a confirmation. */
function MemberControls({ member, clubName }: { member: ClubPageMember; clubName: string }) {
  const t = useT();
  const fetcher = useFetcher<Refusal | { ok: true }>();
  const busy = fetcher.state !== "idle";
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.errors.form ?? fetcher.data.errors.role) : null;
  const nextRole = member.role === "admin" ? "member" : "admin";
  return (
    <>
      <fetcher.Form
        method="post"
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.getAttribute("value") === "remove-member" && !window.confirm(t("Remove {name} from {club}?", { name: member.name, club: clubName }))) {
            event.preventDefault();
          }
        }}
      >
        <input type="hidden" name="userId" value={member.userId} />
        <input type="hidden" name="role" value={nextRole} />
        {/* The accessible name starts with the visible text (WCAG 2.5.3, "label in name"), so "Make admin" works for voice control too. */}
        <button
          type="submit"
          name="intent"
          value="set-role"
          className="btn btn-secondary"
          disabled={busy}
          aria-label={nextRole === "admin" ? t("Make admin: {name}", { name: member.name }) : t("Make member: {name}", { name: member.name })}
        >
          {nextRole === "admin" ? t("Make admin") : t("Make member")}
        </button>
        <button
          type="submit"
          name="intent"
          value="remove-member"
          className="btn btn-danger"
          disabled={busy}
          aria-label={t("Remove: {name}", { name: member.name })}
        >
          {t("Remove")}
        </button>
      </fetcher.Form>
      <FieldError message={refused} inline />
    </>
  );
}

/** The club's active members with their roles; the creator also manages each of them. */
export function ClubMembers({
  members,
  memberCount,
  clubName,
  viewerIsCreator,
  viewerId,
}: {
  members: ClubPageMember[];
  memberCount: number;
  clubName: string;
  viewerIsCreator: boolean;
  viewerId: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="club-members-heading" className="card space-y-3 p-5">
      <h2 id="club-members-heading" className="font-serif text-xl font-semibold">
        {t("Members ({count, number})", { count: memberCount })}
      </h2>
      <ul className="divide-y divide-stone-200">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar src={member.profilePicture} name={member.name} size="sm" />
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
              <Link dir="auto" to={`/users/${member.userId}`} className="font-medium hover:underline">
                {member.name}
              </Link>
              <RoleBadge role={member.role} isCreator={member.isCreator} />
            </div>
            {viewerIsCreator && !member.isCreator && member.userId !== viewerId && <MemberControls member={member} clubName={clubName} />}
          </li>
        ))}
      </ul>
      {members.length < memberCount && (
        <p className="text-sm text-stone-700">
          {t("{count, plural, one {Showing the first # member.} other {Showing the first # members.}}", { count: members.length })}
        </p>
      )}
    </section>
  );
}
