// Backups that restore (issue 63, point 1; decision 076), on each engine: the running server takes
// writes while `admin backup` runs; the backup is restored into a fresh data directory (and database),
// a server starts on it, and every write acknowledged before the backup began is there, every stored
// file byte-identical, the old access token still accepted (the keys came back) and no invariant broken.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENTS_PAGE_SIZE_MAX } from '@sp/shared';
import { runAdmin } from '../../src/admin.ts';
import { pdfBytes } from '../../src/modules/events/test-support.ts';
import {
  client,
  freePort,
  freshPostgres,
  kill,
  printedInvitationCode,
  startServer,
  type Server,
} from '../child-server.ts';

const ENGINES = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const PASSPHRASE = 'correct horse battery staple';

const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const filesIn = (dir: string): string[] =>
  fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((entry) => entry.isFile() && !entry.parentPath.includes(`${path.sep}.tmp`))
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort()
    : [];

describe.each(ENGINES)('backup and restore on %s', (engine) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A data directory (and PostgreSQL database) of its own, removed after the run. */
  const place = async (name: string) => {
    const dataDir = tempDir(`sp-${name}-`);
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (engine === 'postgres') {
      const database = await freshPostgres(`backup_${name}`);
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  };

  it('restores every acknowledged write, file and key into a fresh place', async () => {
    const portA = await freePort();
    const base = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // Both servers answer under one public address, the tokens' issuer: the old token must hold.
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      RATE_LIMIT_SIGN_UPS: 'off',
      RATE_LIMIT_UPLOADS: 'off',
    };
    const original = await place('source');
    const a: Server = await startServer({ ...base, ...original }, portA);
    cleanups.push(() => kill(a, 'SIGTERM'));
    const { api, onboardOrganiser } = client(a.base);
    const organiser = await onboardOrganiser(
      `backup.${Date.now()}@example.org`,
      printedInvitationCode(a),
      'Sicherung e.V.',
    );
    const event = await api('POST', '/api/event/-1', organiser.token, {
      title: 'Vor der Sicherung',
      event_date: '2027-05-01',
      location: 'Kassel',
      description: 'Angelegt vor der Sicherung.',
    });
    expect(event.status).toBe(201);
    const invited = await api('POST', '/api/sponsor-invitation', organiser.token, {
      email: 'sponsor.backup@example.org',
      event_id: event.json().id,
      amount_cents: 25_000,
    });
    expect(invited.status).toBe(201);
    const guest = `${new URL(invited.json().url as string).searchParams.get('token')}:sponsor.backup@example.org`;
    const sponsorshipId = invited.json().sponsorId as number;
    const made = await api('POST', `/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`, guest, {
      file_name: 'unterschrieben.pdf',
    });
    const upload = made.json<{ url: string; key: string; s3_id: string }>();
    const signed = pdfBytes('unterschrieben vor der Sicherung');
    const put = await fetch(new URL(upload.url, a.base), {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(signed),
    });
    expect(put.status).toBe(204);
    const attached = await api('PUT', `/api/sponsorships/${sponsorshipId}/signed-agreement`, guest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.status).toBe(200);

    // Write load: two writers add events one after the other until the backup is done.
    const acknowledged: Array<{ title: string; at: number }> = [];
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing) {
        const title = `Last ${n++}`;
        const res = await api('POST', '/api/event/-1', organiser.token, {
          title,
          event_date: '2027-06-01',
          location: 'Kassel',
          description: 'Während der Sicherung.',
        });
        if (res.status === 201) acknowledged.push({ title, at: Date.now() });
      }
    };
    const writers = [writer(), writer()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const backupDir = path.join(tempDir('sp-backup-'), 'backup');
    cleanups.push(() => fs.rmSync(path.dirname(backupDir), { recursive: true, force: true }));
    const backupStarted = Date.now();
    const lines: string[] = [];
    await runAdmin(['backup', backupDir], (line) => lines.push(line), {
      env: { ...base, ...original, BACKUP_PASSPHRASE: PASSPHRASE },
    });
    writing = false;
    await Promise.all(writers);
    expect(lines.join('\n')).toContain('Backup written to');
    const before = acknowledged.filter((w) => w.at < backupStarted).map((w) => w.title);
    expect(before.length).toBeGreaterThan(0);
    await kill(a, 'SIGTERM');

    // Refused: a non-empty data directory, and a wrong passphrase.
    const fresh = await place('restored');
    const restore = (env: Record<string, string>) => runAdmin(['restore', backupDir], () => undefined, { env });
    await expect(restore({ ...base, ...original, BACKUP_PASSPHRASE: PASSPHRASE })).rejects.toThrow(
      /not empty|has tables/,
    );
    await expect(restore({ ...base, ...fresh, BACKUP_PASSPHRASE: 'not the passphrase at all' })).rejects.toThrow(
      /passphrase/,
    );
    expect(fs.readdirSync(fresh.DATA_DIR)).toEqual([]);
    await restore({ ...base, ...fresh, BACKUP_PASSPHRASE: PASSPHRASE });

    const b = await startServer({ ...base, ...fresh }, await freePort());
    cleanups.push(() => kill(b, 'SIGTERM'));
    // The access token signed before the backup: the keys and the database came back together.
    const titles: string[] = [];
    for (let offset = 0; ; offset += EVENTS_PAGE_SIZE_MAX) {
      const page = await client(b.base).api(
        'GET',
        `/api/events/${organiser.organisationId}?limit=${EVENTS_PAGE_SIZE_MAX}&offset=${offset}`,
        organiser.token,
      );
      expect(page.status).toBe(200);
      const events = page.json() as Array<{ title: string }>;
      titles.push(...events.map((e) => e.title));
      if (events.length < EVENTS_PAGE_SIZE_MAX) break;
    }
    expect(titles).toEqual(expect.arrayContaining(['Vor der Sicherung', ...before]));
    const written = new Set(['Vor der Sicherung', ...acknowledged.map((w) => w.title)]);
    expect(titles.filter((title) => !written.has(title))).toEqual([]);

    // Every stored file byte-identical, and served again.
    const storedBefore = filesIn(path.join(original.DATA_DIR, 'files'));
    expect(storedBefore.length).toBeGreaterThan(0);
    expect(filesIn(path.join(fresh.DATA_DIR, 'files'))).toEqual(storedBefore);
    for (const file of storedBefore) {
      expect(fs.readFileSync(path.join(fresh.DATA_DIR, 'files', file))).toEqual(
        fs.readFileSync(path.join(original.DATA_DIR, 'files', file)),
      );
    }
    const download = await fetch(`${b.base}/api/download?key=${encodeURIComponent(upload.key)}`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(signed);

    // The restore is in the restored database's operator log, which the owner reads.
    const log = await client(b.base).api(
      'GET',
      `/api/organisation/${organiser.organisationId}/operator-log`,
      organiser.token,
    );
    expect(log.status).toBe(200);
    expect((log.json() as { entries: Array<{ action: string; details: Record<string, unknown> }> }).entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'admin.command',
          details: expect.objectContaining({ command: 'restore', outcome: 'done' }),
        }),
      ]),
    );

    const report: string[] = [];
    await runAdmin(['check-invariants'], (line) => report.push(line), { env: { ...base, ...fresh } });
    expect(report.at(-1)).toMatch(/^All \d+ invariants hold\.$/);
  }, 180_000);
});
