import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperatorLogEntryWire, TeamMemberWire, UserProfileWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { TeamPage } from './team-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const USER = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' };
const profile: UserProfileWire = {
  cognito_id: 'u-1',
  role: 'veranstalter',
  organisation_id: 7,
  organisation_name: 'Sportverein',
  profile_picture: null,
  onboarding_completed: true,
  organisation_role: 'owner',
  email: 'anna@verein.de',
  adresse_id: null,
  street: null,
  house_number: null,
  postal_code: null,
  city: null,
  country: null,
  phone_number: null,
  updated_at: null,
};

let members: TeamMemberWire[];
let log: OperatorLogEntryWire[];
let calls: { method: string; path: string }[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.clearAllMocks();
  calls = [];
  log = [];
  profile.organisation_role = 'owner';
  members = [
    { email: 'anna@verein.de', cognito_id: 'u-1', organisation_role: 'owner', role: 'veranstalter' },
    { email: 'ben@verein.de', cognito_id: 'u-2', organisation_role: 'member', role: 'veranstalter' },
  ];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      if (path === '/api/user-profile/u-1') return Promise.resolve(json(200, { user: profile }));
      if (path === '/api/users/7' && method === 'GET') return Promise.resolve(json(200, members));
      if (path === '/api/organisation/7/operator-log') return Promise.resolve(json(200, { entries: log }));
      if (path === '/api/users/7/u-2' && method === 'DELETE') {
        members = members.filter((member) => member.cognito_id !== 'u-2');
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      if (path === '/api/invitations' && method === 'POST') {
        return Promise.resolve(
          json(201, {
            organisation_id: 7,
            email: 'neu@verein.de',
            role: 'veranstalter',
            token: 'tok',
            url: 'http://localhost/invite/?token=tok&email=neu%40verein.de',
            expires_at: '2030-01-01T00:00:00.000Z',
          }),
        );
      }
      return Promise.resolve(json(404, { code: 'request.not-found', detail: 'Not found' }));
    },
  });
});

async function open() {
  const user = userEvent.setup();
  await renderWithApp(
    <Suspense fallback={null}>
      <TeamPage sub="u-1" />
    </Suspense>,
    { auth: await createTestAuth(USER), path: '/dashboard/organizer/team' },
  );
  await screen.findByText('ben@verein.de');
  return user;
}

describe('TeamPage', () => {
  it('rejects an e-mail that does not match the simple pattern', async () => {
    const user = await open();
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'kein-at.de');
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/invitations')).toBe(false);
  });

  it('sends the invitation and copies its link', async () => {
    const user = await open();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'neu@verein.de');
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Einladung erfolgreich versendet!'));
    await user.click(screen.getByRole('button', { name: 'Link kopieren' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Link kopiert'));
    expect(writeText).toHaveBeenCalledWith('http://localhost/invite/?token=tok&email=neu%40verein.de');
  });

  it('removes a member only after confirming, and never offers to remove the last owner', async () => {
    const user = await open();
    expect(screen.queryByRole('button', { name: 'anna@verein.de entfernen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ben@verein.de entfernen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/ben@verein.de verliert den Zugriff/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Teammitglieder erfolgreich entfernt'));
    await waitFor(() => expect(screen.queryByText('ben@verein.de')).not.toBeInTheDocument());
  });

  it('shows the owner the change log, newest first, with who and when, and says when it is empty', async () => {
    log = [
      {
        id: 3,
        at: '2026-06-02T09:30:00.000Z',
        actor_kind: 'operator',
        actor: 'root',
        action: 'admin.command',
        details: { command: 'invitation-codes create', outcome: 'done' },
      },
      {
        id: 2,
        at: '2026-06-01T10:00:00.000Z',
        actor_kind: 'user',
        actor: 'anna@verein.de',
        action: 'profile.role-changed',
        details: { email: 'anna@verein.de', from: 'veranstalter', to: 'beides' },
      },
      {
        id: 1,
        at: '2026-06-01T09:00:00.000Z',
        actor_kind: 'user',
        actor: 'anna@verein.de',
        action: 'billing.settings-changed',
        details: {},
      },
    ];
    await open();
    const entries = within(await screen.findByTestId('operator-log')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(
        /^Betreiberbefehl ausgeführt: invitation-codes create.*Betrieb \(Kommandozeile, Konto root\)$/,
      ),
      expect.stringMatching(
        /^Rolle von anna@verein.de geändert: Veranstalter → Sponsor & Veranstalter.*anna@verein.de$/,
      ),
      expect.stringMatching(/^Rechnungseinstellungen geändert.*anna@verein.de$/),
    ]);
    expect(within(entries[2]!).getByText(/2026/)).toBeInTheDocument();
  });

  it('shows an empty change log as such', async () => {
    await open();
    expect(await screen.findByText(/Noch keine Einträge/)).toBeInTheDocument();
  });

  it('shows no change log to a member', async () => {
    profile.organisation_role = 'member';
    await open();
    expect(screen.queryByText('Änderungsprotokoll')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/operator-log'))).toBe(false);
  });

  it('says so when the members cannot be loaded', async () => {
    members = [];
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token-1'),
      fetch: (input) =>
        Promise.resolve(
          String(input) === '/api/user-profile/u-1'
            ? json(200, { user: profile })
            : json(403, { code: 'request.forbidden', detail: 'Forbidden' }),
        ),
    });
    await renderWithApp(
      <Suspense fallback={null}>
        <TeamPage sub="u-1" />
      </Suspense>,
      { auth: await createTestAuth(USER) },
    );
    expect(await screen.findByText('Fehler beim Laden der Teammitglieder')).toBeInTheDocument();
  });
});
