import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { DRAFT } from '../testing/draft-invoice';
import { SponsorshipInvoices } from './sponsorship-invoices';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// The server's invoices of sponsorship 9: a colleague's draft appears between the list and the click.
let stored: InvoiceWire[];
let calls: string[];

beforeEach(() => {
  vi.clearAllMocks();
  stored = [];
  calls = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${String(input)}`);
      const json = (body: unknown, status: number, type = 'application/json') =>
        Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } }));
      if (method === 'GET') return json({ invoices: stored }, 200);
      return json(
        { status: 409, title: 'Conflict', code: 'invoice.draft-exists', detail: 'The sponsorship has a draft already' },
        409,
        'application/problem+json',
      );
    },
  });
});

async function renderInvoices() {
  const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
  await renderWithApp(<SponsorshipInvoices sponsorshipId={9} confirmed />, { auth });
}

describe('SponsorshipInvoices', () => {
  it("says a colleague's draft exists instead of making a second, and shows that draft", async () => {
    await renderInvoices();
    const create = await screen.findByRole('button', { name: 'Rechnung erstellen' });
    stored = [DRAFT];
    await userEvent.click(create);
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(String(toast.error.mock.calls[0]![0])).toContain(
      'Für dieses Sponsoring gibt es schon einen Rechnungsentwurf, vielleicht gerade von jemandem aus Ihrem Team angelegt.',
    );
    // The list is asked again: the colleague's draft is shown to review, and no second one is offered.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rechnung erstellen' })).toBeNull());
    expect(screen.getByTestId('draft-totals')).toBeVisible();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/sponsorships/9/invoices']);
  });

  it('says it in English too', async () => {
    await changeLanguage('en');
    try {
      await renderInvoices();
      await userEvent.click(await screen.findByRole('button', { name: 'Create invoice' }));
      await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
      expect(String(toast.error.mock.calls[0]![0])).toContain('This sponsorship already has an invoice draft');
    } finally {
      await changeLanguage('de');
    }
  });
});
