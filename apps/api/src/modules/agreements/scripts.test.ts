// Names in every script (decision 062): the draft and the sealed agreement carry each name
// in its own script, legible (the font has the glyphs: poppler reports no broken font) and in logical
// order in the text layer (pdftotext), at a bounded size with CJK.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { letters, NAMES, pdfTextOf } from '../../lib/script-samples.ts';
import { renderDraft } from './render.ts';
import { sealAgreement } from './seal.ts';
import { loadSealKey } from './seal-key.ts';
import type { AgreementSnapshot } from './snapshot.ts';

function snapshot(language: 'de' | 'en'): AgreementSnapshot {
  return {
    version: 1,
    language,
    sponsorshipId: 62,
    issuedAt: '2026-05-01T10:00:00.000Z',
    organisation: {
      name: `${NAMES.greek} e.V.`,
      street: 'Улица Ленина',
      houseNumber: '5',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    sponsor: {
      legalName: `${NAMES.japanese} ${NAMES.hebrew}`,
      street: NAMES.arabic,
      houseNumber: '12',
      postalCode: '100-0001',
      city: NAMES.korean,
      country: 'JP',
      vatId: null,
      email: 'sponsor@example.com',
    },
    event: { title: `${NAMES.latin} Cup`, date: '2026-07-04', location: NAMES.chinese },
    package: { name: `Gold ${NAMES.cyrillic}`, benefits: [{ title: `Logo ${NAMES.hebrew}`, dueDate: null }] },
    amountCents: 100_000,
    paymentTermDays: 14,
    clauses: '',
  };
}

const expectAllNames = (bytes: Uint8Array) => {
  const { text, complaints } = pdfTextOf(bytes);
  expect(complaints).toBe('');
  const flat = letters(text);
  for (const name of Object.values(NAMES)) expect(flat).toContain(letters(name));
  return text;
};

describe('documents for every name', () => {
  it.each(['de', 'en'] as const)('the draft agreement carries each name in logical order (%s)', async (language) => {
    const bytes = await renderDraft(snapshot(language));
    const text = expectAllNames(bytes);
    // The Hebrew and Arabic lines read right to left, but the text layer gives the logical order.
    expect(text).toContain(NAMES.arabic);
    expect(text).toContain(NAMES.hebrew);
    expect(bytes.length).toBeLessThan(300_000);
    // Same snapshot, same bytes, with the CJK subsets too.
    expect(Buffer.from(await renderDraft(snapshot(language))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('the sealed agreement carries the names of the signatories in every script', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-seal-'));
    try {
      const at = new Date('2026-05-02T09:00:00.000Z');
      const signed = await sealAgreement({
        snapshot: snapshot('de'),
        signatures: [
          {
            side: 'sponsor',
            fullName: NAMES.hebrew,
            position: NAMES.arabic,
            email: 'sponsor@example.com',
            signedAt: at,
            ip: '127.0.0.1',
            userAgent: 'test',
            documentSha256: 'a'.repeat(64),
            drawnSignature: null,
          },
          {
            side: 'organisation',
            fullName: NAMES.korean,
            position: NAMES.chinese,
            email: 'org@example.com',
            signedAt: at,
            ip: '127.0.0.1',
            userAgent: 'test',
            documentSha256: 'a'.repeat(64),
            drawnSignature: null,
          },
        ],
        audit: [],
        completedAt: at,
        key: await loadSealKey({ p12: null, passphrase: '', dataDir }),
      });
      const text = expectAllNames(signed);
      expect(text).toContain(NAMES.hebrew);
      expect(signed.length).toBeLessThan(400_000);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a line mixing Latin and Hebrew keeps the Latin order and gives the Hebrew back in logical order', async () => {
    const bytes = await renderDraft({
      ...snapshot('en'),
      sponsor: { ...snapshot('en').sponsor, legalName: `ACME ${NAMES.hebrew} GmbH` },
    });
    const text = execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(bytes), encoding: 'utf8' });
    const line = text.split('\n').find((l) => l.includes('ACME'))!;
    expect(letters(line)).toBe(letters(`ACME ${NAMES.hebrew} GmbH`));
  });
});
