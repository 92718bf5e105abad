// The pool's threads run below the main thread's priority (decision 097), so a cheap read on the main
// thread goes first when it and a document want the same core. Linux: a thread's nice value is field
// 19 of /proc/self/task/<tid>/stat (the CI and the deployment run Linux).
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { closeWorkPool, workPool } from './work-pool.ts';

const niceOf = (tid: string) => {
  const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

describe('the work pool', () => {
  afterAll(() => closeWorkPool());

  it('runs its threads at nice 5 while the main thread keeps its own', async () => {
    expect(process.platform).toBe('linux');
    const before = new Set(fs.readdirSync('/proc/self/task'));
    const main = os.getPriority(0);
    await workPool()
      .run('invoice.preview', null)
      .catch(() => undefined);
    const threads = fs
      .readdirSync('/proc/self/task')
      .filter((tid) => !before.has(tid))
      .filter((tid) => fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === 'WorkerThread');
    expect(threads.length).toBeGreaterThan(0);
    expect(threads.map(niceOf)).toContain(Math.min(19, main + 5));
    expect(os.getPriority(0)).toBe(main);
  });
});
