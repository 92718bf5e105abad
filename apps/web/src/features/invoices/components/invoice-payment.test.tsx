import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoicePaymentDetailsWire, InvoiceWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { DRAFT } from '../testing/draft-invoice';
import { InvoicePayment, isPayable } from './invoice-payment';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const issued: InvoiceWire = {
  ...DRAFT,
  number: 'RE-2026-0007',
  status: 'issued',
  invoice_date: '2026-03-05',
  due_date: '2026-03-19',
  paid_cents: 97_500,
  outstanding_cents: 200_000,
};

const DETAILS: InvoicePaymentDetailsWire = {
  account_holder: 'Sportverein Musterstadt e.V.',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bank_name: 'Commerzbank',
  reference: 'RE-2026-0007',
  amount_cents: 200_000,
  due_date: '2026-03-19',
  girocode: { size: 3, path: 'M0 0h2v1h-2zM1 2h1v1h-1z' },
};

const guest = { kind: 'guest', token: 'tok', email: 'anna@brauerei.example' } as const;
let asked: Array<{ url: string; authorization: string | null }>;

beforeEach(() => {
  vi.clearAllMocks();
  asked = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(null),
    fetch: (input, init) => {
      asked.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
      return Promise.resolve(new Response(JSON.stringify(DETAILS), { status: 200 }));
    },
  });
});

describe('InvoicePayment', () => {
  it('opens by itself when overdue: due since, the fields to copy and the GiroCode, read with the link', async () => {
    const user = userEvent.setup();
    await renderWithApp(<InvoicePayment invoice={{ ...issued, status: 'overdue' }} viewer={guest} />);
    expect(await screen.findByTestId('invoice-payment-due')).toHaveTextContent(
      'Fällig seit dem 19.03.2026 – bitte überweisen Sie den offenen Betrag.',
    );
    expect(asked).toEqual([{ url: '/api/invoices/5/payment-details', authorization: 'tok:anna@brauerei.example' }]);
    const panel = screen.getByTestId('invoice-payment');
    expect(within(panel).getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
    expect(within(panel).getByText('RE-2026-0007')).toBeVisible();
    expect(within(panel).getByText('Sportverein Musterstadt e.V.')).toBeVisible();
    expect(within(panel).getByText('Commerzbank')).toBeVisible();
    expect(within(panel).getByText('2.000,00 €', { normalizer: (s) => s.replace(/\u00a0/g, ' ') })).toBeVisible();
    const code = screen.getByRole('img', { name: /GiroCode für die Überweisung von 2\.000,00/ });
    expect(code.getAttribute('viewBox')).toBe('0 0 3 3');
    expect(code.querySelector('path')!.getAttribute('d')).toBe(DETAILS.girocode!.path);

    await user.click(screen.getByRole('button', { name: 'IBAN kopieren' }));
    expect(await navigator.clipboard.readText()).toBe('DE89370400440532013000');
    expect(toast.success).toHaveBeenCalledWith('IBAN kopiert.');
    await user.click(screen.getByRole('button', { name: 'Offener Betrag kopieren' }));
    expect(await navigator.clipboard.readText()).toBe('2000,00');
  });

  it('waits for a click when not yet due, and speaks English', async () => {
    await changeLanguage('en');
    try {
      const user = userEvent.setup();
      await renderWithApp(<InvoicePayment invoice={issued} viewer={guest} />);
      const toggle = screen.getByRole('button', { name: 'How to pay' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(asked).toEqual([]);
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(await screen.findByTestId('invoice-payment-due')).toHaveTextContent('Please transfer by 19/03/2026.');
      await user.click(screen.getByRole('button', { name: 'Copy Payment reference' }));
      expect(await navigator.clipboard.readText()).toBe('RE-2026-0007');
    } finally {
      await changeLanguage('de');
    }
  });

  it('is offered only while something is open on an issued invoice', () => {
    expect(isPayable(issued)).toBe(true);
    expect(isPayable({ ...issued, status: 'overdue' })).toBe(true);
    expect(isPayable({ ...issued, status: 'paid', outstanding_cents: 0 })).toBe(false);
    expect(isPayable({ ...issued, status: 'cancelled' })).toBe(false);
    expect(isPayable({ ...issued, kind: 'cancellation', outstanding_cents: -297_500 })).toBe(false);
    expect(isPayable(DRAFT)).toBe(false);
  });
});
