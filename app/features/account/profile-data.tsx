import { Form } from "react-router";
import type { DataExportView } from "@worker/features/account/data-download";
import { ProfileSection } from "./profile-section";

/** The profile page's "Your data" card: ask for the zip, then its link while it lasts. */
export function ProfileData({ dataExport }: { dataExport: DataExportView | null }) {
  return (
    <ProfileSection id="your-data" title="Your data">
      <p className="text-stone-700">
        A zip of your profile, preferences, books and their covers, loans, clubs, conversations and notifications.
      </p>
      {/* A full document request: the answer is the zip itself, which the browser saves. */}
      <Form method="post" action="/profile/data" reloadDocument>
        <button type="submit" className="btn btn-secondary">
          Download all my data
        </button>
      </Form>
      {dataExport?.state === "building" && <p role="status">Your data is being prepared. Reload this page in a minute for the link.</p>}
      {dataExport?.state === "failed" && <p role="status">Preparing your data failed. Please try again.</p>}
      {dataExport?.downloadUrl && dataExport.expiresAt && (
        <p>
          <a href={dataExport.downloadUrl} className="font-medium text-brand-700 hover:underline" download>
            Download your data (zip)
          </a>{" "}
          <span className="text-sm text-stone-700">available until {new Date(dataExport.expiresAt).toUTCString()}</span>
        </p>
      )}
    </ProfileSection>
  );
}
