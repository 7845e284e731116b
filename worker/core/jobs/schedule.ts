import type { JobTimer } from "../../../durable-objects/job-timer";

function jobTimer(env: Env, job: string): DurableObjectStub<JobTimer> {
  return env.JOB_TIMER.get(env.JOB_TIMER.idFromName(job));
}

/** Sets (or moves) the job's alarm to `at`; null cancels it. worker/core/jobs/registry.ts says what the job runs. */
export async function scheduleJob(env: Env, job: string, at: number | null): Promise<void> {
  await jobTimer(env, job).schedule(job, at);
}

/** The job's next run, or null (tests and the operator). */
export async function nextJobRun(env: Env, job: string): Promise<number | null> {
  return jobTimer(env, job).nextRun();
}
