import { describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { DRAFT } from '../testing/draft-invoice';
import { BankStatementError, decodeStatement, parseBankStatement } from './bank-statement';
import { matchPayments } from './match-payments';
import { isSamePayer } from './payer-names';

// A camt.053.001.08 statement as a German bank exports it: two single credits, a debit, a pending
// credit, a returned (reversed) credit and a batch booking of two transfers.
const CAMT_053 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
 <BkToCstmrStmt><GrpHdr><MsgId>1</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr>
  <Stmt><Id>1</Id>
   <Ntry><Amt Ccy="EUR">2975.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
    <BookgDt><Dt>2026-11-18</Dt></BookgDt><ValDt><Dt>2026-11-18</Dt></ValDt>
    <NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Brauerei Müller GmbH</Nm></Pty></Dbtr></RltdPties>
     <RmtInf><Ustrd>Rechnung RE 2026-</Ustrd><Ustrd>0007 Sponsoring</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
   <Ntry><Amt Ccy="EUR">500</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
    <BookgDt><DtTm>2026-11-19T10:12:00</DtTm></BookgDt>
    <NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Ref>re20260008</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
   <Ntry><Amt Ccy="EUR">80.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-19</Dt></BookgDt></Ntry>
   <Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts><BookgDt><Dt>2026-11-19</Dt></BookgDt></Ntry>
   <Ntry><Amt Ccy="EUR">11.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-19</Dt></BookgDt></Ntry>
   <Ntry><Amt Ccy="EUR">300.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt>
    <NtryDtls>
     <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">100.50</Amt></TxAmt></AmtDtls><RmtInf><Ustrd>Mitgliedsbeitrag</Ustrd></RmtInf></TxDtls>
     <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">200.00</Amt></TxAmt></AmtDtls><RmtInf><Ustrd>RE-2026-00071</Ustrd></RmtInf></TxDtls>
    </NtryDtls></Ntry>
  </Stmt></BkToCstmrStmt></Document>`;

// camt.053.001.02 (older banks): Sts as text, the payer's name directly under Dbtr.
const CAMT_053_V2 = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
 <Ntry><Amt Ccy="EUR">1190.5</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt>
  <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Autohaus Kern</Nm></Dbtr></RltdPties><RmtInf><Ustrd>RE-2026-0009</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
 <Ntry><Amt Ccy="USD">99.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

describe('parseBankStatement', () => {
  it('reads the booked credits of a camt.053, a batch booking by its transactions', () => {
    expect(parseBankStatement(CAMT_053)).toEqual([
      {
        amountCents: 297_500,
        bookedOn: '2026-11-18',
        payer: 'Brauerei Müller GmbH',
        text: 'Rechnung RE 2026- 0007 Sponsoring',
      },
      { amountCents: 50_000, bookedOn: '2026-11-19', payer: null, text: 're20260008' },
      { amountCents: 10_050, bookedOn: '2026-11-20', payer: null, text: 'Mitgliedsbeitrag' },
      { amountCents: 20_000, bookedOn: '2026-11-20', payer: null, text: 'RE-2026-00071' },
    ]);
  });

  it('reads the older version and skips other currencies', () => {
    expect(parseBankStatement(CAMT_053_V2)).toEqual([
      { amountCents: 119_050, bookedOn: '2026-11-02', payer: 'Autohaus Kern', text: 'RE-2026-0009' },
    ]);
  });

  it('tells a file that is not XML from XML that is no statement', () => {
    expect(() => parseBankStatement('Buchungstag;Betrag\n')).toThrow(new BankStatementError('not-statement'));
    expect(() => parseBankStatement('<Invoice xmlns="urn:oasis"/>')).toThrow(new BankStatementError('not-camt'));
  });
});

const invoice = (number: string, outstanding: number, overrides: Partial<InvoiceWire> = {}): InvoiceWire => ({
  ...DRAFT,
  id: Number(number.slice(-4)),
  number,
  status: 'issued',
  outstanding_cents: outstanding,
  ...overrides,
});

describe('matchPayments', () => {
  it('pairs credits with open invoices by number, however the payer wrote it', () => {
    const seven = invoice('RE-2026-0007', 297_500);
    const eight = invoice('RE-2026-0008', 100_000, { status: 'overdue' });
    const { matches, unmatched } = matchPayments(parseBankStatement(CAMT_053), [seven, eight]);
    expect(matches.map((m) => [m.invoice.number, m.amountCents, m.fit, m.credit.bookedOn])).toEqual([
      ['RE-2026-0007', 297_500, 'exact', '2026-11-18'],
      ['RE-2026-0008', 50_000, 'partial', '2026-11-19'],
    ]);
    // "RE-2026-00071" is not RE-2026-0007; the membership fee names no invoice.
    expect(unmatched.map((c) => c.text)).toEqual(['Mitgliedsbeitrag', 'RE-2026-00071']);
  });

  it('records at most what is open, knows a payment already recorded, and splits one transfer for two invoices', () => {
    const credit = { amountCents: 150_000, bookedOn: '2026-11-18', payer: null, text: 'RE-2026-0001 RE-2026-0002' };
    const one = invoice('RE-2026-0001', 100_000);
    const two = invoice('RE-2026-0002', 50_000);
    expect(matchPayments([credit], [one, two]).matches.map((m) => [m.invoice.number, m.amountCents, m.fit])).toEqual([
      ['RE-2026-0001', 100_000, 'exact'],
      ['RE-2026-0002', 50_000, 'exact'],
    ]);
    // Not to the cent: which invoice gets what is the organiser's call.
    expect(matchPayments([{ ...credit, amountCents: 120_000 }], [one, two]).unmatched).toHaveLength(1);

    const over = { ...credit, text: 'RE-2026-0001', amountCents: 120_000 };
    expect(matchPayments([over], [one]).matches[0]).toMatchObject({ amountCents: 100_000, fit: 'over' });
    const paid = invoice('RE-2026-0001', 0, {
      status: 'paid',
      payments: [
        { id: 1, paid_on: '2026-11-18', amount_cents: 100_000, kind: 'payment', recorded_at: '2026-11-20T09:00:00Z' },
      ],
    });
    expect(matchPayments([over], [paid]).matches[0]).toMatchObject({ fit: 'recorded' });
    // Drafts and cancelled invoices are never paid.
    expect(matchPayments([over], [invoice('RE-2026-0001', 100_000, { status: 'cancelled' })]).unmatched).toHaveLength(
      1,
    );
  });
});

describe('credits without an invoice number', () => {
  const buyer = (name: string) => ({ ...DRAFT.buyer, name });
  const brewery = invoice('RE-2026-0011', 297_500, { buyer: buyer('Brauerei Müller GmbH') });
  const bakery = invoice('RE-2026-0012', 297_500, { buyer: buyer('Bäckerei Schmidt') });
  const credit = {
    amountCents: 297_500,
    bookedOn: '2026-11-21',
    payer: 'BRAUEREI MUELLER GMBH',
    text: 'Sponsoring Sommerfest',
  };

  it('are proposed for the one invoice of the payer they pay to the cent, to be confirmed', () => {
    const { matches, unmatched } = matchPayments([credit], [brewery, bakery]);
    expect(matches.map((m) => [m.invoice.number, m.amountCents, m.fit, m.by])).toEqual([
      ['RE-2026-0011', 297_500, 'exact', 'payer'],
    ]);
    expect(unmatched).toEqual([]);
    // Another amount, another payer or no payer at all: nothing is proposed.
    expect(matchPayments([{ ...credit, amountCents: 297_400 }], [brewery]).unmatched).toHaveLength(1);
    expect(matchPayments([{ ...credit, payer: 'Autohaus Kern' }], [brewery]).unmatched).toHaveLength(1);
    expect(matchPayments([{ ...credit, payer: null }], [brewery]).unmatched).toHaveLength(1);
  });

  it('are not proposed when two credits or two invoices fit, or another credit names the invoice', () => {
    const second = { ...credit, bookedOn: '2026-11-22' };
    expect(matchPayments([credit, second], [brewery]).unmatched).toEqual([credit, second]);
    const again = invoice('RE-2026-0013', 297_500, { buyer: buyer('Brauerei Müller GmbH') });
    expect(matchPayments([credit], [brewery, again]).unmatched).toEqual([credit]);
    const named = { ...credit, payer: null, text: 'RE-2026-0011' };
    expect(matchPayments([credit, named], [brewery]).matches.map((m) => [m.credit, m.by])).toEqual([[named, 'number']]);
  });

  it('are known as recorded when read again, and keep the statement order among numbered credits', () => {
    const paid = invoice('RE-2026-0011', 0, {
      status: 'paid',
      buyer: buyer('Brauerei Müller GmbH'),
      payments: [
        { id: 1, paid_on: '2026-11-21', amount_cents: 297_500, kind: 'payment', recorded_at: '2026-11-22T09:00:00Z' },
      ],
    });
    const numbered = { amountCents: 50_000, bookedOn: '2026-11-22', payer: null, text: 'RE 2026 0012' };
    const { matches } = matchPayments([credit, numbered], [paid, bakery]);
    expect(matches.map((m) => [m.invoice.number, m.fit, m.by])).toEqual([
      ['RE-2026-0011', 'recorded', 'payer'],
      ['RE-2026-0012', 'partial', 'number'],
    ]);
  });
});

describe('isSamePayer', () => {
  it.each([
    ['SPORTVEREIN BENCHSTADT E', 'Sportverein Benchstadt e. V.', true],
    ['KERN AUTOHAUS', 'Autohaus Kern', true],
    ['Mueller Bau GmbH & Co. KG', 'Müller Bau GmbH & Co. KG', true],
    ['STADTWERKE BENCHST', 'Stadtwerke Benchstadt GmbH', true],
    ['Schmidt GmbH', 'Müller Bau GmbH', false],
    ['GmbH', 'Müller GmbH', false],
    ['Stadtwerke Nordstadt', 'Stadtwerke Benchstadt', false],
    ['Stadtwerke Benchstadt', 'Stadtwerke Benchstadt Energie', true],
  ])('%s pays for %s: %s', (payer, buyer, same) => {
    expect(isSamePayer(payer, buyer)).toBe(same);
  });
});

// MT940 as a Sparkasse exports it (CRLF, the SWIFT envelope, :86: in 65-character lines with the
// German subfields): a SEPA credit with the number in SVWZ+, one with it in EREF+, a debit, a
// returned credit (RC), a credit with free :86: text, and a credit booked on 31 December whose value
// day is in January; then a statement in another currency.
const MT940 = [
  '{1:F01SPKADE21AXXX0000000000}{2:I940SPKADE21XXXXN}{4:',
  ':20:STARTUMSE',
  ':25:30050110/1234567890',
  ':28C:00042/001',
  ':60F:C261117EUR12500,00',
  ':61:2611181118CR2975,00N166NONREF',
  ':86:166?00SEPA-GUTSCHRIFT?109310?20EREF+NOTPROVIDED?21SVWZ+Rechnung RE 2026-',
  '?220007 Sponsoring Sommerfe?23st?30WELADEDDXXX?31DE02300501101234567890?32Brauerei Müller',
  '?33 GmbH?34000',
  ':61:2611191119CR500,N166NONREF',
  ':86:166?00SEPA-GUTSCHRIFT?20EREF+re20260008?21SVWZ+Anzahlung?32Autohaus Kern',
  ':61:2611191119DR80,00N005NONREF',
  ':86:005?00LASTSCHRIFT?20SVWZ+Strom?32Stadtwerke',
  ':61:2611191119RCR11,00N159NONREF',
  ':86:159?00RUECKUEBERWEISUNG?20SVWZ+RE-2026-0009',
  ':61:261120C100,50NTRFNONREF//0815',
  'Zusatzinfo',
  ':86:Mitgliedsbeitrag 2026 Erika Mustermann',
  ':61:2601021231CR40,00N166NONREF',
  ':86:166?00SEPA-GUTSCHRIFT?20SVWZ+Spende',
  ':62F:C261120EUR15906,00',
  '-}',
  ':20:STARTUMSE',
  ':25:30050110/99',
  ':60F:C261117USD0,00',
  ':61:2611181118CR99,00N166NONREF',
  ':86:166?00SEPA-GUTSCHRIFT?20SVWZ+RE-2026-0010',
  ':62F:C261118USD99,00',
  '-',
].join('\r\n');

describe('parseBankStatement with MT940', () => {
  it('reads the booked credits with the remittance text and payer of the German :86: field', () => {
    expect(parseBankStatement(MT940)).toEqual([
      {
        amountCents: 297_500,
        bookedOn: '2026-11-18',
        payer: 'Brauerei Müller GmbH',
        text: 'Rechnung RE 2026-0007 Sponsoring Sommerfest',
      },
      { amountCents: 50_000, bookedOn: '2026-11-19', payer: 'Autohaus Kern', text: 're20260008 Anzahlung' },
      { amountCents: 10_050, bookedOn: '2026-11-20', payer: null, text: 'Mitgliedsbeitrag 2026 Erika Mustermann' },
      { amountCents: 4_000, bookedOn: '2025-12-31', payer: null, text: 'Spende' },
    ]);
  });

  it('reads a file in Windows-1252, as many banks write MT940, with its umlauts', () => {
    const latin = Uint8Array.from(MT940, (c) => c.charCodeAt(0));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(latin)).toThrow();
    expect(parseBankStatement(decodeStatement(latin.buffer))[0]!.payer).toBe('Brauerei Müller GmbH');
    expect(decodeStatement(new TextEncoder().encode('Müller').buffer)).toBe('Müller');
  });

  it('matches the MT940 credits to the open invoices by number', () => {
    const { matches } = matchPayments(parseBankStatement(MT940), [
      invoice('RE-2026-0007', 297_500),
      invoice('RE-2026-0008', 100_000),
    ]);
    expect(matches.map((m) => [m.invoice.number, m.amountCents, m.fit])).toEqual([
      ['RE-2026-0007', 297_500, 'exact'],
      ['RE-2026-0008', 50_000, 'partial'],
    ]);
  });
});
