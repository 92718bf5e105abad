import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { DRAFT as draft } from '../testing/draft-invoice';
import { DraftEditor } from './draft-editor';

async function renderEditor(invoice: InvoiceWire = draft) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const issued = String(input).endsWith('/issue');
      const answer = issued ? { ...invoice, status: 'issued', number: 'RE-2026-0007' } : invoice;
      return Promise.resolve(new Response(JSON.stringify({ invoice: answer }), { status: 200 }));
    },
  });
  const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
  await renderWithApp(<DraftEditor invoice={invoice} />, { auth });
  return calls;
}

describe('DraftEditor', () => {
  it('shows the buyer and the totals, and saves the lines with German amounts as cents', async () => {
    const calls = await renderEditor();
    expect(
      await screen.findByText(/Brauerei Müller GmbH, Große Straße 12a, 80331 München, Deutschland, DE123456789/),
    ).toBeVisible();
    const totals = screen.getByTestId('draft-totals');
    expect(totals.textContent?.replace(/\u00a0/g, ' ')).toContain('Umsatzsteuer 19 %475,00 €');
    expect(totals.textContent?.replace(/\u00a0/g, ' ')).toContain('Gesamt2.975,00 €');
    expect(screen.getByLabelText('Steuersatz')).toHaveValue('19');
    const price = screen.getByLabelText('Einzelpreis netto');
    expect(price).toHaveValue('2500,00');
    await userEvent.clear(price);
    await userEvent.type(price, '1.234,56');
    await userEvent.click(screen.getByRole('button', { name: 'Position hinzufügen' }));
    const descriptions = screen.getAllByLabelText('Beschreibung');
    await userEvent.type(descriptions[1]!, 'Standfläche');
    await userEvent.type(screen.getAllByLabelText('Einzelpreis netto')[1]!, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/invoices/5',
      body: {
        lines: [
          { description: 'Gold', quantity: 1, unit_price_cents: 123_456 },
          { description: 'Standfläche', quantity: 1, unit_price_cents: 30_000 },
        ],
        invoice_date: null,
        note: null,
        language: 'de',
        vat_rate: 19,
        zero_rate_reason: null,
      },
    });
  });

  it('refuses a line without a valid amount before sending', async () => {
    const calls = await renderEditor();
    const price = await screen.findByLabelText('Einzelpreis netto');
    await userEvent.clear(price);
    await userEvent.type(price, '12,3456');
    await userEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(await screen.findByText('Bitte einen Betrag wie 1.234,56 eingeben.')).toBeVisible();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('asks once more before issuing: an issued invoice cannot be changed', async () => {
    const calls = await renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Rechnung stellen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Eine gestellte Rechnung kann nicht mehr geändert werden');
    expect(dialog).toHaveTextContent('rechnung@brauerei.example');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verbindlich stellen' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/invoices/5/issue'));
    const order = calls.map((c) => `${c.method} ${c.url}`).filter((c) => !c.startsWith('GET'));
    expect(order).toEqual(['PATCH /api/invoices/5', 'POST /api/invoices/5/issue']);
  });

  it('shows a buyer outside the EU the note why there is no German VAT, with no rate to choose', async () => {
    const note =
      'Nicht im Inland steuerbare Leistung: Der Ort der Leistung liegt am Sitz oder Wohnsitz des Leistungsempfängers außerhalb der EU (§ 3a Abs. 2 bzw. Abs. 4 Satz 2 Nr. 2 UStG).';
    const swiss: InvoiceWire = {
      ...draft,
      buyer: { ...draft.buyer, city: 'Zürich', postal_code: '8001', country: 'CH', vat_id: null },
      lines: [{ ...draft.lines[0]!, vat_rate: 0, vat_cents: 0 }],
      vat_treatment: 'not_taxable',
      vat_note: note,
      vat_cents: 0,
      gross_cents: 250_000,
      outstanding_cents: 250_000,
    };
    const calls = await renderEditor(swiss);
    expect(await screen.findByText(note)).toBeVisible();
    // The country the treatment follows from is named on the bill-to line.
    expect(screen.getByText(/8001 Zürich, Schweiz$/)).toBeVisible();
    expect(screen.queryByLabelText('Steuersatz')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    // The treatment is the server's to decide: no rate is sent.
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      lines: [{ description: 'Gold', quantity: 1, unit_price_cents: 250_000 }],
      invoice_date: null,
      note: null,
      language: 'de',
    });
  });
});
