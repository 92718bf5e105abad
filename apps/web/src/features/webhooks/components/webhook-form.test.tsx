import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { WebhookForm } from './webhook-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let sent: unknown[];
beforeEach(() => {
  sent = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (_input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      const refused = {
        type: 'urn:sp:problem:webhook.address-refused',
        title: 'Unprocessable',
        status: 422,
        detail: 'private',
        code: 'webhook.address-refused',
      };
      return Promise.resolve(
        new Response(JSON.stringify(refused), { status: 422, headers: { 'Content-Type': 'application/problem+json' } }),
      );
    },
  });
});

describe('WebhookForm', () => {
  it('asks for an address and an event before sending, and shows a refused address at the field', async () => {
    const user = userEvent.setup();
    const created = vi.fn();
    await renderWithApp(<WebhookForm onCreated={created} />);
    await user.type(screen.getByLabelText('Adresse des Empfängers'), 'kein-link');
    await user.click(screen.getByRole('button', { name: 'Webhook hinzufügen' }));
    expect(await screen.findByText('Geben Sie eine http- oder https-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Wählen Sie mindestens ein Ereignis.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Adresse des Empfängers'));
    await user.type(screen.getByLabelText('Adresse des Empfängers'), 'https://10.0.0.7/hooks');
    await user.click(screen.getByRole('checkbox', { name: /Rechnung bezahlt/ }));
    await user.click(screen.getByRole('button', { name: 'Webhook hinzufügen' }));
    expect(
      await screen.findByText(
        'Diese Adresse zeigt in ein privates Netz (Loopback, lokal oder link-lokal) und wird abgelehnt.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ url: 'https://10.0.0.7/hooks', description: '', event_types: ['invoice.paid'] }]);
    // What was typed stays for the correction.
    expect(screen.getByLabelText('Adresse des Empfängers')).toHaveValue('https://10.0.0.7/hooks');
    expect(created).not.toHaveBeenCalled();
  });
});
