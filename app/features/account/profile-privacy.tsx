import { useFetcher } from "react-router";
import { useT } from "~/core/i18n";
import { FieldError } from "~/ui/field-error";
import { Switch } from "~/ui/switch";
import type { ProfileActionResult } from "./profile-result";
import { ProfileSection } from "./profile-section";

/** "Show my e-mail to other members": saved on its own as soon as it is switched, like a setting. */
function ShowEmailSwitch({ saved }: { saved: boolean }) {
  const t = useT();
  const fetcher = useFetcher<ProfileActionResult>({ key: "profile-show-email" });
  const pending = fetcher.formData?.get("showEmail");
  const checked = typeof pending === "string" ? pending === "on" : saved;
  const errors = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.errors : null;
  const failed = errors ? (errors.showEmail ?? errors.form) : null;
  return (
    <fetcher.Form method="post">
      <Switch
        id="profile-show-email"
        name="showEmail"
        value={checked ? "off" : "on"}
        checked={checked}
        label={t("Show my e-mail to other members")}
        description={t(
          "Off: only members you have exchanged messages with, and fellow members of a private club you both joined by invitation or approval, see it.",
        )}
      />
      <FieldError id="profile-show-email-error" message={failed} />
    </fetcher.Form>
  );
}

/** The profile page's Privacy card. */
export function ProfilePrivacy({ showEmail }: { showEmail: boolean }) {
  const t = useT();
  return (
    <ProfileSection title={t("Privacy")}>
      <ShowEmailSwitch saved={showEmail} />
    </ProfileSection>
  );
}
