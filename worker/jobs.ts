import { registerJobs, runJob } from "@worker/core/jobs/registry";
import { registerSocketSend } from "@worker/core/socket-sends";
import { runDataExportJob } from "@worker/features/account";
import { runMeetingReminders } from "@worker/features/club-meetings";
import { runPollCloseJob } from "@worker/features/club-polls";
import { runNewBooksJob } from "@worker/features/follows";
import { runLoanReminders, runWaitlistOffers } from "@worker/features/loans";
import { sendOverSocket } from "@worker/features/messages";
import { flushMemberMail, runMailBatchJob } from "@worker/features/notifications";
import { flushMemberPushes, runPushBatchJob } from "@worker/features/push";
import { runSearchReindex } from "@worker/features/search-index";
import { runWantedCopyJob, runWantedRematchJob } from "@worker/features/wanted";
// Jobs and queue consumers publish events too: whatever loads the jobs (the entry module, a test, a
// script) has the event subscribers registered as well.
import "./subscribers";

/**
 * The features' scheduled jobs, registered once at module load: worker/index.ts imports this module.
 * It sits above the features, so the job core (worker/core/jobs/registry.ts and schedule.ts, and
 * the JobTimer Durable Object) never imports one: a value import from there would close an import circle.
 */
registerJobs({
  loan: runLoanReminders,
  waitlist: runWaitlistOffers,
  mail: flushMemberMail,
  push: flushMemberPushes,
  // One job per fanned-out event's audience (worker/features/notifications/club-fanout.ts), not one per member.
  "mail-batch": runMailBatchJob,
  "push-batch": runPushBatchJob,
  export: runDataExportJob,
  "followed-books": runNewBooksJob,
  meeting: runMeetingReminders,
  "club-poll": runPollCloseJob,
  "wanted-copy": runWantedCopyJob,
  "wanted-rematch": runWantedRematchJob,
  // The search-text backfill of migration 0027, one batch per run ("search-reindex:books", ":clubs"), and the near index's of 0028 (":books_near").
  "search-reindex": runSearchReindex,
});

// A send over a conversation socket: the ConversationRoom runs the messages feature's handler from the same place.
registerSocketSend(sendOverSocket);

/** Re-exported so a caller that imports it (tests, scripts) has the jobs registered too. */
export { runJob };
