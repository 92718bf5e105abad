// The attendee data retention (decision 086): 90 days after its event, the name and e-mail of every
// person named for a sponsor ticket are erased (emptied, the e-mail key and who checked them in too),
// the seat and whether and when they came are kept, so the counts stay. Every process runs it on a
// timer; it is one conditional update (`erased_at IS NULL`), so two processes erase each row once.
// `run(at)` is what the timer and the tests call (with the test clock).
import { addDays, germanDay } from '../../lib/calendar.ts';
import { createTimerJob } from '../../lib/timer-job.ts';
import type { TicketsRepository } from './repository.ts';

/** Days after the event's date on which its attendees' data is erased. */
export const ATTENDEE_RETENTION_DAYS = 90;

const RUN_EVERY_MS = 60 * 60 * 1000;

/** The latest event date whose attendees' data is erased on `at`'s German calendar day. */
export const erasedUpTo = (at: Date): string => addDays(germanDay(at), -ATTENDEE_RETENTION_DAYS);

export function createRetentionJob(deps: {
  repo: Pick<TicketsRepository, 'eraseAttendees'>;
  log: { error(details: object, message: string): void; info(details: object, message: string): void };
}) {
  const run = async (at: Date) => {
    const erased = await deps.repo.eraseAttendees(erasedUpTo(at), at);
    if (erased > 0) deps.log.info({ erased }, 'ticket holders erased after the retention period');
    return { erased };
  };
  return {
    run,
    ...createTimerJob({
      run,
      name: 'tickets-retention',
      everyMs: RUN_EVERY_MS,
      log: deps.log,
      failure: 'ticket retention run failed',
    }),
  };
}

export type RetentionJob = ReturnType<typeof createRetentionJob>;

const jobs = new WeakMap<object, RetentionJob>();
/** The job of the app on this database handle (tests run it with their fake clock). */
export const retentionJobOf = (db: object): RetentionJob | undefined => jobs.get(db);
export const keepRetentionJob = (db: object, job: RetentionJob) => jobs.set(db, job);
