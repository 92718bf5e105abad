import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamInvitationWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { TeamInvitationList } from './team-invitation-list';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const USER = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invitation = (change: Partial<TeamInvitationWire>): TeamInvitationWire => ({
  id: 1,
  email: 'neu@verein.de',
  role: 'veranstalter',
  state: 'pending',
  created_at: '2030-01-01T09:00:00.000Z',
  expires_at: '2030-01-08T09:00:00.000Z',
  accepted_at: null,
  revoked_at: null,
  ...change,
});

let invitations: TeamInvitationWire[];
let calls: { method: string; path: string }[];

beforeEach(() => {
  vi.clearAllMocks();
  calls = [];
  invitations = [
    invitation({ id: 1, email: 'neu@verein.de' }),
    invitation({ id: 2, email: 'alt@verein.de', state: 'expired' }),
    invitation({ id: 3, email: 'da@verein.de', state: 'accepted', accepted_at: '2030-01-02T09:00:00.000Z' }),
  ];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      if (path === '/api/organisation/7/team-invitations') return Promise.resolve(json(200, invitations));
      const match = /^\/api\/team-invitations\/(\d+)(?:\/(resend|link))?$/.exec(path);
      const found = invitations.find((i) => i.id === Number(match?.[1]));
      if (match && found && method === 'DELETE') {
        found.state = 'revoked';
        found.revoked_at = '2030-01-03T09:00:00.000Z';
        return Promise.resolve(json(200, found));
      }
      if (match && found && method === 'POST') {
        found.state = 'pending';
        return Promise.resolve(
          json(200, {
            id: found.id,
            organisation_id: 7,
            email: found.email,
            role: 'veranstalter',
            token: 'neu',
            url: `http://localhost/invite/?token=neu-${match[2]}`,
            expires_at: '2030-01-15T09:00:00.000Z',
          }),
        );
      }
      return Promise.resolve(json(404, { code: 'request.not-found', detail: 'Not found' }));
    },
  });
});

async function open() {
  const user = userEvent.setup();
  await renderWithApp(<TeamInvitationList organisationId={7} />, {
    auth: await createTestAuth(USER),
    path: '/dashboard/organizer/team',
  });
  await screen.findByText('neu@verein.de');
  return user;
}

describe('TeamInvitationList (issue 21, point 5)', () => {
  it('shows each invitation with its state and expiry; accepted ones have no actions', async () => {
    await open();
    const pending = within(screen.getByRole('listitem', { name: 'neu@verein.de' }));
    expect(pending.getByText('Ausstehend')).toBeInTheDocument();
    expect(pending.getByText(/^gültig bis 08\.01\.2030/)).toBeInTheDocument();
    const expired = within(screen.getByRole('listitem', { name: 'alt@verein.de' }));
    expect(expired.getByText('Abgelaufen')).toBeInTheDocument();
    expect(expired.getByRole('button', { name: 'Erneut senden' })).toBeInTheDocument();
    const accepted = within(screen.getByRole('listitem', { name: 'da@verein.de' }));
    expect(accepted.getByText('Angenommen')).toBeInTheDocument();
    expect(accepted.queryByRole('button')).not.toBeInTheDocument();
  });

  it('resends, copies a new link and revokes', async () => {
    const user = await open();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const row = within(screen.getByRole('listitem', { name: 'neu@verein.de' }));

    await user.click(row.getByRole('button', { name: 'Erneut senden' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Einladung an neu@verein.de erneut gesendet. Der vorige Link gilt nicht mehr.',
      ),
    );
    await user.click(row.getByRole('button', { name: 'Neuen Link kopieren' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://localhost/invite/?token=neu-link'));
    expect(toast.success).toHaveBeenCalledWith('Neuer Link kopiert. Der vorige Link gilt nicht mehr.');

    await user.click(row.getByRole('button', { name: 'Zurückziehen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Einladung an neu@verein.de zurückgezogen.'));
    expect(await row.findByText('Zurückgezogen')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Zurückziehen' })).not.toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/team-invitations/1' });
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    await open();
    const row = within(screen.getByRole('listitem', { name: 'neu@verein.de' }));
    expect(row.getByText('Pending')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Copy new link' })).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'alt@verein.de' })).getByText('Expired')).toBeInTheDocument();
  });
});
