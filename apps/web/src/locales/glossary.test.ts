// Every figure is labelled with the words of docs/glossary.md in both languages (issue 55): each label
// that names a figure holds the glossary's word, and the words of the sponsorship sums label nothing
// else, so "zugesagt" cannot again mean one sum on one screen and another on the next.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(tree).flatMap(([key, value]): [string, string][] => {
      const at = prefix ? `${prefix}.${key}` : key;
      return typeof value === 'string' ? [[at, value]] : [...leaves(value, at)];
    }),
  );
}

const LOCALES = { de: leaves(de), en: leaves(en) };

const GLOSSARY = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/glossary.md'), 'utf8');

/** A table of the glossary (the figures' or, after "# States and their words", the states'): term → words. */
function glossary(part: 'figures' | 'states' = 'figures'): Map<string, { de: string; en: string }> {
  const [figures, states] = GLOSSARY.split('\n# States and their words\n');
  const rows = (part === 'figures' ? figures! : states!)
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  return new Map(rows.map(([, term, german, english]) => [term!.replace(/`/g, ''), { de: german!, en: english! }]));
}

/** Where each figure is labelled: the locale keys whose text names it. */
const LABELS: Record<string, string[]> = {
  committed_cents: [
    'figures.committed',
    'packages.numbers.packageSums',
    'packages.numbers.card.description',
    'events.list.lead',
    'sponsorView.totals.committed',
  ],
  in_negotiation_cents: [
    'figures.inNegotiation',
    'packages.numbers.packageSums',
    'packages.numbers.card.description',
    'events.list.lead',
    'sponsorView.totals.inNegotiation',
  ],
  sponsor_amount: ['events.list.sponsors_other'],
  open_sponsorships: ['events.list.openSponsorships_other', 'sponsorDashboard.open.label'],
  sold: ['packages.numbers.card.sold_other', 'packages.soldOf', 'packages.soldUnlimited'],
  available: ['packages.choice.remaining'],
  invoiced_cents: ['invoices.sums.invoiced', 'invoices.sums.event', 'invoices.sums.card.description'],
  paid_cents: ['invoices.sums.paid', 'invoices.sums.event', 'invoices.sums.card.description'],
  outstanding_cents: ['invoices.sums.outstanding', 'invoices.sums.event', 'invoices.sums.card.description'],
  overdue_cents: ['invoices.sums.overdue'],
};

/** The sums whose words must label nothing but them (the two that were mixed up, and the old name). */
const EXCLUSIVE = ['committed_cents', 'in_negotiation_cents'];
const RETIRED = { de: ['reserviert'], en: ['reserved'] };

describe('the figures’ labels', () => {
  const terms = glossary();

  it('cover every term of the glossary, and the glossary every labelled figure', () => {
    expect([...terms.keys()].sort()).toEqual(Object.keys(LABELS).sort());
  });

  for (const language of ['de', 'en'] as const) {
    it(`hold the glossary's word in ${language}`, () => {
      for (const [term, keys] of Object.entries(LABELS)) {
        const word = terms.get(term)![language].toLowerCase();
        for (const key of keys) {
          const label = LOCALES[language].get(key);
          expect(label, `${language} ${key}`).toBeDefined();
          expect(label!.toLowerCase(), `${language} ${key} (${term})`).toContain(word);
        }
      }
      expect(LOCALES[language].get('figures.committed')).toBe(terms.get('committed_cents')![language]);
      expect(LOCALES[language].get('figures.inNegotiation')).toBe(terms.get('in_negotiation_cents')![language]);
    });

    it(`use the words of the sponsorship sums for nothing else in ${language}`, () => {
      for (const term of EXCLUSIVE) {
        const word = terms.get(term)![language].toLowerCase();
        const elsewhere = [...LOCALES[language]]
          .filter(([key, value]) => value.toLowerCase().includes(word) && !LABELS[term]!.includes(key))
          .map(([key]) => key);
        expect(elsewhere, `${language} "${word}"`).toEqual([]);
      }
      const retired = [...LOCALES[language]]
        .filter(([, value]) => RETIRED[language].some((word) => value.toLowerCase().includes(word)))
        .map(([key]) => key);
      expect(retired).toEqual([]);
    });
  }
});

/**
 * Where each state is named (docs/glossary.md, issue 58): `exact` keys are the word itself, the
 * others hold it (a task's sentence, a title). The status filter, the activity and the badges all
 * read `sponsorships.status.*` and `sponsorships.signedWay.*`; the chat notices their lower-case twins.
 */
const STATE_LABELS: Record<string, { exact: string[]; contains?: string[] }> = {
  'sponsorship.invited': { exact: ['sponsorships.status.invited'], contains: ['chat.notification.status.invited'] },
  'sponsorship.downloaded': {
    exact: ['sponsorships.status.downloaded'],
    contains: ['chat.notification.status.downloaded'],
  },
  'sponsorship.signed': { exact: ['sponsorships.status.signed'], contains: ['chat.notification.status.signed'] },
  'sponsorship.signed.upload': { exact: ['sponsorships.signedWay.upload'] },
  'sponsorship.signed.browser': { exact: ['sponsorships.signedWay.browser'] },
  'sponsorship.confirmed': {
    exact: ['sponsorships.status.confirmed'],
    contains: ['chat.notification.status.confirmed'],
  },
  'sponsorship.declined': { exact: ['sponsorships.status.declined'], contains: ['chat.notification.status.declined'] },
  'sponsorship.withdrawn': {
    exact: ['sponsorships.status.withdrawn'],
    contains: ['chat.notification.status.withdrawn'],
  },
  'agreement.draft': { exact: [], contains: ['agreements.state.draft'] },
  'agreement.sponsor_signed': { exact: ['agreements.state.sponsor_signed'] },
  'agreement.completed': { exact: ['agreements.state.completed'] },
  'action.countersign': {
    exact: ['agreements.card.countersign'],
    contains: ['organizer.dashboard.tasks.toCountersign', 'agreements.sign.countersignTitle'],
  },
  'action.confirm': { exact: ['sponsorships.actions.confirm'], contains: ['organizer.dashboard.tasks.toConfirm'] },
};

describe('the states’ words', () => {
  const states = glossary('states');

  it('cover every state of the glossary, and the glossary every labelled state', () => {
    expect([...states.keys()].sort()).toEqual(Object.keys(STATE_LABELS).sort());
  });

  for (const language of ['de', 'en'] as const) {
    it(`are the glossary's words in ${language}`, () => {
      for (const [state, { exact, contains = [] }] of Object.entries(STATE_LABELS)) {
        const word = states.get(state)![language];
        for (const key of exact) expect(LOCALES[language].get(key), `${language} ${key} (${state})`).toBe(word);
        for (const key of contains) {
          const label = LOCALES[language].get(key);
          expect(label, `${language} ${key}`).toBeDefined();
          expect(label!.toLowerCase(), `${language} ${key} (${state})`).toContain(word.toLowerCase());
        }
      }
    });
  }

  it('give a browser signature its own word, not the upload’s', () => {
    for (const language of ['de', 'en'] as const) {
      expect(states.get('sponsorship.signed.browser')![language]).not.toBe(
        states.get('sponsorship.signed.upload')![language],
      );
    }
  });
});
