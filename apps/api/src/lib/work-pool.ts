// The worker pool for heavy, pure work (issue 57 point 2, decision 093): rendering invoice and
// agreement PDFs, the e-invoices (XRechnung, ZUGFeRD), the agreement's PAdES seal and logo
// re-encoding run on worker threads (piscina), so one request's document never holds the event loop
// for everyone else's cheap reads.
//
// Contract (callers rely on this and on nothing else):
// - `run(task, input)` answers what the task's function answers when called with `input` on the main
//   thread, byte for byte: the functions are the same code (the modules' worker-tasks.ts), and the
//   input and the answer cross by structured clone (a Buffer arrives as a Uint8Array, a Date as a
//   Date, a class instance as a plain object). An AppError thrown by a task reaches the caller as
//   the same AppError (code, detail, fields: lib/work-pool-errors.ts); other errors keep their message.
// - A task is pure: it reads no database and no configuration; all it needs is in `input`, and the
//   time it sees (`new Date()`, `Date.now()`) is the caller's when it asked, fixed for the job.
//   What a task builds once (fonts, validators, a parsed key) lives per worker thread, for its life.
// - The caller waits for its own job; the others are queued (FIFO) and run as threads come free.
// - Size: DOCUMENT_WORKERS threads, default max(1, availableParallelism() - 1); at least one.
//   One pool per process, made on the first job (an app that never renders starts no thread), and
//   idle threads beyond the first end after 30 s.
// - The worker entry is `src/document-worker.ts` under Vitest/tsx (loaded with tsx) and
//   `dist/document-worker.js` in the build (scripts/api-build.mjs makes it an entry of its own).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { rebuiltError } from './work-pool-errors.ts';

export type WorkPool = {
  run<T>(task: string, input: unknown): Promise<T>;
  /** Threads and jobs, for tests and the bench. */
  stats(): { threads: number; completed: number; queued: number; maxThreads: number };
};

/** The thread count: DOCUMENT_WORKERS if set (at least 1), else one fewer than the cores, at least 1. */
export function poolSize(env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): number {
  const given = Number(env.DOCUMENT_WORKERS);
  if (env.DOCUMENT_WORKERS && Number.isInteger(given) && given >= 1) return Math.min(given, 64);
  return Math.max(1, cores - 1);
}

/** Where the worker entry is: beside this file in the sources, at dist/ in the build. */
export function workerEntry(here = import.meta.url): { filename: string; execArgv: string[] } {
  if (here.endsWith('.ts')) {
    const filename = new URL('../document-worker.ts', here).href;
    // The sources are TypeScript with parameter properties, which Node alone does not strip.
    const tsx = pathToFileURL(createRequire(fileURLToPath(here)).resolve('tsx')).href;
    return { filename, execArgv: ['--import', tsx] };
  }
  // The build: this code is in dist/server.js or a chunk under dist/chunks/.
  for (const candidate of ['./document-worker.js', '../document-worker.js']) {
    const url = new URL(candidate, here);
    if (fs.existsSync(fileURLToPath(url))) return { filename: url.href, execArgv: [] };
  }
  throw new Error(`The document worker (document-worker.js) is not beside ${here}`);
}

let shared: { pool: Piscina; api: WorkPool } | undefined;

/** The process's pool (made on first use). */
export function workPool(): WorkPool {
  return (
    shared?.api ?? {
      run: (task, input) => start().api.run(task, input),
      stats: () => shared?.api.stats() ?? { threads: 0, completed: 0, queued: 0, maxThreads: poolSize() },
    }
  );
}

function start() {
  if (shared) return shared;
  const { filename, execArgv } = workerEntry();
  const maxThreads = poolSize();
  const pool = new Piscina({
    filename,
    execArgv,
    minThreads: 1,
    maxThreads,
    idleTimeout: 30_000,
    // A job waits in line rather than a second job per thread: a document is CPU work.
    concurrentTasksPerWorker: 1,
  });
  const api: WorkPool = {
    run: (task, input) =>
      pool.run({ task, input, now: Date.now() }).catch((error: unknown) => {
        throw rebuiltError(error);
      }),
    stats: () => ({
      threads: pool.threads.length,
      completed: pool.completed,
      queued: pool.queueSize,
      maxThreads,
    }),
  };
  shared = { pool, api };
  return shared;
}

/** Ends the process's threads (a server's shutdown; tests that count threads). */
export async function closeWorkPool(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.pool.destroy();
}
