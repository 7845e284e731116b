import { Link } from "react-router";
import { ProfileSection } from "./profile-section";

/** The top bar's Moderation link is not on the phone's bottom bar: moderators find it on their profile too. */
export function ProfileModeration() {
  return (
    <ProfileSection title="Moderation">
      <p className="text-stone-700">You are a moderator: review what members have reported.</p>
      <Link to="/moderation" className="btn btn-secondary">
        Review reports
      </Link>
    </ProfileSection>
  );
}
