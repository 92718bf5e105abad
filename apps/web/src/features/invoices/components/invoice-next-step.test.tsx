import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { DRAFT } from '../testing/draft-invoice';
import { InvoiceNextStep } from './invoice-next-step';

const issued = (overrides: Partial<InvoiceWire>): InvoiceWire => ({
  ...DRAFT,
  number: 'RE-2026-0007',
  status: 'issued',
  due_date: '2026-12-11',
  outstanding_cents: 297_500,
  ...overrides,
});

let asked = 0;

async function renderStep(invoices: InvoiceWire[]) {
  asked = 0;
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: () => {
      asked++;
      return Promise.resolve(new Response(JSON.stringify({ invoices }), { status: 200 }));
    },
  });
  await renderWithApp(
    <p data-testid="step">
      <InvoiceNextStep sponsorshipId={9} viewer={{ kind: 'user' }} fallback="Nichts zu tun" />
    </p>,
  );
}

describe('InvoiceNextStep', () => {
  it('asks to pay the open invoice, saying since when it is overdue', async () => {
    await renderStep([issued({ status: 'overdue', due_date: '2026-11-01', outstanding_cents: 100_000 })]);
    expect(await screen.findByText(/^Rechnung RE-2026-0007/)).toHaveTextContent(
      /^Rechnung RE-2026-0007 über 1\.000,00\s€ bezahlen – fällig seit dem 01\.11\.2026$/,
    );
  });

  it('counts several open invoices by the first due, in English', async () => {
    await changeLanguage('en');
    try {
      await renderStep([
        issued({ id: 1, due_date: '2026-12-20' }),
        issued({ id: 2, number: 'RE-2026-0008', due_date: '2026-12-11' }),
        issued({ id: 3, status: 'paid', outstanding_cents: 0 }),
      ]);
      expect(await screen.findByText('Pay 2 open invoices, the first by 11/12/2026')).toBeVisible();
    } finally {
      await changeLanguage('de');
    }
  });

  it('leaves the step to the fallback when nothing is open', async () => {
    await renderStep([issued({ status: 'paid', outstanding_cents: 0 })]);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('step')).toHaveTextContent(/^Nichts zu tun$/);
  });
});
