import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { ProfileSection } from "./profile-section";

/** The profile page's way to account deletion; the next page explains it and asks to confirm. */
export function ProfileDeleteAccount() {
  const t = useT();
  return (
    <ProfileSection title={t("Delete my account")}>
      <p className="text-stone-700">{t("Removes your profile, books, covers and memberships for good. The next page says exactly what happens.")}</p>
      <Link to="/profile/delete" className="btn btn-danger">
        {t("Delete my account…")}
      </Link>
    </ProfileSection>
  );
}
