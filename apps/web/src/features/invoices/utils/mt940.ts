// Reading an MT940 account statement in the browser (decision 041): the SWIFT format many German
// banks (Sparkassen, Volks- und Raiffeisenbanken) still offer beside camt, often as the only export
// of older accounting set-ups. Only incoming payments are read (:61: with mark C, not a reversal),
// with the German structured :86: field (Geschäftsvorfallcode, ?20-?29 and ?60-?63 remittance,
// ?32-?33 payer) where the bank writes it, else the :86: text as it is.
import type { StatementCredit } from './bank-statement';

/** Whether the text looks like an MT940 statement: a :20: reference and a balance or booking. */
export function isMt940(text: string): boolean {
  return /^:20:/m.test(text) && /^:(60[FM]|61|62[FM]):/m.test(text);
}

type Field = { tag: string; lines: string[] };

/** The fields in order; a line without a tag continues the field before it. */
function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  for (const line of text.split(/\r?\n|\r/)) {
    const tagged = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tagged) fields.push({ tag: tagged[1]!, lines: [tagged[2]!] });
    // "-" ends a statement; "{1:...}" lines are the SWIFT envelope some exports keep.
    else if (line === '-' || line.startsWith('-}') || line.startsWith('{')) continue;
    else fields.at(-1)?.lines.push(line);
  }
  return fields;
}

/** "1190,5" → 119050. */
function centsOf(amount: string): number | null {
  const match = /^(\d{1,12}),(\d{0,2})$/.exec(amount);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The booking day (MMDD, the year taken from the value day across a year's end), else the value day. */
function bookedOnOf(valueDay: string, entryDay: string | undefined): string {
  const year = 2000 + Number(valueDay.slice(0, 2));
  const valueMonth = Number(valueDay.slice(2, 4));
  const value = `${year}-${valueDay.slice(2, 4)}-${valueDay.slice(4, 6)}`;
  if (!entryDay) return value;
  const entryMonth = Number(entryDay.slice(0, 2));
  const entryYear =
    entryMonth === 12 && valueMonth === 1 ? year - 1 : entryMonth === 1 && valueMonth === 12 ? year + 1 : year;
  return `${entryYear}-${entryDay.slice(0, 2)}-${entryDay.slice(2, 4)}`;
}

/** Subfields ?NN of the German structured :86: field, or null for free text. */
function subfieldsOf(details: string): Map<string, string> | null {
  if (!/^\d{3}\?/.test(details)) return null;
  const subfields = new Map<string, string>();
  for (const part of details.slice(3).split('?').slice(1)) {
    const key = part.slice(0, 2);
    subfields.set(key, (subfields.get(key) ?? '') + part.slice(2));
  }
  return subfields;
}

/**
 * The remittance text: with SEPA keywords (SVWZ+ the payer's text, EREF+ the end-to-end reference)
 * those two, as a sponsor may put the invoice number in either; else the text as it is.
 */
function remittanceOf(text: string): string {
  const parts = [...text.matchAll(/(SVWZ|EREF)\+(.*?)(?=(?:[A-Z]{4}\+)|$)/g)]
    .map((match) => match[2]!.trim())
    .filter((part) => part !== '' && part !== 'NOTPROVIDED');
  return (parts.length > 0 ? parts.join(' ') : text).replace(/\s+/g, ' ').trim();
}

export function parseMt940(text: string): StatementCredit[] {
  const credits: StatementCredit[] = [];
  let currency = 'EUR';
  let pending: { amountCents: number; bookedOn: string } | null = null;
  const flush = (details: string | null) => {
    if (pending && currency === 'EUR') {
      const subfields = details === null ? null : subfieldsOf(details);
      const remittance = subfields
        ? [...subfields].filter(([key]) => /^(2\d|6[0-3])$/.test(key)).map(([, value]) => value)
        : [details ?? ''];
      const payer = subfields ? [subfields.get('32'), subfields.get('33')].filter(Boolean).join('') : '';
      credits.push({ ...pending, payer: payer.trim() || null, text: remittanceOf(remittance.join('')) });
    }
    pending = null;
  };
  for (const field of fieldsOf(text)) {
    if (field.tag === '60F' || field.tag === '60M') {
      flush(null);
      currency = /^[CD]\d{6}([A-Z]{3})/.exec(field.lines[0]!)?.[1] ?? currency;
    } else if (field.tag === '61') {
      flush(null);
      const booking = /^(\d{6})(\d{4})?(R?[CD])[A-Z]?(\d{1,12},\d{0,2})/.exec(field.lines[0]!);
      const cents = booking ? centsOf(booking[4]!) : null;
      // Only credits: a debit, or the reversal of a credit (RC), is not money received.
      if (booking && booking[3] === 'C' && cents !== null && cents > 0)
        pending = { amountCents: cents, bookedOn: bookedOnOf(booking[1]!, booking[2]) };
    } else if (field.tag === '86') {
      // The bank breaks the field into lines of 65 characters, inside words too: joined as one text.
      flush(field.lines.join(''));
    }
  }
  flush(null);
  return credits;
}
