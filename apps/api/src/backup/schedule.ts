// The server's own backups (BACKUP_DIR; decision 076): one folder per time slot, claimed by mkdir so
// that of several processes on one BACKUP_DIR only one writes it, then the finished backups beyond
// BACKUP_KEEP and the unfinished ones older than the newest finished are removed.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createTimerJob } from '../lib/timer-job.ts';
import { createBackup } from './backup.ts';
import { MANIFEST } from './manifest.ts';

const SLOT = /^\d{4}-\d{2}-\d{2}T\d{6}Z$/;
/**
 * How often a process looks whether its slot's backup is written: a process restarted daily would
 * never reach a 24-hour timer, and a look at a slot already taken costs one mkdir.
 */
const LOOK_EVERY_MS = 5 * 60_000;

type Log = { info(details: object, message: string): void; error(details: object, message: string): void };

/** The folder name of the slot `at` falls in: the slot's start in UTC, e.g. 2027-05-01T000000Z. */
export function slotName(at: Date, everyMs: number): string {
  const iso = new Date(Math.floor(at.getTime() / everyMs) * everyMs).toISOString();
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** Removes the finished backups past the newest `keep`, and unfinished ones older than the newest finished. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const slots = (await fsp.readdir(dir))
    .filter((name) => SLOT.test(name))
    .sort()
    .reverse();
  const finished: string[] = [];
  for (const name of slots) if (await fsp.stat(path.join(dir, name, MANIFEST)).catch(() => null)) finished.push(name);
  const newest = finished[0];
  const removed = slots.filter((name) =>
    finished.includes(name) ? finished.indexOf(name) >= keep : newest !== undefined && name < newest,
  );
  for (const name of removed) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

export function createScheduledBackups(config: Config, log: Log) {
  const settings = config.backups!;
  const run = async (at: Date) => {
    await fsp.mkdir(settings.dir, { recursive: true, mode: 0o700 });
    const target = path.join(settings.dir, slotName(at, settings.everyMs));
    try {
      await fsp.mkdir(target, { mode: 0o700 });
    } catch (error) {
      // Another process on this BACKUP_DIR took this slot.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
      throw error;
    }
    const lines: string[] = [];
    await createBackup(config, target, settings.passphrase, (line) => lines.push(line));
    const removed = await pruneBackups(settings.dir, settings.keep);
    log.info({ backup: target, removed }, lines.join(' '));
    return target;
  };
  return {
    run,
    ...createTimerJob({
      run,
      name: 'scheduled-backup',
      everyMs: Math.min(settings.everyMs, LOOK_EVERY_MS),
      log,
      failure: 'scheduled backup failed',
    }),
  };
}
