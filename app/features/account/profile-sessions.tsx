import { Form } from "react-router";
import { useT } from "~/core/i18n";
import { noteOwnSignOut } from "~/core/session-events";
import { ProfileSection } from "./profile-section";

/** The profile page's Sessions card: sign out on every device at once. */
export function ProfileSessions() {
  const t = useT();
  return (
    <ProfileSection title={t("Sessions")}>
      <p className="text-stone-700">{t("Signed in on a shared or lost device? Sign out of BookClub on every device at once.")}</p>
      {/* A full page load: signing out must drop every bit of client state. The flag goes in both
          the query and the body, so the logout action may read either. */}
      <Form method="post" action="/logout?everywhere=1" reloadDocument onSubmit={noteOwnSignOut}>
        <input type="hidden" name="everywhere" value="1" />
        <button type="submit" className="btn btn-danger">
          {t("Sign out everywhere")}
        </button>
      </Form>
    </ProfileSection>
  );
}
