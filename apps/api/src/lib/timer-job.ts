// A job every process runs on a timer (payment reminders, overdue deliverables). Stopping it waits for
// a run in progress, so a shutdown finishes the run it is in (its claims and its mails) instead of
// leaving a claimed stage without its mail (decision 076).
import type { WorkGauge } from './work-gauge.ts';

type Log = { error(details: object, message: string): void };

export function createTimerJob<T>(options: {
  run: (at: Date) => Promise<T>;
  /** The name the metrics count its runs in progress under (decision 077). */
  name: string;
  everyMs: number;
  log: Log;
  failure: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<unknown>>();
  return {
    start(clock: () => Date, work?: WorkGauge) {
      timer = setInterval(() => {
        const once = () => options.run(clock());
        const run = (work ? work.track(options.name, once) : once())
          .catch((error: unknown) => options.log.error({ err: error }, options.failure))
          .finally(() => running.delete(run));
        running.add(run);
      }, options.everyMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await Promise.all([...running]);
    },
  };
}
