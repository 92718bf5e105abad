// Reads made to fill the read cache (read-cache.ts) go to the database, never to the read memo
// (db/read-memo.ts). An answer is kept under the version read before it; the memo may still hold
// rows older than a version another process has just written, while that write's notice is on its
// way. Made from such rows, the answer was kept under the new version and served until the next write:
// the event page showed the old title on a second process for minutes (issue 56). A load is a miss
// already, so skipping the memo there costs one indexed read at most.
import { AsyncLocalStorage } from 'node:async_hooks';

const fresh = new AsyncLocalStorage<true>();

/** Whether the current read fills the read cache (and must not come from the read memo). */
export const readingFresh = (): boolean => fresh.getStore() === true;

/** Runs `work` with every read inside it taken from the database itself. */
export const readFresh = <T>(work: () => Promise<T>): Promise<T> => fresh.run(true, work);
