import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { nextJobRun, scheduleJob } from "@worker/core/jobs/schedule";
import { loans } from "@worker/db/schema";
import { loanReminderJob, reminderMilestones, scheduleLoanReminders } from "@worker/features/loans/loan-reminders";
import { runJob } from "@worker/jobs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../helpers/fixtures";
import { jobTimerStub, lentLoan, notificationsOf, setPreference } from "./reminder-support";

const at = (iso: string) => Date.parse(iso);
const deps = { db, env };
const scheduledJobs: string[] = [];

afterEach(async () => {
  // Alarms are not reset between tests (edge-notes): cancel every timer a test set.
  for (const job of scheduledJobs.splice(0)) await scheduleJob(env, job, null);
});

describe("when reminders ring", () => {
  it("the day before, on the day, then weekly from the day after, at 09:00 in the borrower's timezone", () => {
    const tz = "America/New_York";
    expect(reminderMilestones("2026-12-11", tz, at("2026-11-23T12:00:00Z"))).toEqual({
      last: null,
      next: { kind: "due_soon", day: "2026-12-10", at: at("2026-12-10T14:00:00Z") },
    });
    expect(reminderMilestones("2026-12-11", tz, at("2026-12-10T14:00:00Z"))).toMatchObject({
      last: { kind: "due_soon", day: "2026-12-10" },
      next: { kind: "due_today", day: "2026-12-11", at: at("2026-12-11T14:00:00Z") },
    });
    expect(reminderMilestones("2026-12-11", tz, at("2026-12-12T15:00:00Z"))).toMatchObject({
      last: { kind: "overdue", day: "2026-12-12" },
      next: { kind: "overdue", day: "2026-12-19", at: at("2026-12-19T14:00:00Z") },
    });
    expect(reminderMilestones("2026-12-11", tz, at("2027-01-03T00:00:00Z"))).toMatchObject({
      last: { kind: "overdue", day: "2027-01-02" },
      next: { kind: "overdue", day: "2027-01-09", at: at("2027-01-09T14:00:00Z") },
    });
  });
});

describe("the loan reminder job", () => {
  it("reminds the borrower the day before, once, even when the alarm is retried", async () => {
    const { loan, borrower, owner } = await lentLoan({ dueDate: "2026-12-11" });
    const dayBefore = at("2026-12-10T09:00:00Z");

    const next = await runJob(env, loanReminderJob(loan.id), dayBefore);
    expect(next).toBe(at("2026-12-11T09:00:00Z"));
    await runJob(env, loanReminderJob(loan.id), dayBefore + 1_000);

    const sent = await notificationsOf(borrower.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "loan_due_soon", title: '"The Hobbit" is due back tomorrow', link: "/loans?tab=borrowed" });
    expect(await notificationsOf(owner.id)).toHaveLength(0);
  });

  it("reminds on the due date, and tells both sides weekly while it is overdue", async () => {
    const { loan, borrower, owner } = await lentLoan({ dueDate: "2026-12-11" });
    await runJob(env, loanReminderJob(loan.id), at("2026-12-11T09:00:00Z"));
    await runJob(env, loanReminderJob(loan.id), at("2026-12-12T09:00:00Z"));
    const next = await runJob(env, loanReminderJob(loan.id), at("2026-12-19T09:00:00Z"));
    expect(next).toBe(at("2026-12-26T09:00:00Z"));

    expect((await notificationsOf(borrower.id)).map((n) => n.type).sort()).toEqual(["loan_due_today", "loan_overdue", "loan_overdue"]);
    const ownerSide = await notificationsOf(owner.id);
    expect(ownerSide.map((n) => n.type)).toEqual(["loan_overdue", "loan_overdue"]);
    expect(ownerSide[0]!.body).toBe("Ben Borrower was due to return it on 2026-12-11.");
  });

  it("sends only the latest reminder when it wakes late, not every one it missed", async () => {
    const { loan, borrower } = await lentLoan({ dueDate: "2026-12-11" });
    await runJob(env, loanReminderJob(loan.id), at("2026-12-13T10:00:00Z"));
    expect((await notificationsOf(borrower.id)).map((n) => n.type)).toEqual(["loan_overdue"]);
  });

  it("honours the borrower's reminder_due_date preference", async () => {
    const { loan, borrower, owner } = await lentLoan({ dueDate: "2026-12-11" });
    await setPreference(borrower.id, { reminder_due_date: false });
    await runJob(env, loanReminderJob(loan.id), at("2026-12-10T09:00:00Z"));
    await runJob(env, loanReminderJob(loan.id), at("2026-12-12T09:00:00Z"));
    expect(await notificationsOf(borrower.id)).toHaveLength(0);
    // The owner kept theirs on.
    expect((await notificationsOf(owner.id)).map((n) => n.type)).toEqual(["loan_overdue"]);
  });

  it("stops once the book is returned, and never reminds about a loan with no due date", async () => {
    const { loan, borrower } = await lentLoan({ dueDate: "2026-12-11" });
    await db.update(loans).set({ state: "returned" }).where(eq(loans.id, loan.id));
    expect(await runJob(env, loanReminderJob(loan.id), at("2026-12-10T09:00:00Z"))).toBeNull();

    const manual = await lentLoan({ dueDate: null });
    expect(await runJob(env, loanReminderJob(manual.loan.id), at("2026-12-10T09:00:00Z"))).toBeNull();
    expect(await notificationsOf(borrower.id)).toHaveLength(0);
    expect(await notificationsOf(manual.borrower.id)).toHaveLength(0);
  });
});

describe("the job timer", () => {
  it("schedules the first reminder for 09:00 the day before, in the borrower's timezone", async () => {
    const { loan } = await lentLoan({ dueDate: "2026-12-11", timezone: "Asia/Tokyo" });
    scheduledJobs.push(loanReminderJob(loan.id));
    await scheduleLoanReminders(deps, loan.id, at("2026-11-23T00:00:00Z"));
    expect(await nextJobRun(env, loanReminderJob(loan.id))).toBe(at("2026-12-10T00:00:00Z")); // 09:00 JST
  });

  it("rings at once when the due date has already passed, and not at all once returned", async () => {
    const { loan } = await lentLoan({ dueDate: "2026-11-01" });
    scheduledJobs.push(loanReminderJob(loan.id));
    const now = Date.now();
    await scheduleLoanReminders(deps, loan.id, now);
    // The runtime moves an alarm set in the past to "now".
    const rings = await nextJobRun(env, loanReminderJob(loan.id));
    expect(rings).toBeGreaterThanOrEqual(now);
    expect(rings).toBeLessThan(now + 5_000);

    await db.update(loans).set({ state: "returned" }).where(eq(loans.id, loan.id));
    await scheduleLoanReminders(deps, loan.id);
    expect(await nextJobRun(env, loanReminderJob(loan.id))).toBeNull();
  });

  it("runs the job when its alarm fires, sends once however often it fires, and sets the next alarm", async () => {
    // Due three days ago in real time, so the overdue reminder is due now (the alarm runs with the real clock).
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const { loan, borrower, owner } = await lentLoan({ dueDate: threeDaysAgo });
    const job = loanReminderJob(loan.id);
    scheduledJobs.push(job);
    await scheduleJob(env, job, Date.now());

    expect(await runDurableObjectAlarm(jobTimerStub(job))).toBe(true);
    // A retried alarm: the runtime fires the same job again.
    await scheduleJob(env, job, Date.now());
    expect(await runDurableObjectAlarm(jobTimerStub(job))).toBe(true);

    expect((await notificationsOf(borrower.id)).map((n) => n.type)).toEqual(["loan_overdue"]);
    expect((await notificationsOf(owner.id)).map((n) => n.type)).toEqual(["loan_overdue"]);
    const next = await nextJobRun(env, job);
    // The next weekly reminder: 09:00 UTC a week after the first overdue one, 4 to 6 days from now.
    expect(next).toBeGreaterThan(Date.now() + 4 * 86_400_000);
    expect(next).toBeLessThan(Date.now() + 6 * 86_400_000);
  });

  it("forgets a job whose loan is over, so its alarm never rings again", async () => {
    const { loan } = await lentLoan({ dueDate: "2026-11-01" });
    const job = loanReminderJob(loan.id);
    scheduledJobs.push(job);
    await db.update(loans).set({ state: "returned" }).where(eq(loans.id, loan.id));
    await scheduleJob(env, job, Date.now());
    expect(await runDurableObjectAlarm(jobTimerStub(job))).toBe(true);
    expect(await nextJobRun(env, job)).toBeNull();
    expect(await runDurableObjectAlarm(jobTimerStub(job))).toBe(false);
  });
});
