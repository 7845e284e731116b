/** Why a member reports something: the form's choices, the API's `reason`, the moderator's label. */
export const REPORT_REASONS = ["spam", "harassment", "inappropriate", "scam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  harassment: "Harassment or hate",
  inappropriate: "Inappropriate content",
  scam: "Scam or fraud",
  other: "Something else",
};

export const REPORT_DETAILS_MAX = 1000;

/** What the reporter is told; the reported member is told nothing. */
export const REPORT_RECEIVED = "Thanks — your report was received. A moderator will review it.";
