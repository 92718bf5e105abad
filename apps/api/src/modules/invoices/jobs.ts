// Bulk work of an event's invoices as persistent jobs (issue 57 point 4, decision 093): "issue every
// draft" and "send every issued invoice again". The route writes the job (one per kind and event at a
// time, by the unique active key) and answers at once; a runner claims it by a conditional update and
// works through its items, writing each one's result under its claim. Every process runs the runner
// on a timer too, so a job whose process was killed is claimed again when the claim runs out and goes
// on with the items not done: a numbered invoice is never numbered again (it is no draft any more),
// a delivered one is not delivered again, and one killed between its mail and its record is delivered
// again under the same mail key, which the outbox keeps once (delivery.ts, decision 097).
//
// Issuing: the numbers are given one after the other in the items' order (the counter's row lock,
// decision 060: gap-free and in order), and each numbered invoice's documents and mail follow on as
// many lanes as the worker pool has threads, so the pool is kept busy while the next is numbered.
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceJobItem, InvoiceJobKind } from '@sp/shared';
import { AppError } from '../../lib/errors.ts';
import { createTimerJob } from '../../lib/timer-job.ts';
import { workPool } from '../../lib/work-pool.ts';
import type { EventAccess } from '../access/index.ts';
import { jobMailKey } from './delivery.ts';
import type { JobRecord, JobsRepository } from './jobs-repository.ts';
import type { InvoicesRepository } from './repository.ts';
import type { InvoicesService, Organiser } from './service.ts';

export const JOB_CLAIM_MS = 60_000;
const RUN_EVERY_MS = 5_000;

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : 'invoice.job-item-failed');

export function createInvoiceJobs(deps: {
  jobs: JobsRepository;
  repo: Pick<InvoicesRepository, 'list' | 'find'>;
  service: Pick<InvoicesService, 'number' | 'deliverIssued' | 'resend'>;
  access: Pick<EventAccess, 'organiserEvent'>;
  /** Tells the sponsorship's live screens that its invoices changed. */
  announce: (sponsorshipId: number) => Promise<void>;
  log: FastifyBaseLogger;
  clock?: (() => Date) | undefined;
  /** Deliveries at once; by default the pool's threads. */
  lanes?: number;
}) {
  const now = deps.clock ?? (() => new Date());
  const running = new Set<Promise<unknown>>();

  const announceItem = async (item: InvoiceJobItem) => {
    const invoice = await deps.repo.find(item.invoice_id);
    if (invoice) await deps.announce(invoice.sponsorship_id).catch(() => undefined);
  };

  /** Works a claimed job to its end; stops when its claim is no longer its own. */
  const work = async (job: JobRecord) => {
    const caller: Organiser = job.createdBy;
    let lost = false;
    // Progress writes one after the other, each with everything done so far.
    let writes = Promise.resolve();
    const save = () => {
      writes = writes.then(async () => {
        if (!lost && !(await deps.jobs.progress(job, now(), JOB_CLAIM_MS))) lost = true;
      });
      return writes;
    };
    const lanes = Math.max(1, deps.lanes ?? workPool().stats().maxThreads);
    const queue: InvoiceJobItem[] = [];
    let numbering = true;
    const deliver = async (item: InvoiceJobItem) => {
      try {
        if (job.kind === 'send')
          await deps.service.resend(caller, item.invoice_id, jobMailKey(job.id, item.invoice_id));
        else await deps.service.deliverIssued(caller, item.invoice_id);
        item.state = 'done';
      } catch (error) {
        item.state = 'failed';
        item.code = codeOf(error);
      }
      await save();
      await announceItem(item);
    };
    const lane = async () => {
      for (;;) {
        if (lost) return;
        const item = queue.shift();
        if (item) await deliver(item);
        else if (!numbering) return;
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const delivering = Array.from({ length: lanes }, () => lane());
    for (const item of job.items) {
      if (lost) break;
      if (item.state === 'issued') queue.push(item);
      if (item.state !== 'pending') continue;
      if (job.kind === 'send') {
        queue.push(item);
        continue;
      }
      // Numbering runs at most one item per lane ahead of the deliveries, and yields to the event loop
      // before each: numbering faster than the pool makes documents only bunches the main thread's
      // share of the job (reads, the counter's transaction, saves) ahead of others' cheap reads.
      while (queue.length >= lanes && !lost) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setImmediate(resolve));
      try {
        const current = await deps.repo.find(item.invoice_id);
        // Numbered before a restart but not recorded: it is no draft any more, and is not numbered again.
        if (current && current.status !== 'draft' && current.number) {
          item.number = current.number;
          // Its mail went out too (the kill came before the record): done, not sent again.
          item.state = current.sent_at ? 'done' : 'issued';
        } else {
          item.number = await deps.service.number(caller, item.invoice_id);
          item.state = 'issued';
        }
        if (item.state === 'issued') queue.push(item);
      } catch (error) {
        item.state = 'failed';
        item.code = codeOf(error);
        await announceItem(item);
      }
      await save();
    }
    numbering = false;
    await Promise.all(delivering);
    await writes;
    if (!lost) await deps.jobs.finish(job, now());
  };

  const runOnce = async (at: Date = now()) => {
    let worked = 0;
    for (const id of await deps.jobs.dueIds(at)) {
      const job = await deps.jobs.claim(id, at, JOB_CLAIM_MS);
      if (!job) continue;
      await work(job);
      worked += 1;
    }
    return { worked };
  };

  /** Runs the due jobs now, in the background (the route does not wait). */
  const kick = () => {
    const run = runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'invoice job run failed'));
    running.add(run);
    void run.finally(() => running.delete(run));
  };

  return {
    /** POST /event/{id}/invoice-jobs: the job (a new one, or the one of this kind already under way). */
    async begin(caller: Organiser, eventId: number, kind: InvoiceJobKind) {
      const event = await deps.access.organiserEvent(caller, eventId);
      const invoices = (await deps.repo.list({ eventId: event.id }))
        .filter((r) => (kind === 'issue-drafts' ? r.status === 'draft' : r.kind === 'invoice' && r.status === 'issued'))
        .sort((a, b) => a.id - b.id);
      const items: InvoiceJobItem[] = invoices.map((r) => ({
        invoice_id: r.id,
        sponsor_email: r.sponsor_email,
        state: 'pending',
        number: r.number,
        code: null,
      }));
      const { job, started } = await deps.jobs.start({
        organisationId: event.organisationId,
        eventId: event.id,
        kind,
        items,
        by: caller,
        at: now(),
      });
      if (started) kick();
      return job;
    },
    /** GET /event/{id}/invoice-jobs */
    async latest(caller: Organiser, eventId: number) {
      const event = await deps.access.organiserEvent(caller, eventId);
      return deps.jobs.latest(event.id);
    },
    runOnce,
    /** Waits for the runs this process started (tests; shutdown). */
    settled: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
    ...createTimerJob({
      run: (at: Date) => runOnce(at),
      name: 'invoice-jobs',
      everyMs: RUN_EVERY_MS,
      log: deps.log,
      failure: 'invoice job run failed',
    }),
  };
}

export type InvoiceJobs = ReturnType<typeof createInvoiceJobs>;

const kept = new WeakMap<object, InvoiceJobs>();
/** The jobs of the app on this database handle (tests run them and wait for them). */
export const invoiceJobsOf = (db: object): InvoiceJobs | undefined => kept.get(db);
export const keepInvoiceJobs = (db: object, jobs: InvoiceJobs) => kept.set(db, jobs);
