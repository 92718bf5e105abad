import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { camtStatement } from '../testing/camt';
import { DRAFT } from '../testing/draft-invoice';
import { BankStatementImport } from './bank-statement-import';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const open = (id: number, number: string, outstanding: number): InvoiceWire => ({
  ...DRAFT,
  id,
  number,
  status: 'issued',
  outstanding_cents: outstanding,
});
const INVOICES = [open(1, 'RE-2026-0001', 297_500), open(2, 'RE-2026-0002', 100_000), open(3, 'RE-2026-0003', 5_000)];

let posts: Array<{ url: string; body: unknown }>;

beforeEach(() => {
  vi.clearAllMocks();
  posts = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'GET') {
        expect(url).toBe('/api/organisation/4/invoices');
        return Promise.resolve(new Response(JSON.stringify({ invoices: INVOICES }), { status: 200 }));
      }
      posts.push({ url, body: JSON.parse(String(init?.body)) });
      if (url === '/api/invoices/3/payments') {
        return Promise.resolve(
          new Response(
            JSON.stringify({
              status: 409,
              title: 'Conflict',
              code: 'invoice.payment-exceeds-outstanding',
              detail: 'x',
            }),
            { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
          ),
        );
      }
      return Promise.resolve(new Response(JSON.stringify({ invoice: INVOICES[0] }), { status: 200 }));
    },
  });
});

async function openDialog() {
  const user = userEvent.setup();
  const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
  await renderWithApp(<BankStatementImport organisationId={4} />, { auth });
  return user;
}

const statement = (name: string, xml: string) => new File([xml], name, { type: 'application/xml' });

describe('BankStatementImport', () => {
  it('matches the credits to open invoices and records the chosen ones, each by its number', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Kontoauszug abgleichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zahlungen aus dem Kontoauszug erfassen' });
    await user.upload(
      within(dialog).getByLabelText('Kontoauszug (camt.053 oder MT940)'),
      statement(
        'auszug.xml',
        camtStatement([
          { amount: '2975.00', day: '2026-11-18', text: 'RE-2026-0001', payer: 'Brauerei Müller GmbH' },
          { amount: '400.00', day: '2026-11-19', text: 'Rechnung RE 2026 0002' },
          { amount: '50.00', day: '2026-11-19', text: 'RE20260003' },
          { amount: '25.00', day: '2026-11-20', text: 'Spende' },
        ]),
      ),
    );
    const matches = await within(dialog).findAllByTestId('statement-match');
    expect(matches.map((m) => m.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'RE-2026-0001 · Brauerei Müller GmbH2.975,00 €18.11.2026 · Brauerei Müller GmbHBegleicht den offenen Betrag.',
      'RE-2026-0002 · Brauerei Müller GmbH400,00 €19.11.2026Teilzahlung – offen bleiben 600,00 €.',
      'RE-2026-0003 · Brauerei Müller GmbH50,00 €19.11.2026Begleicht den offenen Betrag.',
    ]);
    expect(within(dialog).getByText('1 Zahlungseingang ohne offene Rechnung')).toBeVisible();

    // The part payment is left for later; the other two are recorded, one refused by the server.
    await user.click(within(matches[1]!).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '2 Zahlungen erfassen' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(posts).toEqual([
      { url: '/api/invoices/1/payments', body: { paid_on: '2026-11-18', amount_cents: 297_500 } },
      { url: '/api/invoices/3/payments', body: { paid_on: '2026-11-19', amount_cents: 5_000 } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('1 Zahlung erfasst.');
    expect(toast.error.mock.calls[0]![0]).toBe('1 Zahlung wurde nicht erfasst:');
    expect(String(toast.error.mock.calls[0]![1]?.description)).toMatch(/^RE-2026-0003: /);
    // With a failure the dialog stays open to look at it.
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('proposes a credit without a number by amount and payer, recorded only once ticked', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Kontoauszug abgleichen' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      within(dialog).getByLabelText('Kontoauszug (camt.053 oder MT940)'),
      statement(
        'auszug.xml',
        camtStatement([
          { amount: '1000.00', day: '2026-11-21', text: 'Sponsoring Sommerfest', payer: 'BRAUEREI MUELLER GMBH' },
        ]),
      ),
    );
    const [match] = await within(dialog).findAllByTestId('statement-match');
    expect(match!.textContent?.replace(/\u00a0/g, ' ')).toBe(
      'RE-2026-0002 · Brauerei Müller GmbH1.000,00 €21.11.2026 · BRAUEREI MUELLER GMBH · Sponsoring Sommerfest' +
        'Begleicht den offenen Betrag.Ohne Rechnungsnummer – zugeordnet über Betrag und Zahler. Bitte prüfen und ankreuzen.',
    );
    const box = within(match!).getByRole('checkbox');
    expect(box).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: '0 Zahlungen erfassen' })).toBeDisabled();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: '1 Zahlung erfassen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('1 Zahlung erfasst.'));
    expect(posts).toEqual([
      { url: '/api/invoices/2/payments', body: { paid_on: '2026-11-21', amount_cents: 100_000 } },
    ]);
  });

  it('reads an MT940 statement written in Windows-1252, umlauts and all', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Kontoauszug abgleichen' }));
    const dialog = await screen.findByRole('dialog');
    const mt940 = [
      ':20:STARTUMSE',
      ':25:30050110/1234567890',
      ':60F:C261117EUR0,00',
      ':61:2611181118CR2975,00N166NONREF',
      ':86:166?00SEPA-GUTSCHRIFT?20SVWZ+RE-2026-0001 Sommerfest?32Brauerei Müller GmbH',
      ':62F:C261118EUR2975,00',
      '-',
    ].join('\r\n');
    const windows1252 = Uint8Array.from(mt940, (c) => c.charCodeAt(0));
    await user.upload(
      within(dialog).getByLabelText('Kontoauszug (camt.053 oder MT940)'),
      new File([windows1252], 'umsaetze.sta', { type: 'text/plain' }),
    );
    const [match] = await within(dialog).findAllByTestId('statement-match');
    expect(match!.textContent?.replace(/\u00a0/g, ' ')).toBe(
      'RE-2026-0001 · Brauerei Müller GmbH2.975,00 €18.11.2026 · Brauerei Müller GmbHBegleicht den offenen Betrag.',
    );
    expect(within(dialog).getByRole('button', { name: '1 Zahlung erfassen' })).toBeEnabled();
  });

  it('says when a file is no statement or XML without one, in English too', async () => {
    await changeLanguage('en');
    try {
      const user = await openDialog();
      await user.click(screen.getByRole('button', { name: 'Match bank statement' }));
      const input = await screen.findByLabelText('Bank statement (camt.053 or MT940)');
      await user.upload(input, statement('umsaetze.csv', 'Buchungstag;Betrag\n'));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        '“umsaetze.csv” is neither a camt statement (XML) nor an MT940 statement. Please export the statement in camt.053 or MT940 format.',
      );
      await user.upload(input, statement('rechnung.xml', '<Invoice xmlns="urn:x"/>'));
      expect(await screen.findByRole('alert')).toHaveTextContent('“rechnung.xml” is not a camt bank statement');
      expect(screen.getByRole('button', { name: 'Record 0 payments' })).toBeDisabled();
    } finally {
      await changeLanguage('de');
    }
  });
});
