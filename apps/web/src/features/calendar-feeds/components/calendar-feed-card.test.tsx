import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { OrganiserCalendarFeeds, SponsorCalendarFeed } from './calendar-feed-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const organiser = { user: { sub: 'u-1', email: 'orga@verein.de' }, accessToken: 'token-1' };
const URL_OF_FEED = `https://sponsoring.example/api/calendar/${'A'.repeat(43)}.ics`;

type Call = { method: string; url: string; authorization: string | null; body: unknown };
let calls: Call[];
let live: boolean;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.clearAllMocks();
  calls = [];
  live = false;
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        authorization: new Headers(init?.headers).get('Authorization'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const status = (kind: string) => ({
        kind,
        active: live,
        created_at: live ? '2026-12-03T08:00:00.000Z' : null,
      });
      if (call.method === 'POST') {
        live = true;
        const kind = call.url.includes('/sponsorships/') ? 'sponsor' : call.url.split('/').at(-1)!;
        return Promise.resolve(
          json(201, {
            kind,
            url: URL_OF_FEED,
            webcal_url: URL_OF_FEED.replace('https://', 'webcal://'),
            created_at: '2026-12-03T08:00:00.000Z',
          }),
        );
      }
      if (call.method === 'DELETE') {
        live = false;
        return Promise.resolve(json(200, status('sponsor')));
      }
      if (call.url === '/api/calendar-feeds')
        return Promise.resolve(json(200, { feeds: [status('organisation'), status('person')] }));
      return Promise.resolve(json(200, status('sponsor')));
    },
  });
});

describe('calendar feeds', () => {
  it("makes the sponsor's feed with the invitation link, shows the URL and its webcal link, revokes by keyboard", async () => {
    const user = userEvent.setup();
    const viewer = { kind: 'guest' as const, token: 'tok', email: 'sponsor@firma.de' };
    await renderWithApp(<SponsorCalendarFeed sponsorshipId={7} viewer={viewer} />, {
      auth: await createTestAuth(null),
      path: '/invite-sponsor/',
    });
    const card = await screen.findByRole('region', { name: 'Kalender abonnieren' });
    expect(card).toHaveTextContent('Kein Link aktiv');
    await user.click(within(card).getByRole('button', { name: 'Link erstellen' }));
    expect(await within(card).findByLabelText('Adresse des Kalenders')).toHaveValue(URL_OF_FEED);
    expect(within(card).getByRole('link', { name: 'In der Kalender-App öffnen (webcal://)' })).toHaveAttribute(
      'href',
      URL_OF_FEED.replace('https://', 'webcal://'),
    );
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/sponsorships/7/calendar-feed',
      authorization: 'tok:sponsor@firma.de',
      body: { language: 'de' },
    });

    const revoke = await within(card).findByRole('button', { name: 'Link widerrufen' });
    revoke.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Der Link wurde widerrufen.'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/sponsorships/7/calendar-feed')).toBe(true);
    await waitFor(() => expect(within(card).queryByLabelText('Adresse des Kalenders')).not.toBeInTheDocument());
  });

  it("shows the organiser's two feeds and makes the person feed in English titles", async () => {
    const user = userEvent.setup();
    await renderWithApp(<OrganiserCalendarFeeds />, {
      auth: await createTestAuth(organiser),
      path: '/dashboard/organizer/team',
    });
    await changeLanguage('en');
    expect(await screen.findByRole('heading', { level: 2, name: 'Subscribe in your calendar' })).toBeInTheDocument();
    const person = screen.getByRole('region', { name: 'My tasks' });
    expect(screen.getByRole('region', { name: "All of the organisation's dates" })).toHaveTextContent('No live link');
    await user.click(within(person).getByRole('button', { name: 'Create link' }));
    expect(await within(person).findByLabelText('Calendar address')).toHaveValue(URL_OF_FEED);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/calendar-feeds/person',
      authorization: 'Bearer token-1',
      body: { language: 'en' },
    });
    await changeLanguage('de');
  });
});
