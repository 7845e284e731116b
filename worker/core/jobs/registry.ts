import { getDatabase } from "@worker/db/client";

import type { Deps } from "../service-context";

/** Does what is due at `now`, idempotently, and returns when to run next (null: the job is over). */
export type JobRunner = (deps: Deps, id: string, now: number) => Promise<number | null>;

/**
 * Job kinds by the prefix of their name ("loan:{loanId}" runs the "loan" runner). The JobTimer
 * Durable Object runs jobs from here and knows no feature: the features' runners are registered by
 * worker/jobs.ts, which the Worker's entry module imports, so every isolate
 * (the stateless Worker's and each Durable Object's) has them before any alarm can ring.
 */
const runners = new Map<string, JobRunner>();

/** Adds (or replaces, when a module is evaluated again in development) the runners of these job kinds. */
export function registerJobs(kinds: Record<string, JobRunner>): void {
  for (const [kind, runner] of Object.entries(kinds)) runners.set(kind, runner);
}

/** Runs a job by its name: what a JobTimer's alarm calls. The timer has no request, so D1's primary is used. */
export async function runJob(env: Env, job: string, now: number): Promise<number | null> {
  // No kinds at all means the registrations were never loaded, not that the job is unknown: throwing
  // lets the timer try again later instead of dropping every job for good.
  if (runners.size === 0) throw new Error(`No scheduled job kinds are registered; cannot run ${job}`);
  const separator = job.indexOf(":");
  const runner = separator > 0 ? runners.get(job.slice(0, separator)) : undefined;
  if (!runner) {
    console.warn(`Unknown scheduled job ${job}; dropping it`);
    return null;
  }
  return runner({ db: getDatabase(env.DB), env }, job.slice(separator + 1), now);
}
