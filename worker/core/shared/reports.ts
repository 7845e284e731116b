import { msg } from "./translate";

/** Why a member reports something: the form's choices, the API's `reason`, the moderator's label. */
export const REPORT_REASONS = ["spam", "harassment", "inappropriate", "scam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Catalogue texts: shown with t(label). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: msg("Spam or advertising"),
  harassment: msg("Harassment or hate"),
  inappropriate: msg("Inappropriate content"),
  scam: msg("Scam or fraud"),
  other: msg("Something else"),
};

export const REPORT_DETAILS_MAX = 1000;

/** What the reporter is told (a catalogue text); the reported member is told nothing. */
export const REPORT_RECEIVED = msg("Thanks — your report was received. A moderator will review it.");
