import { getDatabase } from "../db/client";
import type { Deps } from "./types";
import { runLoanReminders } from "./loan-reminders";
import { runWaitlistOffers } from "./waitlist";
import { flushMemberMail } from "./member-mail";
import { runDataExportJob } from "./data-download";

/** Does what is due at `now`, idempotently, and returns when to run next (null: the job is over). */
export type JobRunner = (deps: Deps, id: string, now: number) => Promise<number | null>;

/** Job kinds by the prefix of their name ("loan:{loanId}"); worker/services/job-timers.ts schedules them. */
const runners: Record<string, JobRunner> = {
  loan: runLoanReminders,
  waitlist: runWaitlistOffers,
  mail: flushMemberMail,
  export: runDataExportJob,
};

/** Runs a job by its name: what a JobTimer's alarm calls. The timer has no request, so D1's primary is used. */
export async function runJob(env: Env, job: string, now: number): Promise<number | null> {
  const separator = job.indexOf(":");
  const runner = separator > 0 ? runners[job.slice(0, separator)] : undefined;
  if (!runner) {
    console.warn(`Unknown scheduled job ${job}; dropping it`);
    return null;
  }
  return runner({ db: getDatabase(env.DB), env }, job.slice(separator + 1), now);
}
