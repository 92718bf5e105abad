import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTimerJob } from './timer-job.ts';

describe('a timer job', () => {
  afterEach(() => void vi.useRealTimers());

  it('finishes the run in progress before stop resolves, and starts none after', async () => {
    vi.useFakeTimers();
    const done: string[] = [];
    let release!: () => void;
    const job = createTimerJob({
      run: async () => {
        done.push('claimed');
        await new Promise<void>((resolve) => (release = resolve));
        done.push('mailed');
      },
      name: 'test-job',
      everyMs: 1000,
      log: { error: () => undefined },
      failure: 'run failed',
    });
    job.start(() => new Date());
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toEqual(['claimed']);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(done).toEqual(['claimed', 'mailed']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(done).toEqual(['claimed', 'mailed']);
  });
});
