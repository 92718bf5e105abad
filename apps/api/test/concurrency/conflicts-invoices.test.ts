// The concurrency harness, part 3 (issue 55): conflicting requests on invoices fired at once, on both
// engines: payments against a cancellation, two payments, an issue against an edit, issues of two
// drafts, a draft issued and cancelled five times over. After each: no 5xx, every business invariant
// holds; an edit racing the issue is either refused or in the issued invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { ENGINES } from '../helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../src/identity/test-support.ts';
import type { TestUser } from '../../src/modules/events/test-support.ts';
import {
  billingOrganiser,
  confirmedSponsorship,
  eventWithPackage,
  issuedInvoice,
} from '../../src/modules/invoices/test-support.ts';
import { atOnce, checks, expectInvariants, violationsNow } from './journal.ts';
import { must, noServerErrors, requestAs, type Scenario } from './parties.ts';

/** Scenarios written but not run yet, with the fix they wait for (enabled as each fix lands in main). */
export const NOT_YET_ENABLED: Record<string, string> = {};

describe.each(ENGINES)('%s: conflicting requests on invoices at once', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let event: { eventId: number; packageId: number };
  const as = requestAs(() => t);
  let fired = 0;

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await billingOrganiser(t);
    event = await eventWithPackage(t, organiser);
  }, 60_000);
  afterAll(async () => {
    process.stdout.write(
      `[concurrency ${engine}] invoice conflicts: ${fired} requests, ${checks.invariantRuns} invariant checks so far\n`,
    );
    await t?.close();
  });

  const fire = async (requests: Array<() => ReturnType<typeof as>>) => {
    fired += requests.length;
    const answers = await atOnce(requests);
    const crashed = noServerErrors(answers);
    expect(crashed, `server errors:\n${crashed.join('\n')}`).toEqual([]);
    return answers;
  };

  const sponsorship = () => confirmedSponsorship(t, organiser, event);
  const draftOf = async (sponsorshipId: number) =>
    (await must(as(organiser, 'POST', `/api/sponsorships/${sponsorshipId}/invoices`), 201, 'draft')).json<{
      invoice: InvoiceWire;
    }>().invoice;
  const today = () => t.clock().toISOString().slice(0, 10);

  const scenarios: Scenario[] = [
    {
      name: 'the whole amount paid while the invoice is cancelled',
      owner: 'invoices',
      run: async () => {
        const invoice = await issuedInvoice(t, organiser, await sponsorship());
        await fire([
          () =>
            as(organiser, 'POST', `/api/invoices/${invoice.id}/payments`, {
              paid_on: today(),
              amount_cents: invoice.gross_cents,
            }),
          () => as(organiser, 'POST', `/api/invoices/${invoice.id}/cancel`),
        ]);
      },
    },
    {
      name: 'two payments of the whole amount at once',
      owner: 'invoices',
      run: async () => {
        const invoice = await issuedInvoice(t, organiser, await sponsorship());
        const pay = () =>
          as(organiser, 'POST', `/api/invoices/${invoice.id}/payments`, {
            paid_on: today(),
            amount_cents: invoice.gross_cents,
          });
        const answers = await fire([pay, pay]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      },
    },
    {
      name: 'a draft issued while it is edited',
      owner: 'invoices',
      run: async () => {
        const draft = await draftOf((await sponsorship()).sponsorshipId);
        const edited = [{ description: 'Geändert', quantity: 2, unit_price_cents: 70_000 }];
        const [issue, edit] = await fire([
          () => as(organiser, 'POST', `/api/invoices/${draft.id}/issue`),
          () => as(organiser, 'PATCH', `/api/invoices/${draft.id}`, { lines: edited }),
        ]);
        if (issue!.statusCode === 200 && edit!.statusCode === 200) {
          const issued = (await must(as(organiser, 'GET', `/api/invoices/${draft.id}`), 200, 'read')).json<{
            invoice: InvoiceWire;
          }>().invoice;
          // Both succeeded, so the edit came first: the issued invoice must be the edited one.
          expect(issued.net_cents, 'the edit was lost under the issue').toBe(140_000);
        }
      },
    },
    {
      name: 'two drafts issued at once',
      owner: 'invoices',
      run: async () => {
        const drafts = [
          await draftOf((await sponsorship()).sponsorshipId),
          await draftOf((await sponsorship()).sponsorshipId),
        ];
        await fire(drafts.map((d) => () => as(organiser, 'POST', `/api/invoices/${d.id}/issue`)));
      },
    },
    {
      name: 'one draft issued five times at once',
      owner: 'invoices',
      run: async () => {
        const draft = await draftOf((await sponsorship()).sponsorshipId);
        const answers = await fire(
          Array.from({ length: 5 }, () => () => as(organiser, 'POST', `/api/invoices/${draft.id}/issue`)),
        );
        expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      },
    },
    {
      name: 'one invoice cancelled five times at once, then five new drafts at once',
      owner: 'invoices',
      run: async () => {
        const guest = await sponsorship();
        const invoice = await issuedInvoice(t, organiser, guest);
        const cancels = await fire(
          Array.from({ length: 5 }, () => () => as(organiser, 'POST', `/api/invoices/${invoice.id}/cancel`)),
        );
        expect(cancels.filter((a) => a.statusCode === 201)).toHaveLength(1);
        const drafts = await fire(
          Array.from(
            { length: 5 },
            () => () => as(organiser, 'POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`),
          ),
        );
        expect(drafts.filter((a) => a.statusCode === 201)).toHaveLength(1);
      },
    },
  ];

  it('lists no scenario as waiting that does not exist', () => {
    expect(Object.keys(NOT_YET_ENABLED).filter((n) => !scenarios.some((s) => s.name === n))).toEqual([]);
  });

  it.each(scenarios.filter((s) => !(s.name in NOT_YET_ENABLED)).map((s) => [s.name, s] as const))(
    '%s',
    async (_name, scenario) => {
      const before = await violationsNow(t.database.db, t.clock());
      await scenario.run();
      await expectInvariants(t.database.db, scenario.name, t.clock(), before);
    },
    60_000,
  );
});
