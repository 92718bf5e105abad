// Payment reminders: issued invoices past their due date and not fully paid get a reminder e-mail per
// stage (stage n once n × interval days have passed since the due date), as long as the
// organisation's billing settings have reminders switched on and the stage count is not reached.
// Every process runs it on a timer; a conditional update of the invoice's reminder count decides
// which process sends a stage, so nobody gets two. `run(at)` is what the timer and the tests call.
import type { FastifyBaseLogger } from 'fastify';
import { germanDay } from '../../lib/calendar.ts';
import { createTimerJob } from '../../lib/timer-job.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import type { BillingSettings } from '../billing/index.ts';
import { reminderMailOf } from './mail.ts';
import type { InvoicesRepository } from './repository.ts';

const RUN_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

export function createRemindersJob(deps: {
  repo: InvoicesRepository;
  settingsOf: (organisationId: number) => Promise<BillingSettings | null>;
  mail: MailPort;
  log: FastifyBaseLogger;
}) {
  /** As of `at`; only `organisationId`'s invoices when given (the operator command's --organisation). */
  const run = async (at: Date, organisationId?: number) => {
    const today = germanDay(at);
    let sent = 0;
    for (const invoice of await deps.repo.overdue(today, organisationId)) {
      const settings = await deps.settingsOf(invoice.organisation_id);
      if (!settings?.reminders_enabled || invoice.reminders_sent >= settings.reminder_stages) continue;
      const daysLate = Math.floor(
        (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${invoice.due_date}T00:00:00Z`)) / DAY_MS,
      );
      const stage = invoice.reminders_sent + 1;
      // Stage 1 the day after the due date, then one every interval.
      if (daysLate < 1 + (stage - 1) * settings.reminder_interval_days) continue;
      if (!(await deps.repo.claimReminder(invoice.id, stage, today))) continue;
      await deps.mail.send(reminderMailOf(invoice, stage));
      sent += 1;
    }
    return { sent };
  };

  return {
    run,
    ...createTimerJob({
      run: (at: Date) => run(at),
      name: 'invoice-reminders',
      everyMs: RUN_EVERY_MS,
      log: deps.log,
      failure: 'invoice reminder run failed',
    }),
  };
}

export type RemindersJob = ReturnType<typeof createRemindersJob>;

const jobs = new WeakMap<object, RemindersJob>();
/** The job of the app on this database handle (tests run it with their fake clock). */
export const remindersJobOf = (db: object): RemindersJob | undefined => jobs.get(db);
export const keepRemindersJob = (db: object, job: RemindersJob) => jobs.set(db, job);
