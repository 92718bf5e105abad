import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { DRAFT } from '../testing/draft-invoice';
import { SponsorInvoices } from './sponsor-invoices';

// An issued invoice, 1,000 € of 2,975 € paid, to a buyer without VAT id.
const invoice = (overrides: Partial<InvoiceWire>): InvoiceWire => ({
  ...DRAFT,
  id: 1,
  number: 'RE-2026-0001',
  status: 'issued',
  invoice_date: '2026-03-05',
  due_date: '2026-03-19',
  seller: { ...DRAFT.seller, vat_id: null, email: null },
  buyer: { ...DRAFT.buyer, vat_id: null, email: null },
  lines: [],
  paid_cents: 100_000,
  outstanding_cents: 197_500,
  issued_at: '2026-03-05T10:00:00Z',
  ...overrides,
});

async function renderList(invoices: InvoiceWire[] | null) {
  const seen: Array<string | null> = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(null),
    fetch: (input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return Promise.resolve(
        String(input) === '/api/sponsorships/9/invoices' && invoices
          ? new Response(JSON.stringify({ invoices }), { status: 200 })
          : new Response(JSON.stringify({ message: 'kaputt' }), { status: 500 }),
      );
    },
  });
  const result = await renderWithApp(
    <SponsorInvoices sponsorshipId={9} viewer={{ kind: 'guest', token: 'tok', email: 'anna@brauerei.example' }} />,
  );
  return { ...result, seen };
}

describe('SponsorInvoices', () => {
  it('lists number, German date and money, status and the three files, read with the link', async () => {
    const { seen } = await renderList([
      invoice({}),
      invoice({ id: 2, number: 'RE-2026-0002', status: 'paid', paid_cents: 297_500, outstanding_cents: 0 }),
    ]);
    const rows = await screen.findAllByTestId('sponsor-invoice');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('RE-2026-0001');
    expect(rows[0]).toHaveTextContent('05.03.2026');
    expect(rows[0]!.textContent?.replace(/\u00a0/g, ' ')).toContain('2.975,00 €');
    expect(within(rows[0]!).getByTestId('invoice-status')).toHaveTextContent('Teilweise bezahlt');
    expect(within(rows[1]!).getByTestId('invoice-status')).toHaveTextContent('Bezahlt');
    for (const name of ['PDF', 'ZUGFeRD', 'XRechnung (XML)']) {
      expect(
        within(rows[0]!).getByRole('button', { name: `${name} von Rechnung RE-2026-0001 herunterladen` }),
      ).toBeInTheDocument();
    }
    expect(seen[0]).toBe('tok:anna@brauerei.example');
  });

  it('shows nothing before the first invoice, and says so when the list fails', async () => {
    const empty = await renderList([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('sponsor-invoices')).not.toBeInTheDocument();
    empty.unmount();
    await renderList(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Rechnungen konnten nicht geladen werden');
  });
});
