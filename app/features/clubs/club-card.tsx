import { msg, type Translate } from "@worker/core/shared/translate";
import type { BrowseClub, MemberClub } from "@worker/features/clubs/club-lists";
import { useEffect, useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { useFetcherResult } from "~/core/use-fetcher-result";
import { OpenDialogButton } from "~/ui/dialog";
import { marked } from "~/ui/marked-text";
import { useToast } from "~/ui/toaster";
import { ClubBadge } from "./club-badge";

export const deleteClubConfirmation = (t: Translate, name: string) => t('Delete club "{name}"? This cannot be undone.', { name });

interface Refusal {
  ok: false;
  errors: Partial<Record<string, string>>;
}

function ClubName({ club, linked, id }: { club: { clubId: string; name: string; highlight?: BrowseClub["highlight"] }; linked: boolean; id: string }) {
  const name = marked(club.highlight?.name, club.name);
  return (
    // A club's name and words keep the direction they were written in, whatever the page's.
    <h2 id={id} className="font-serif text-lg font-semibold" dir="auto">
      {linked ? (
        <Link to={`/clubs/${club.clubId}`} className="hover:underline">
          {name}
        </Link>
      ) : (
        name
      )}
    </h2>
  );
}

export function ClubFacts({ club }: { club: { description: string; location: string } }) {
  const t = useT();
  return (
    <>
      {club.description && (
        <p className="text-stone-800" dir="auto">
          {club.description}
        </p>
      )}
      <p className="text-sm text-stone-700">
        <span className="font-medium">{t("Location:")}</span> <bdi>{club.location}</bdi>
      </p>
    </>
  );
}

/** "12 members · 3 places left" (or "· full"): a club with a limit says on its card whether one can still join. */
export function headcount(t: Translate, club: { memberCount: number; memberLimit: number | null }): string {
  const count = club.memberCount;
  if (club.memberLimit === null) return t("{count, plural, one {# member} other {# members}}", { count });
  const left = Math.max(0, club.memberLimit - club.memberCount);
  if (left === 0) return t("{count, plural, one {# member} other {# members}} · full", { count });
  return t("{count, plural, one {# member} other {# members}} · {left, plural, one {# place} other {# places}} left", { count, left });
}

/** Delete asks first ('Delete club "{name}"? …'); it stays off until hydrated so nothing is deleted unasked. */
export function DeleteClubForm({ clubId, name, describedBy }: { clubId: string; name: string; describedBy?: string }) {
  const t = useT();
  const fetcher = useFetcher<Refusal | { ok: true }>();
  const { notify } = useToast();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useFetcherResult(fetcher, (result) => {
    if (!result.ok) notify("error", result.errors.form ?? t("Failed to delete club"));
  });
  return (
    <fetcher.Form
      method="post"
      className="contents"
      onSubmit={(event) => {
        if (!window.confirm(deleteClubConfirmation(t, name))) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="clubId" value={clubId} />
      <button type="submit" className="btn btn-danger" disabled={!ready || fetcher.state !== "idle"} aria-describedby={describedBy}>
        {fetcher.state !== "idle" ? t("Deleting…") : t("Delete")}
      </button>
    </fetcher.Form>
  );
}

/**
 * A card on My Clubs (docs/product.md#clubs): the creator or an admin sees the management buttons unless their
 * own membership is pending; only the creator gets Edit and Delete (the server checks again).
 */
/** `children`: what other features add to the card (the club room's unread line). */
export function MyClubCard({ club, userId, children }: { club: MemberClub; userId: string; children?: React.ReactNode }) {
  const t = useT();
  const headingId = useId();
  const isCreator = club.createdBy === userId;
  const pending = club.userStatus === "pending";
  const manages = (isCreator || club.userRole === "admin") && !pending;
  return (
    <li className="card flex flex-col gap-2 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <ClubName club={club} id={headingId} linked={!pending || !club.isPrivate} />
        {isCreator && <ClubBadge tone="creator">{t("Creator")}</ClubBadge>}
        {club.isPrivate && <ClubBadge tone="private">{t("Private")}</ClubBadge>}
        {pending && <ClubBadge tone="pending">{t("Pending")}</ClubBadge>}
      </div>
      <p className="text-sm text-stone-700">{headcount(t, club)}</p>
      <ClubFacts club={club} />
      {children}
      {manages && (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {isCreator && (
            <>
              <OpenDialogButton dialog="edit" club={club.clubId} describedBy={headingId}>
                {t("Edit")}
              </OpenDialogButton>
              <DeleteClubForm clubId={club.clubId} name={club.name} describedBy={headingId} />
            </>
          )}
          <OpenDialogButton dialog="requests" club={club.clubId} describedBy={headingId} loadsData>
            {t("Manage Requests")}
          </OpenDialogButton>
        </div>
      )}
    </li>
  );
}

const REQUESTED = { pending: msg("Request to join sent"), active: msg("Joined club!") } as const;

/** 'Request to Join': pending turns it into a disabled 'Requested'; an open club admits at once. */
export function RequestToJoinForm({ clubId, requested, describedBy }: { clubId: string; requested: boolean; describedBy?: string }) {
  const t = useT();
  const fetcher = useFetcher<Refusal | { ok: true; status: "pending" | "active" }>();
  const { notify } = useToast();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) notify("success", t(REQUESTED[result.status]));
    else notify("error", result.errors.form ?? t("Could not request to join club"));
  });
  const sent = requested || (fetcher.data?.ok === true && fetcher.data.status === "pending");
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value="request" />
      <input type="hidden" name="clubId" value={clubId} />
      <button type="submit" className="btn btn-primary" disabled={sent || fetcher.state !== "idle"} aria-describedby={describedBy}>
        {sent ? t("Requested") : fetcher.state !== "idle" ? t("Sending…") : t("Request to Join")}
      </button>
    </fetcher.Form>
  );
}

/** A card on Browse Clubs: private clubs are listed too; outsiders opening one see this card's facts, never its members or reading. */
export function BrowseClubCard({ club, requested }: { club: BrowseClub; requested: boolean }) {
  return (
    <li className="card flex flex-col gap-2 p-5">
      <BrowseClubBody club={club} requested={requested} />
    </li>
  );
}

/** What Browse Clubs says of a club, also under a place of the clubs' map. */
export function BrowseClubBody({ club, requested }: { club: BrowseClub; requested: boolean }) {
  const t = useT();
  const headingId = useId();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {/* A private club's page shows outsiders what this card does, with the same request button. */}
        <ClubName club={club} id={headingId} linked />
        {club.isPrivate && <ClubBadge tone="private">{t("Private")}</ClubBadge>}
        {club.isMember && <ClubBadge tone="member">{t("Member")}</ClubBadge>}
      </div>
      <p className="text-sm text-stone-700">{headcount(t, club)}</p>
      <ClubFacts club={club} />
      {club.distanceKm !== undefined && (
        <p className="text-sm text-stone-700">
          {club.distanceKm < 1 ? t("Under 1 km away") : t("About {distance, number} km away", { distance: club.distanceKm })}
        </p>
      )}
      {/* Non-members see 'Request to Join' for public and private clubs alike. */}
      {!club.isMember && (
        <div className="mt-auto flex pt-2">
          <RequestToJoinForm clubId={club.clubId} requested={requested} describedBy={headingId} />
        </div>
      )}
    </>
  );
}
