// The day-after mail of the sponsor report: every process runs it on a timer (hourly); the claim row
// in the database decides which process sends each sponsorship's report, once (service.ts).
// `run(at)` is what the timer and the tests call.
import type { FastifyBaseLogger } from 'fastify';
import { createTimerJob } from '../../lib/timer-job.ts';
import type { SponsorReportService } from './service.ts';

const RUN_EVERY_MS = 60 * 60 * 1000;

export function createAfterEventJob(reports: SponsorReportService, log: FastifyBaseLogger) {
  const run = (at: Date) => reports.runAfterEvent(at);
  return {
    run,
    ...createTimerJob({
      run,
      name: 'sponsor-report-after-event',
      everyMs: RUN_EVERY_MS,
      log,
      failure: 'sponsor report run after the event failed',
    }),
  };
}

export type AfterEventJob = ReturnType<typeof createAfterEventJob>;

const jobs = new WeakMap<object, AfterEventJob>();
/** The job of the app on this database handle (tests run it with their fake clock). */
export const afterEventJobOf = (db: object): AfterEventJob | undefined => jobs.get(db);
export const keepAfterEventJob = (db: object, job: AfterEventJob) => jobs.set(db, job);
