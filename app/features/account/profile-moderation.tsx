import { Link } from "react-router";
import { useT } from "~/core/i18n";
import { ProfileSection } from "./profile-section";

/** The top bar's Moderation link is not on the phone's bottom bar: moderators find it on their profile too. */
export function ProfileModeration() {
  const t = useT();
  return (
    <ProfileSection title={t("Moderation")}>
      <p className="text-stone-700">{t("You are a moderator: review what members have reported.")}</p>
      <Link to="/moderation" className="btn btn-secondary">
        {t("Review reports")}
      </Link>
    </ProfileSection>
  );
}
