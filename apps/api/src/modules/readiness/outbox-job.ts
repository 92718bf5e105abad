// Drains the chasers' outbox (decision 080). Every process runs it on a timer; each row is claimed by
// a conditional update for CLAIM_MS, so one process sends it, and a process killed after its claim
// leaves the row to be claimed again when the claim runs out (a mail may then go twice, never none).
// A failed send is tried again after a growing pause, MAX_ATTEMPTS times in all, then marked failed.
import type { FastifyBaseLogger } from 'fastify';
import { createTimerJob } from '../../lib/timer-job.ts';
import type { MailPort } from '../../ports/mail/index.ts';
import { renderChaseMail } from './chase-mail.ts';
import type { OutboxRecord, ReadinessRepository } from './repository.ts';

const RUN_EVERY_MS = 5_000;
export const CLAIM_MS = 2 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/** The pause after the n-th failed attempt (1-based). */
export const retryDelayMs = (attempts: number): number => 60_000 * 5 ** Math.min(attempts - 1, 3);
const BATCH = 50;
/**
 * A run goes on with the next batch while batches come full, for at most this long (well inside a
 * claim): 200 chasers go out at the mail port's rate, not 50 per timer tick.
 */
const DRAIN_MS = 30_000;

export function createOutboxJob(deps: {
  repo: ReadinessRepository;
  mail: MailPort;
  log: FastifyBaseLogger;
  /** The sponsor's own link for a chaser (a guest link or the dashboard). */
  linkFor: (record: OutboxRecord) => Promise<string>;
  eventTitle: (eventId: number) => Promise<string>;
}) {
  const run = async (at: Date) => {
    let sent = 0;
    let failed = 0;
    const started = performance.now();
    for (;;) {
      const due = await deps.repo.due(at, BATCH);
      const batch = await sendBatch(due, at);
      sent += batch.sent;
      failed += batch.failed;
      if (due.length < BATCH || batch.sent + batch.failed === 0 || performance.now() - started > DRAIN_MS) break;
    }
    return { sent, failed };
  };
  const sendBatch = async (ids: number[], at: Date) => {
    let sent = 0;
    let failed = 0;
    for (const id of ids) {
      const record = await deps.repo.claim(id, at, CLAIM_MS);
      if (!record) continue;
      try {
        await deps.mail.send(
          renderChaseMail({
            to: record.recipient,
            language: record.language,
            eventTitle: await deps.eventTitle(record.eventId),
            items: record.items,
            link: await deps.linkFor(record),
          }),
        );
        await deps.repo.markSent(record.id, at);
        sent += 1;
      } catch (error) {
        failed += 1;
        const retryAt = record.attempts < MAX_ATTEMPTS ? new Date(at.getTime() + retryDelayMs(record.attempts)) : null;
        deps.log.error({ err: error, chaser: record.id }, 'chaser mail failed');
        await deps.repo.markFailed(record.id, retryAt, error instanceof Error ? error.message : 'send failed');
      }
    }
    return { sent, failed };
  };
  return {
    run,
    ...createTimerJob({
      run,
      name: 'readiness-outbox',
      everyMs: RUN_EVERY_MS,
      log: deps.log,
      failure: 'chaser run failed',
    }),
  };
}

export type OutboxJob = ReturnType<typeof createOutboxJob>;

const jobs = new WeakMap<object, OutboxJob>();
/** The job of the app on this database handle (tests run it with their fake clock). */
export const outboxJobOf = (db: object): OutboxJob | undefined => jobs.get(db);
export const keepOutboxJob = (db: object, job: OutboxJob) => jobs.set(db, job);
