import { useT } from "~/core/i18n";

const TONES = {
  creator: "bg-brand-100 text-brand-800",
  admin: "bg-violet-100 text-violet-900",
  private: "bg-stone-200 text-stone-800",
  pending: "bg-yellow-100 text-yellow-900",
  member: "bg-blue-100 text-blue-900",
} as const;

export type ClubBadgeTone = keyof typeof TONES;

export function ClubBadge({ tone, children }: { tone: ClubBadgeTone; children: React.ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

/** A member's place in a club as one badge: the creator, an admin, or a member. */
export function RoleBadge({ role, isCreator }: { role: "admin" | "member"; isCreator: boolean }) {
  const t = useT();
  if (isCreator) return <ClubBadge tone="creator">{t("Creator")}</ClubBadge>;
  return role === "admin" ? <ClubBadge tone="admin">{t("Admin")}</ClubBadge> : <ClubBadge tone="member">{t("Member")}</ClubBadge>;
}
