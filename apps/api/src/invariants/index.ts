// The business invariants, stated once (issue 55): each is a named, read-only check that answers the
// rows violating it as human-readable lines. `checkInvariants` runs them all; the operator runs it as
// `npm run admin -- check-invariants`, the tests after every test database (test/helpers.ts) and
// after every concurrency scenario (test/concurrency). A check reads tables of several modules, but
// only reads: each table keeps its one writer (test/architecture/table-owners.test.ts).
import type { Db } from '../db/index.ts';
import { AGREEMENT_INVARIANTS } from './agreements.ts';
import { CHAT_INVARIANTS } from './chat.ts';
import { INVOICE_INVARIANTS } from './invoices.ts';
import { SPONSORSHIP_INVARIANTS } from './sponsorships.ts';
import type { Invariant, InvariantContext } from './types.ts';

export type { Invariant } from './types.ts';

export const INVARIANTS: readonly Invariant[] = [
  ...SPONSORSHIP_INVARIANTS,
  ...AGREEMENT_INVARIANTS,
  ...INVOICE_INVARIANTS,
  ...CHAT_INVARIANTS,
];

export type Violation = { invariant: string; line: string };

/**
 * Runs every invariant (or those named in `only`) and answers the violations, in the order of
 * INVARIANTS. `now` is the moment "the future" is measured from (the tests' clock).
 */
export async function checkInvariants(
  db: Db,
  options: { now?: Date; only?: readonly string[] } = {},
): Promise<Violation[]> {
  const context: InvariantContext = { now: options.now ?? new Date() };
  const chosen = options.only ? INVARIANTS.filter((i) => options.only!.includes(i.name)) : INVARIANTS;
  const violations: Violation[] = [];
  for (const invariant of chosen) {
    for (const line of await invariant.check(db, context)) violations.push({ invariant: invariant.name, line });
  }
  return violations;
}

/** The violations as the admin command and the tests print them: one line each. */
export const describeViolations = (violations: readonly Violation[]): string[] =>
  violations.map((v) => `${v.invariant}: ${v.line}`);
