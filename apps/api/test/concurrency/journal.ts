// What the concurrency harness (issue 55) checks after each scenario: every business invariant holds
// (src/invariants), and, for N identical requests fired at once, that at most one of them changed the
// state: each journal table (activity logs, audit trail, signatures, notices, mails, invoices) gained
// at most one row per aggregate and kind. `mark` notes the newest row of each journal before the
// requests; `repeatedEntries` lists the groups that gained more than one row since.
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { checkInvariants, describeViolations } from '../../src/invariants/index.ts';

type Journal = { table: string; key: string[]; where?: string };

/**
 * The tables a state change leaves a row in, and what makes two rows the same change. Agreement views
 * are kept per read (a GET), text messages per message sent; neither is a state change repeated.
 */
export const JOURNALS: readonly Journal[] = [
  { table: 'sponsorship_activity', key: ['sponsorship_id', 'kind', 'to_status'] },
  { table: 'deliverable_activity', key: ['sponsorship_id', 'deliverable_id', 'kind', 'detail'] },
  { table: 'agreement_audit', key: ['sponsorship_id', 'kind', 'side'], where: "kind <> 'viewed'" },
  { table: 'agreement_signatures', key: ['sponsorship_id', 'side'] },
  { table: 'deliverables', key: ['sponsorship_id', 'source_key'] },
  { table: 'invoices', key: ['sponsorship_id', 'kind'] },
  { table: 'invoice_payments', key: ['invoice_id', 'kind', 'paid_on', 'amount_cents'] },
  { table: 'messages', key: ['conversation_id', 'body'], where: "type = 'notification'" },
  { table: 'notifications', key: ['recipient_id', 'kind', 'link'], where: 'conversation_id is null' },
  { table: 'outbox', key: ['recipient', 'subject'] },
];

export type Mark = Map<string, number>;

export const checks = { invariantRuns: 0, requests: 0 };

export async function mark(db: Db): Promise<Mark> {
  const marks: Mark = new Map();
  for (const j of JOURNALS) {
    const row = await sql<{ top: number | string | null }>`select max(id) as top from ${sql.table(j.table)}`.execute(
      db,
    );
    marks.set(j.table, Number(row.rows[0]?.top ?? 0));
  }
  return marks;
}

/** The journal groups that gained more than one row since `since`, as readable lines. */
export async function repeatedEntries(db: Db, since: Mark, tables?: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const j of JOURNALS) {
    if (tables && !tables.includes(j.table)) continue;
    const key = sql.join(j.key.map((k) => sql.ref(k)));
    const extra = j.where ? sql` and ${sql.raw(j.where)}` : sql``;
    const rows = await sql<Record<string, unknown> & { n: number | string }>`
      select ${key}, count(*) as n from ${sql.table(j.table)}
      where id > ${since.get(j.table) ?? 0}${extra}
      group by ${key} having count(*) > 1`.execute(db);
    for (const row of rows.rows) {
      const { n, ...group } = row;
      lines.push(`${j.table} gained ${Number(n)} rows for ${JSON.stringify(group)}`);
    }
  }
  return lines;
}

/** The violations there are now, as lines (to tell a scenario's own from those it found). */
export async function violationsNow(db: Db, now?: Date): Promise<string[]> {
  return describeViolations(await checkInvariants(db, now ? { now } : {}));
}

/**
 * No invariant is violated that was not violated before the scenario (`before`, default none): each
 * violation is told once, by the scenario that made it. Counts the run for the harness's report.
 */
export async function expectInvariants(db: Db, scenario: string, now?: Date, before: string[] = []): Promise<void> {
  checks.invariantRuns += 1;
  const lines = (await violationsNow(db, now)).filter((line) => !before.includes(line));
  // The lines in the message itself, so every report (JSON ones too) names the violations.
  expect(lines, `invariants after ${scenario}:\n${lines.join('\n')}`).toEqual([]);
}

/** Fires the requests at once (one event-loop turn), counting them for the report. */
export async function atOnce<T>(requests: Array<() => Promise<T>>): Promise<T[]> {
  checks.requests += requests.length;
  return Promise.all(requests.map((r) => r()));
}
