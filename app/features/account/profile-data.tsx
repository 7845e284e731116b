import { formatDayTime } from "@worker/core/shared/date-format";
import type { DataExportView } from "@worker/features/account/data-download";
import { Form } from "react-router";
import { useT } from "~/core/i18n";
import { useReader } from "~/core/use-reader";
import { ProfileSection } from "./profile-section";

/** The profile page's "Your data" card: ask for the zip, then its link while it lasts. */
export function ProfileData({ dataExport }: { dataExport: DataExportView | null }) {
  const t = useT();
  const reader = useReader();
  return (
    <ProfileSection id="your-data" title={t("Your data")}>
      <p className="text-stone-700">{t("A zip of your profile, preferences, books and their covers, loans, clubs, conversations and notifications.")}</p>
      {/* A full document request: the answer is the zip itself, which the browser saves. */}
      <Form method="post" action="/profile/data" reloadDocument>
        <button type="submit" className="btn btn-secondary">
          {t("Download all my data")}
        </button>
      </Form>
      {dataExport?.state === "building" && <p role="status">{t("Your data is being prepared. Reload this page in a minute for the link.")}</p>}
      {dataExport?.state === "failed" && <p role="status">{t("Preparing your data failed. Please try again.")}</p>}
      {dataExport?.downloadUrl && dataExport.expiresAt && (
        <p>
          <a href={dataExport.downloadUrl} className="font-medium text-brand-700 hover:underline" download>
            {t("Download your data (zip)")}
          </a>{" "}
          <span className="text-sm text-stone-700">{t("available until {date}", { date: formatDayTime(dataExport.expiresAt, reader) })}</span>
        </p>
      )}
    </ProfileSection>
  );
}
