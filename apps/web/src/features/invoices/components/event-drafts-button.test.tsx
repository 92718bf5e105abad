import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDraftsResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { EventDraftsButton } from './event-drafts-button';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

let answer: EventDraftsResponse;
let status: number;
let posted: string[];

beforeEach(() => {
  vi.clearAllMocks();
  posted = [];
  status = 201;
  answer = {
    created: [
      { invoice_id: 11, sponsorship_id: 3 },
      { invoice_id: 12, sponsorship_id: 4 },
    ],
    skipped: [],
  };
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      posted.push(`${init?.method} ${String(input)}`);
      return Promise.resolve(
        status === 201
          ? new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } })
          : new Response(
              JSON.stringify({ status, title: 'Conflict', code: 'invoice.billing-settings-missing', detail: 'x' }),
              { status, headers: { 'Content-Type': 'application/problem+json' } },
            ),
      );
    },
  });
});

const confirmed = [{ status: 'invited' }, { status: 'confirmed' }];

describe('EventDraftsButton', () => {
  it('is not there before a sponsorship is confirmed', async () => {
    const { container } = await renderWithApp(<EventDraftsButton eventId={7} sponsorships={[{ status: 'signed' }]} />);
    expect(container.querySelector('button')).toBeNull();
  });

  it("drafts the event's confirmed sponsorships and says how many", async () => {
    await renderWithApp(<EventDraftsButton eventId={7} sponsorships={confirmed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Rechnungsentwürfe anlegen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(posted).toEqual(['POST /api/event/7/invoice-drafts']);
    expect(toast.success).toHaveBeenCalledWith(
      '2 Rechnungsentwürfe angelegt – bitte in den Zeilen der Sponsoren prüfen und stellen.',
    );
  });

  it('names each skipped sponsor with the reason, and says when there was nothing to draft', async () => {
    answer = {
      created: [{ invoice_id: 11, sponsorship_id: 3 }],
      skipped: [{ sponsorship_id: 4, sponsor_email: 'b@example.org', code: 'invoice.buyer-details-missing' }],
    };
    await renderWithApp(<EventDraftsButton eventId={7} sponsorships={confirmed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Rechnungsentwürfe anlegen' }));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledTimes(1));
    const [text, options] = vi.mocked(toast.warning).mock.calls[0]!;
    expect(text).toBe(
      '1 Rechnungsentwurf angelegt – bitte in der Zeile des Sponsors prüfen und stellen. 1 Sponsor übersprungen:',
    );
    expect(options).toMatchObject({
      description: 'b@example.org: Der Sponsor hat seine Rechnungsanschrift noch nicht angegeben.',
    });

    answer = { created: [], skipped: [] };
    await userEvent.click(screen.getByRole('button', { name: 'Rechnungsentwürfe anlegen' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Alle bestätigten Sponsoren haben schon eine Rechnung oder einen Entwurf.',
      ),
    );
  });

  it('says why nothing was drafted, in English too', async () => {
    status = 409;
    await changeLanguage('en');
    await renderWithApp(<EventDraftsButton eventId={7} sponsorships={confirmed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create invoice drafts' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast.error).mock.calls[0]![0]).toMatch(/^The drafts could not be created: /);
  });
});
