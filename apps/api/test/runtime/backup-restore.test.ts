// Backups that restore (issue 63, point 1; decision 076), on each engine: the running server takes
// writes while `admin backup` runs; the backup is restored into a fresh data directory (and database),
// a server starts on it, and every write acknowledged before the backup began is there, every stored
// file byte-identical, the old access token still accepted (the keys came back), the agreement sealed
// before the backup still verified by the public check (by its hash and by its bytes) with a valid
// seal, and no invariant broken.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin.ts';
import { pdfsig } from '../../src/modules/agreements/test-support.ts';
import { pdfBytes } from '../../src/modules/events/test-support.ts';
import { client, freePort, kill, printedInvitationCode, startServer, type Server } from '../child-server.ts';
import {
  allEventTitles,
  cleanupsAfterAll,
  ENGINES,
  inviteSponsor,
  place,
  QUIET_ENV,
  sealedAgreement,
  uploadSignedAgreement,
} from './placed-servers.ts';

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
  const cleanup = cleanupsAfterAll();

  it('restores every acknowledged write, file and key into a fresh place', async () => {
    const portA = await freePort();
    const base = {
      ...QUIET_ENV,
      // Both servers answer under one public address, the tokens' issuer: the old token must hold.
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      RATE_LIMIT_SIGN_UPS: 'off',
      RATE_LIMIT_UPLOADS: 'off',
    };
    const original = await place(engine, 'backup-source', cleanup);
    const a: Server = await startServer({ ...base, ...original }, portA);
    cleanup(() => kill(a, 'SIGTERM'));
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
    const { guest, sponsorshipId } = await inviteSponsor(a.base, organiser.token, event.json().id as number, {
      email: 'sponsor.backup@example.org',
      amount_cents: 25_000,
    });
    const signed = pdfBytes('unterschrieben vor der Sicherung');
    const upload = await uploadSignedAgreement(a.base, guest, sponsorshipId, signed);
    // A generated agreement signed by both sides and sealed with the platform's key.
    const sealed = await sealedAgreement(a.base, organiser.token, 'sponsor.sealed@example.org');

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
    cleanup(() => fs.rmSync(path.dirname(backupDir), { recursive: true, force: true }));
    const backupStarted = Date.now();
    const lines: string[] = [];
    await runAdmin(['backup', backupDir], (line) => lines.push(line), {
      env: { ...base, ...original, BACKUP_PASSPHRASE: PASSPHRASE },
    });
    writing = false;
    await Promise.all(writers);
    expect(lines.join('\n')).toContain('Backup written to');
    // Only the operator reads a backup: every file in it is the owner's alone (the folders are 0700).
    for (const file of filesIn(backupDir)) {
      expect({ file, mode: (fs.statSync(path.join(backupDir, file)).mode & 0o777).toString(8) }).toEqual({
        file,
        mode: '600',
      });
    }
    const before = acknowledged.filter((w) => w.at < backupStarted).map((w) => w.title);
    expect(before.length).toBeGreaterThan(0);
    await kill(a, 'SIGTERM');

    // Refused: a non-empty data directory, and a wrong passphrase.
    const fresh = await place(engine, 'backup-restored', cleanup);
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
    cleanup(() => kill(b, 'SIGTERM'));
    // The access token signed before the backup: the keys and the database came back together.
    const titles = await allEventTitles(b.base, organiser.organisationId, organiser.token);
    expect(titles).toEqual(expect.arrayContaining(['Vor der Sicherung', ...before]));
    const written = new Set(['Vor der Sicherung', 'Besiegelt', ...acknowledged.map((w) => w.title)]);
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

    // The agreement sealed before the backup: the public check finds it by its hash and by its bytes,
    // the restored copy is the same PDF, and its seal (the platform's key, restored) is valid.
    const verification = {
      found: true,
      status: 'verified',
      signed_at: sealed.completedAt,
      signers: [
        { name: 'Jörg Weiß', side: 'sponsor', signed_at: expect.any(String) },
        { name: 'Anna Größe', side: 'organisation', signed_at: expect.any(String) },
      ],
    };
    const byHash = await client(b.base).api('GET', `/api/public/agreements/verify/${sealed.sha256}`, null);
    expect(byHash.status).toBe(200);
    expect(byHash.json()).toEqual(verification);
    const restoredPdf = await fetch(`${b.base}/api/sponsorships/${sealed.sponsorshipId}/agreement/signed.pdf`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    expect(restoredPdf.status).toBe(200);
    const restoredBytes = Buffer.from(await restoredPdf.arrayBuffer());
    expect(restoredBytes).toEqual(sealed.bytes);
    const byBytes = await fetch(`${b.base}/api/public/agreements/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(restoredBytes),
    });
    expect(byBytes.status).toBe(200);
    expect(await byBytes.json()).toEqual(verification);
    const seal = await pdfsig(restoredBytes);
    expect(seal).toContain('Signature is Valid.');
    expect(seal).toContain('Sponsoring platform seal');

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
