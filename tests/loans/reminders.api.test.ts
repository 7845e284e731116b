import { env } from "cloudflare:workers";
import { nextJobRun } from "@worker/core/jobs/schedule";
import { addDays, dayIn, instantAt } from "@worker/core/shared/calendar";
import { loanReminderJob } from "@worker/features/loans/loan-reminders";
import { describe, expect, it } from "vitest";
import { lendingScene, requestLoanAs, stepOk } from "./support";

describe("reminders follow the loan", () => {
  it("are set for 09:00 the day before the due date in the borrower's timezone, move with the due date, and stop on return", async () => {
    const scene = await lendingScene({ borrowerTimezone: "Asia/Tokyo" });
    const { loanId } = await requestLoanAs(scene.borrower, scene.book.id);
    const dueDate = addDays(dayIn("UTC"), 10);
    await stepOk(loanId, "accept", scene.owner, { dueDate });
    // Accepted is not yet lent: nothing to remind about.
    expect(await nextJobRun(env, loanReminderJob(loanId))).toBeNull();

    await stepOk(loanId, "lent", scene.owner);
    expect(await nextJobRun(env, loanReminderJob(loanId))).toBe(instantAt(addDays(dueDate, -1), 9, "Asia/Tokyo"));

    const later = addDays(dueDate, 5);
    await stepOk(loanId, "due-date", scene.owner, { dueDate: later });
    expect(await nextJobRun(env, loanReminderJob(loanId))).toBe(instantAt(addDays(later, -1), 9, "Asia/Tokyo"));

    await stepOk(loanId, "returned", scene.owner);
    expect(await nextJobRun(env, loanReminderJob(loanId))).toBeNull();
  });
});
