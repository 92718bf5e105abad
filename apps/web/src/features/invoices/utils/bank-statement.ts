// Reading a bank statement in the browser (decision 041): the ISO 20022 account statements German
// banks export for accounting software, camt.053 (statement), camt.052 (intraday report) and
// camt.054 (notification), any version, and the older MT940 (mt940.ts). Only incoming payments are
// read: each booked credit, or each transaction of a batch booking, with its amount, booking day,
// payer and remittance text. The file never leaves the browser; only the payments the organiser
// confirms are sent.
import { isMt940, parseMt940 } from './mt940';

/** One incoming payment of the statement. */
export type StatementCredit = {
  amountCents: number;
  /** YYYY-MM-DD: the booking day (else the value day). */
  bookedOn: string;
  payer: string | null;
  /** The remittance information (unstructured lines and structured references), joined by spaces. */
  text: string;
};

export class BankStatementError extends Error {
  /** not-statement: neither XML nor MT940; not-camt: XML, but no camt statement. */
  constructor(readonly reason: 'not-statement' | 'not-camt') {
    super(reason);
  }
}

/**
 * The file's text: UTF-8, else Windows-1252, in which many German banks still write MT940 (and
 * some their camt files, declared ISO-8859-1), so "Müller" is not read as "M�ller".
 */
export function decodeStatement(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The incoming payments of a camt or MT940 statement. */
export function parseBankStatement(text: string): StatementCredit[] {
  if (isMt940(text)) return parseMt940(text);
  return parseCamt(text);
}

/** Children (any namespace) named `name` along `path` below `from`. */
function all(from: Element, ...path: string[]): Element[] {
  let level = [from];
  for (const name of path) {
    level = level.flatMap((element) => [...element.children].filter((child) => child.localName === name));
  }
  return level;
}
const first = (from: Element, ...path: string[]) => all(from, ...path)[0];
const textOf = (from: Element | undefined, ...path: string[]) =>
  from ? (first(from, ...path)?.textContent?.trim() ?? null) : null;

/** "1190.5" in EUR → 119050; null for another currency or a malformed amount. */
function centsOf(amount: Element | undefined): number | null {
  if (!amount || (amount.getAttribute('Ccy') ?? 'EUR') !== 'EUR') return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.textContent?.trim() ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const dayOf = (date: Element | undefined) => {
  if (!date) return null;
  const value = textOf(date, 'Dt') ?? textOf(date, 'DtTm');
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
};

function remittanceOf(details: Element | undefined): string {
  if (!details) return '';
  const info = first(details, 'RmtInf');
  if (!info) return '';
  const lines = all(info, 'Ustrd').map((line) => line.textContent?.trim() ?? '');
  const references = all(info, 'Strd', 'CdtrRefInf', 'Ref').map((ref) => ref.textContent?.trim() ?? '');
  return [...lines, ...references].filter(Boolean).join(' ');
}

function payerOf(details: Element | undefined): string | null {
  if (!details) return null;
  // camt.053.001.02: RltdPties/Dbtr/Nm; from .001.08 on: RltdPties/Dbtr/Pty/Nm.
  return textOf(details, 'RltdPties', 'Dbtr', 'Nm') ?? textOf(details, 'RltdPties', 'Dbtr', 'Pty', 'Nm');
}

function parseCamt(xml: string): StatementCredit[] {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new BankStatementError('not-statement');
  const root = document.documentElement;
  const reports = [
    ...all(root, 'BkToCstmrStmt', 'Stmt'),
    ...all(root, 'BkToCstmrAcctRpt', 'Rpt'),
    ...all(root, 'BkToCstmrDbtCdtNtfctn', 'Ntfctn'),
  ];
  if (reports.length === 0) throw new BankStatementError('not-camt');
  const credits: StatementCredit[] = [];
  for (const entry of reports.flatMap((report) => all(report, 'Ntry'))) {
    if (textOf(entry, 'CdtDbtInd') !== 'CRDT' || textOf(entry, 'RvslInd') === 'true') continue;
    // A booking still pending is not money received yet.
    const status = textOf(entry, 'Sts') ?? textOf(entry, 'Sts', 'Cd');
    if (status !== null && status !== 'BOOK') continue;
    const bookedOn = dayOf(first(entry, 'BookgDt')) ?? dayOf(first(entry, 'ValDt'));
    if (!bookedOn) continue;
    const transactions = all(entry, 'NtryDtls', 'TxDtls');
    if (transactions.length > 1) {
      // A batch booking: each transaction with its own amount and text.
      for (const transaction of transactions) {
        const cents = centsOf(first(transaction, 'AmtDtls', 'TxAmt', 'Amt')) ?? centsOf(first(transaction, 'Amt'));
        if (cents !== null && cents > 0)
          credits.push({ amountCents: cents, bookedOn, payer: payerOf(transaction), text: remittanceOf(transaction) });
      }
      continue;
    }
    const cents = centsOf(first(entry, 'Amt'));
    if (cents === null || cents <= 0) continue;
    const text = [remittanceOf(transactions[0]), textOf(entry, 'AddtlNtryInf') ?? ''].filter(Boolean).join(' ');
    credits.push({ amountCents: cents, bookedOn, payer: payerOf(transactions[0]), text });
  }
  return credits;
}
