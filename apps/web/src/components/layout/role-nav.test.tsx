import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role, SettingsWire, UserProfileWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { Header } from './header';

type Put = { path: string; body: unknown };

function profile(role: Role): UserProfileWire {
  return {
    cognito_id: 'u-1',
    role,
    organisation_id: 7,
    organisation_name: 'Sportverein Musterstadt e. V.',
    profile_picture: null,
    onboarding_completed: true,
    organisation_role: 'owner',
    email: 'anna@verein.de',
    adresse_id: 7,
    street: 'Hauptstraße',
    house_number: '12a',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    phone_number: null,
    updated_at: null,
  };
}

const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

/** The API as the header sees it: the profile, the settings (PUT answers the changed settings), unread counts. */
function serve(
  role: Role,
  settings: SettingsWire = { language: 'de', chat_email_notices: true, fulfilment_digest: true, dashboard_view: null },
) {
  const puts: Put[] = [];
  let current = settings;
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      const path = String(input);
      if (path.startsWith('/api/user-profile/')) return json({ user: profile(role) });
      if (path === '/api/settings' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<SettingsWire>;
        puts.push({ path, body });
        current = { ...current, ...body };
        return json(current);
      }
      if (path === '/api/settings') return json(current);
      return json({ unread_messages: 0, unread_conversations: 0 });
    },
  });
  return puts;
}

async function renderSignedIn(path = '/') {
  const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token' });
  return renderWithApp(<Header />, { auth, path });
}

const mainNav = () => screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0]!;

describe('Header navigation by role', () => {
  it("links a sponsor's Dashboard to the sponsor dashboard, and offers Events", async () => {
    serve('sponsor');
    await renderSignedIn();
    expect(await within(mainNav()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard-sponsor',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events/');
    expect(within(mainNav()).queryByRole('link', { name: 'Bereitschaft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Ansicht' })).not.toBeInTheDocument();
  });

  it("links an organiser's Dashboard to the organiser dashboard, without a view switch", async () => {
    serve('veranstalter');
    await renderSignedIn();
    expect(await within(mainNav()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/organizer/',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Bereitschaft' })).toHaveAttribute('href', '/readiness/');
    expect(screen.queryByRole('group', { name: 'Ansicht' })).not.toBeInTheDocument();
  });

  it('lets a user with both roles switch views, and keeps the view they opened in their settings', async () => {
    const user = userEvent.setup();
    const puts = serve('beides', {
      language: 'de',
      chat_email_notices: true,
      fulfilment_digest: true,
      dashboard_view: 'sponsor',
    });
    const { history } = await renderSignedIn('/chats/');
    const link = await within(mainNav()).findByRole('link', { name: 'Dashboard' });
    await vi.waitFor(() => expect(link).toHaveAttribute('href', '/dashboard-sponsor'));
    const views = within(mainNav()).getByRole('group', { name: 'Ansicht' });
    expect(within(views).getByRole('button', { name: 'Sponsor' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(views).getByRole('button', { name: 'Veranstalter' }));
    await vi.waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/'));
    await vi.waitFor(() => expect(puts).toEqual([{ path: '/api/settings', body: { dashboard_view: 'organiser' } }]));
    expect(within(views).getByRole('button', { name: 'Veranstalter' })).toHaveAttribute('aria-pressed', 'true');
    expect(link).toHaveAttribute('href', '/dashboard/organizer/');
  });

  it('shows the organiser view to a user with both roles who never switched, and stores nothing', async () => {
    const puts = serve('beides');
    await renderSignedIn('/chats/');
    const link = await within(mainNav()).findByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('href', '/dashboard/organizer/');
    expect(await within(mainNav()).findByRole('button', { name: 'Veranstalter', pressed: true })).toBeInTheDocument();
    expect(puts).toEqual([]);
  });
});
