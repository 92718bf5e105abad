import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SponsorReportState } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { SponsorReportCard } from './sponsor-report-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const report = (change: Partial<SponsorReportState> = {}): SponsorReportState => ({
  sponsorship_id: 5,
  available: true,
  language: 'de',
  last_sealed: null,
  sent_after_event_at: null,
  links: { pdf: '/api/sponsorships/5/report.pdf', verify_page: '/verify-agreement/' },
  ...change,
});

let state: SponsorReportState;
let requests: Array<{ method: string; url: string; authorization: string | null }>;

beforeEach(() => {
  state = report();
  requests = [];
  toast.success.mockReset();
  toast.error.mockReset();
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('organiser-token'),
    fetch: (input, init) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      requests.push({ method, url: String(input), authorization: headers.get('authorization') });
      if (method === 'POST') return Promise.resolve(json(200, { ...state, sent_to: 'a@sponsor.de' }));
      return Promise.resolve(json(200, state));
    },
  });
});

const guest = { kind: 'guest', token: 'tok', email: 'a@sponsor.de' } as const;

describe('SponsorReportCard', () => {
  it('says the report comes once the sponsorship is confirmed, with no download before', async () => {
    state = report({ available: false });
    await renderWithApp(<SponsorReportCard sponsorshipId={5} viewer={guest} />);
    expect(await screen.findByTestId('sponsor-report-unavailable')).toHaveTextContent(
      'Den Report gibt es, sobald das Sponsoring bestätigt ist.',
    );
    expect(screen.queryByRole('button', { name: 'Report herunterladen (PDF)' })).toBeNull();
  });

  it("asks with the sponsor's link and offers no sending to the sponsor", async () => {
    state = report({ last_sealed: { sha256: 'a'.repeat(64), sealed_at: '2026-11-20T08:00:00Z', size: 1000 } });
    await renderWithApp(<SponsorReportCard sponsorshipId={5} viewer={guest} />);
    expect(await screen.findByRole('button', { name: 'Report herunterladen (PDF)' })).toBeEnabled();
    expect(screen.getByTestId('sponsor-report-sealed')).toHaveTextContent('Zuletzt versiegelt am 20.11.2026');
    expect(screen.queryByRole('button', { name: 'Report jetzt an den Sponsor senden' })).toBeNull();
    expect(requests[0]).toMatchObject({ url: '/api/sponsorships/5/report', authorization: 'tok:a@sponsor.de' });
  });

  it('lets the organiser send the report to the sponsor and says to whom it went', async () => {
    await renderWithApp(<SponsorReportCard sponsorshipId={5} viewer={{ kind: 'user' }} organiser />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report jetzt an den Sponsor senden' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Der Report wurde an a@sponsor.de gesendet.'));
    expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/sponsorships/5/report/send');
  });
});
