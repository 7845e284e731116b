import { DurableObject } from "cloudflare:workers";
import { runJob } from "@worker/core/jobs/registry";

/** After a failed run, try again this much later (the runtime's own alarm retries come first). */
const FAILED_RUN_RETRY_MS = 60_000;

/**
 * One timer per job, named by the job ("loan:{id}", "waitlist:{bookId}", "mail:{memberId}"):
 * it holds nothing but the job's name and one alarm (docs/decisions/007-reminders-on-alarms.md).
 * The alarm runs the job (found in worker/core/jobs/registry.ts by its name's prefix; the features
 * register their runners there), which reads the truth from D1, does what is due (idempotently, by
 * dedupe keys) and names its next time. A retried or late alarm therefore never sends twice,
 * and a job whose loan has ended simply stops.
 */
export class JobTimer extends DurableObject<Env> {
  /** Sets (or moves) the job's alarm to `at`; `null` cancels it. */
  async schedule(job: string, at: number | null): Promise<void> {
    await this.ctx.storage.put("version", ((await this.ctx.storage.get<number>("version")) ?? 0) + 1);
    if (at === null) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    await this.ctx.storage.put("job", job);
    await this.ctx.storage.setAlarm(at);
  }

  /** When the alarm will ring, or null: for tests and the operator. */
  async nextRun(): Promise<number | null> {
    return this.ctx.storage.getAlarm();
  }

  async alarm(): Promise<void> {
    const job = await this.ctx.storage.get<string>("job");
    if (!job) return;
    const version = await this.ctx.storage.get<number>("version");
    let next: number | null;
    try {
      next = await runJob(this.env, job, Date.now());
    } catch (error) {
      console.warn(`Scheduled job ${job} failed; trying again later`, error);
      next = Date.now() + FAILED_RUN_RETRY_MS;
    }
    // A `schedule` call that arrived while the job ran (a due date changed meanwhile) knows better.
    if ((await this.ctx.storage.get<number>("version")) !== version) return;
    if (next === null) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(next);
  }
}
