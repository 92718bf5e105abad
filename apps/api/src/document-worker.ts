// The worker pool's entry (lib/work-pool.ts, decision 093): every thread loads this once, so what the
// tasks build on first use (the e-invoice validators, the embedded fonts' subsets' sources, sharp)
// is built once per thread and kept for its life. A job is `{ task, input }`; the answer is the
// task's own. Loaded from the TypeScript sources with tsx (Vitest, tsx) or as dist/document-worker.js.
import os from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { crossingError } from './lib/work-pool-errors.ts';
import { agreementWorkerTasks } from './modules/agreements/worker-tasks.ts';
import { evidenceWorkerTasks } from './modules/fulfilment/worker-tasks.ts';
import { invoiceWorkerTasks } from './modules/invoices/worker-tasks.ts';
import { logoWorkerTasks } from './modules/sponsor-profiles/worker-tasks.ts';
import { sponsorReportWorkerTasks } from './modules/sponsor-report/worker-tasks.ts';

const TASKS: Record<string, (input: never) => Promise<unknown>> = {
  ...invoiceWorkerTasks,
  ...agreementWorkerTasks,
  ...logoWorkerTasks,
  ...sponsorReportWorkerTasks,
  ...evidenceWorkerTasks,
};

/**
 * The thread's scheduling priority (decision 097): a document is worth waiting for, a cheap read is
 * not, so when the main thread and a document thread want the same core the main thread goes first.
 * On Linux `setPriority(0, n)` sets the calling thread only (the main thread keeps 0); libvips'
 * threads started from here inherit it. DOCUMENT_WORKER_NICE (added to the main thread's), default
 * 5, 0 for none; where the system refuses, the thread runs as it is.
 */
export function lowerThreadPriority(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.DOCUMENT_WORKER_NICE ?? 5);
  const nice = Number.isInteger(given) ? Math.min(19, Math.max(0, given)) : 5;
  try {
    // Relative to the priority the thread started with (the main thread's).
    if (nice > 0) os.setPriority(0, Math.min(19, os.getPriority(0) + nice));
  } catch {
    return 0;
  }
  return nice;
}
// Only as a pool's thread: a main thread that imports this (a test) keeps its priority.
if (!isMainThread) lowerThreadPriority();

const RealDate = Date;

/** `Date` as the caller's clock said when it asked (a ZUGFeRD PDF carries the time it was made). */
function pinnedDate(at: number): DateConstructor {
  class PinnedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(at);
      else super(...(args as [number, number, number]));
    }
    static override now() {
      return at;
    }
    // Dates made before the pin (a cloned input, a library's) are Dates all the same.
    static override [Symbol.hasInstance](value: unknown) {
      return value instanceof RealDate;
    }
  }
  return PinnedDate as unknown as DateConstructor;
}

export default async function run(job: { task: string; input: unknown; now: number }): Promise<unknown> {
  const task = TASKS[job.task];
  if (!task) throw new Error(`No worker task ${job.task}`);
  // A task reads no clock of its own: the time is the caller's (its clock, also a test's fake one).
  // One job at a time per thread (concurrentTasksPerWorker: 1), so nothing else sees the pin.
  globalThis.Date = pinnedDate(job.now);
  try {
    return await task(job.input as never);
  } catch (error) {
    // A structured clone keeps an Error's message but not its class: a known error crosses as its
    // code, detail and fields, and lib/work-pool.ts throws the same AppError on the main thread.
    throw crossingError(error);
  } finally {
    globalThis.Date = RealDate;
  }
}
