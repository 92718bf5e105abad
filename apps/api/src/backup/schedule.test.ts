import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { sqliteFileIn } from '../database-from-config.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { createScheduledBackups, pruneBackups, slotName } from './schedule.ts';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-schedule-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));
const HOUR = 3_600_000;
const log = { info: () => undefined, error: () => undefined };

describe('scheduled backups', () => {
  it('keep the newest finished ones and the unfinished one being written', async () => {
    const dir = path.join(temp, 'prune');
    const slots = [0, 1, 2, 3, 4].map((h) => slotName(new Date(Date.UTC(2027, 4, 1, h)), HOUR));
    for (const slot of slots) {
      fs.mkdirSync(path.join(dir, slot), { recursive: true });
      if (slot !== slots[1] && slot !== slots[4]) fs.writeFileSync(path.join(dir, slot, 'manifest.json'), '{}');
    }
    fs.mkdirSync(path.join(dir, 'not-a-backup'));
    expect(slots[0]).toBe('2027-05-01T000000Z');
    expect((await pruneBackups(dir, 2)).sort()).toEqual([slots[0], slots[1]]);
    expect(fs.readdirSync(dir).sort()).toEqual([slots[2], slots[3], slots[4], 'not-a-backup']);
  });

  it('write one backup per slot, whichever process comes first, and drop those past BACKUP_KEEP', async () => {
    const dataDir = path.join(temp, 'data');
    fs.mkdirSync(dataDir);
    const database = openDatabase({ engine: 'sqlite', file: sqliteFileIn(dataDir) });
    await migrateToLatest(database);
    await database.close();
    const config = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(temp, 'backups'),
      BACKUP_EVERY_HOURS: '1',
      BACKUP_KEEP: '1',
      BACKUP_PASSPHRASE: 'a passphrase for the test',
    });
    const first = createScheduledBackups(config, log);
    const second = createScheduledBackups(config, log);
    const at = new Date(Date.UTC(2027, 4, 1, 10, 30));
    const written = await first.run(at);
    expect(written).toBe(path.join(temp, 'backups', '2027-05-01T100000Z'));
    expect(await second.run(at)).toBeNull();
    expect(fs.existsSync(path.join(written!, 'manifest.json'))).toBe(true);
    await second.run(new Date(at.getTime() + HOUR));
    expect(fs.readdirSync(path.join(temp, 'backups'))).toEqual(['2027-05-01T110000Z']);
  });

  it('need a passphrase with BACKUP_DIR, and a folder outside DATA_DIR', () => {
    expect(() => loadConfig({ BACKUP_DIR: temp })).toThrow(/BACKUP_PASSPHRASE/);
    expect(() =>
      loadConfig({ DATA_DIR: temp, BACKUP_DIR: path.join(temp, 'backups'), BACKUP_PASSPHRASE: 'long enough, surely' }),
    ).toThrow(/BACKUP_DIR: expected a folder outside DATA_DIR/);
  });
});
