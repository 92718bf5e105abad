import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SponsorWallFeed, SponsorWallSettings } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { PublicSponsorWall } from './public-sponsor-wall';
import { SponsorWallCard, embedSnippet } from './sponsor-wall-card';
import { WallStatsCard } from './wall-stats-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const feed: SponsorWallFeed = {
  event_id: 7,
  event_title: 'Stadtlauf',
  organisation_name: 'Laufverein',
  groups: [
    {
      package_name: 'Gold',
      size: 'large',
      sponsors: [
        {
          id: 11,
          name: 'Gold GmbH',
          logo: { url: '/api/public/sponsor-logos/1/0123456789abcdef0123456789abcdef.webp', width: 400, height: 200 },
          website: 'https://gold.example',
          description_de: 'Gold auf Deutsch',
          description_en: 'Gold in English',
        },
      ],
    },
    {
      package_name: null,
      size: 'small',
      sponsors: [{ id: 12, name: 'Klein KG', logo: null, website: null, description_de: '', description_en: '' }],
    },
  ],
};

let settings: SponsorWallSettings;
let requests: Array<{ method: string; url: string; body: unknown }>;
let feedAnswer: () => Response;
/** The wall's view beacon goes through the browser's own fetch, without the API client. */
const beacon = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
  Promise.resolve(new Response(null, { status: 204 })),
);

beforeEach(async () => {
  vi.clearAllMocks();
  beacon.mockClear();
  vi.stubGlobal('fetch', beacon);
  await changeLanguage('de');
  settings = { enabled: false, preview: feed };
  requests = [];
  feedAnswer = () => json(200, feed);
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/public/')) return Promise.resolve(feedAnswer());
      if (method === 'PUT')
        settings = { ...settings, enabled: (requests.at(-1)!.body as { enabled: boolean }).enabled };
      return Promise.resolve(json(200, settings));
    },
  });
});

describe('SponsorWallCard', () => {
  it('switches the wall on and then offers the link, the embed code and the feed address', async () => {
    const user = userEvent.setup();
    await renderWithApp(<SponsorWallCard eventId={7} />);
    const toggle = await screen.findByRole('switch', { name: /Öffentliche Sponsorenwand/ });
    expect(screen.getByTestId('sponsor-wall-count')).toHaveTextContent('Gezeigte Sponsoren: 2');
    expect(screen.queryByTestId('sponsor-wall-embed')).toBeNull();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/event/7/sponsor-wall',
      body: { enabled: true },
    });
    expect(toast.success).toHaveBeenCalledWith('Sponsorenwand eingeschaltet.');
    const origin = window.location.origin;
    expect(screen.getByRole('link', { name: /Öffentliche Seite öffnen/ })).toHaveAttribute(
      'href',
      `${origin}/sponsors/7`,
    );
    expect(screen.getByTestId('sponsor-wall-embed')).toHaveValue(
      embedSnippet(origin, 7, 'de', 'Unsere Sponsoren: Stadtlauf'),
    );
    expect(screen.getByTestId('sponsor-wall-feed')).toHaveValue(`${origin}/api/public/events/7/sponsors`);
  });

  it('shows the switch in its new position from the click on, not only once the answer is there', async () => {
    await renderWithApp(<SponsorWallCard eventId={7} />);
    const toggle = await screen.findByRole('switch', { name: /Öffentliche Sponsorenwand/ });
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('keeps quotes and brackets of a title out of the embed code', () => {
    expect(embedSnippet('https://sp.example', 3, 'en', 'A "B" <C>')).toBe(
      '<iframe src="https://sp.example/sponsors/3/embed?lang=en" title="A B C" loading="lazy" ' +
        'style="width:100%;min-height:480px;border:0"></iframe>',
    );
  });
});

describe('PublicSponsorWall', () => {
  it('shows the groups largest first, with logo, name and a safe link', async () => {
    await renderWithApp(<PublicSponsorWall eventId={7} />);
    expect(await screen.findByRole('heading', { name: 'Unsere Sponsoren: Stadtlauf' })).toBeInTheDocument();
    const groups = screen.getAllByTestId('wall-group');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Gold', 'Weitere Sponsoren']);
    const gold = within(groups[0]!).getByRole('link');
    // Through the anonymous click count to the website (decision 102).
    expect(gold).toHaveAttribute('href', `${window.location.origin}/api/public/events/7/wall-click/11?placement=page`);
    expect(gold).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    expect(within(gold).getByRole('img', { name: 'Logo von Gold GmbH' })).toBeInTheDocument();
    expect(gold).toHaveTextContent('Gold auf Deutsch');
    expect(screen.getAllByTestId('wall-sponsor').map((s) => s.dataset.size)).toEqual(['large', 'small']);
    expect(requests[0]!.url).toBe('/api/public/events/7/sponsors');
    expect(screen.getByTestId('wall-privacy')).toHaveTextContent(/keine Cookies/);
  });

  it('counts one view of every entry it shows, without credentials, once per load', async () => {
    const { queryClient } = await renderWithApp(<PublicSponsorWall eventId={7} embedded />);
    await screen.findByRole('heading', { name: 'Unsere Sponsoren: Stadtlauf' });
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(1));
    const [url, init] = beacon.mock.calls[0]!;
    expect(String(url)).toBe(`${window.location.origin}/api/public/events/7/wall-views`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });
    expect(JSON.parse(String(init!.body))).toEqual({ placement: 'embed', sponsors: [11, 12] });
    // The same feed fetched again is the same view.
    await queryClient.refetchQueries();
    await waitFor(() => expect(requests.filter((r) => r.url.endsWith('/sponsors'))).toHaveLength(2));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('link')[0]).toHaveAttribute('href', expect.stringContaining('placement=embed'));
  });

  it('shows the English description in English', async () => {
    await changeLanguage('en');
    await renderWithApp(<PublicSponsorWall eventId={7} />);
    expect(await screen.findByText('Gold in English')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More sponsors' })).toBeInTheDocument();
  });

  it('says so when there is no public wall', async () => {
    feedAnswer = () =>
      new Response(
        JSON.stringify({ type: 'x', title: 'x', status: 404, detail: 'x', code: 'sponsor-wall.not-found' }),
        { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
      );
    await renderWithApp(<PublicSponsorWall eventId={7} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Keine Sponsorenwand' })).toBeInTheDocument();
    expect(screen.getByText('Für diese Veranstaltung gibt es keine öffentliche Sponsorenwand.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('names a sponsor without a logo once, in the logo’s place', async () => {
    await renderWithApp(<PublicSponsorWall eventId={7} />);
    const tiles = await screen.findAllByTestId('wall-sponsor');
    expect(tiles[1]).toHaveTextContent(/^Klein KG$/);
    expect(within(tiles[0]!).getAllByText('Gold GmbH')).toHaveLength(1);
  });
});

describe('WallStatsCard', () => {
  const stats = (sponsors: unknown[]) => ({
    from: '2026-11-04',
    to: '2026-12-03',
    totals: { impressions: 1234, clicks: 56 },
    sponsors,
    days: [],
  });
  const answer = (body: unknown) =>
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token'),
      fetch: () => Promise.resolve(json(200, body)),
    });

  it("shows each sponsor's views, clicks and click rate, in German numbers", async () => {
    answer(
      stats([
        {
          sponsorship_id: 11,
          name: 'Gold GmbH',
          impressions: 1200,
          clicks: 50,
          page: { impressions: 1000, clicks: 40 },
          embed: { impressions: 200, clicks: 10 },
        },
      ]),
    );
    await renderWithApp(<WallStatsCard eventId={7} />);
    const table = await screen.findByRole('table', { name: 'Aufrufe und Klicks je Sponsor' });
    const row = within(table).getByRole('row', { name: /Gold GmbH/ });
    expect(row).toHaveTextContent('1.200');
    expect(row).toHaveTextContent('4,2 %');
    expect(row).toHaveTextContent('Seite: 1.000 · Einbettung: 200');
    expect(screen.getByTestId('wall-stats-totals')).toHaveTextContent('gezeigt 1.234, Klicks 56');
  });

  it('says when nothing was counted yet, in English too', async () => {
    await changeLanguage('en');
    answer(stats([]));
    await renderWithApp(<WallStatsCard eventId={7} />);
    expect(await screen.findByText(/Nothing counted yet/)).toBeInTheDocument();
  });
});
