// The sealed agreement and its mail name the agreement's final state with the glossary's words
// (docs/glossary.md, "States and their words"; issue 58), as the screens do (the web's glossary test).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfTextOf } from '../../lib/script-samples.ts';
import { renderDraft } from './render.ts';
import type { AgreementSnapshot } from './snapshot.ts';
import { TEXTS } from './texts.ts';

function stateWords(): Map<string, { de: string; en: string }> {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/glossary.md'), 'utf8');
  const states = text.split('\n# States and their words\n')[1] ?? '';
  const rows = states
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  return new Map(rows.map(([, term, german, english]) => [term!.replace(/`/g, ''), { de: german!, en: english! }]));
}

const snapshot = (language: 'de' | 'en'): AgreementSnapshot => ({
  version: 1,
  language,
  sponsorshipId: 3,
  issuedAt: '2026-05-01T10:00:00.000Z',
  organisation: {
    name: 'TSV',
    street: 'Hauptstraße',
    houseNumber: '1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  sponsor: {
    legalName: 'Korn GmbH',
    street: 'Ring',
    houseNumber: '2',
    postalCode: '50667',
    city: 'Köln',
    country: 'DE',
    vatId: null,
    email: 'sponsor@example.com',
  },
  event: { title: 'Sommerfest', date: '2026-07-04', location: 'Berlin' },
  package: { name: 'Gold', benefits: [] },
  amountCents: 100_000,
  paymentTermDays: 14,
  clauses: '',
});

describe('the agreement’s words for its states', () => {
  const words = stateWords();

  it('are in the glossary', () => {
    expect(words.get('agreement.completed')).toEqual({
      de: 'Von beiden Parteien unterschrieben',
      en: 'Signed by both parties',
    });
  });

  for (const language of ['de', 'en'] as const) {
    it(`name the completed agreement alike in the sealed PDF and its mail (${language})`, async () => {
      const completed = words.get('agreement.completed')![language].toLowerCase();
      const t = TEXTS[language];
      expect(t.signed('4. Juli 2026').toLowerCase()).toContain(completed);
      expect(t.mail.completedText('Sommerfest').join('\n').toLowerCase()).toContain(completed);
      expect(t.draft.toLowerCase()).not.toContain(completed);

      // The first page as the seal renders it, read back by pdftotext; the draft's does not say it.
      const sealedPage = pdfTextOf(await renderDraft(snapshot(language), new Date('2026-05-02T09:00:00Z'))).text;
      expect(sealedPage.toLowerCase().replace(/\s+/g, ' ')).toContain(completed);
      expect(sealedPage).not.toContain(t.draft);
      const draftPage = pdfTextOf(await renderDraft(snapshot(language))).text;
      expect(draftPage).toContain(t.draft);
      expect(draftPage.toLowerCase().replace(/\s+/g, ' ')).not.toContain(completed);
    });
  }
});
