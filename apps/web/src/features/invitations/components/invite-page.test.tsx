import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MissingInvitationParams } from '@/components/feedback/missing-invitation-params';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { InvitePage } from './invite-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answer: Response;
beforeEach(() => {
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(null),
    fetch: () => Promise.resolve(answer.clone()),
  });
});

const signUp = vi.fn(() => Promise.resolve());

describe('InvitePage', () => {
  it('shows the inviting organisation and the read-only address', async () => {
    answer = json(200, {
      organisation_name: 'Sportverein Musterstadt',
      kind: 'team',
      email: 'neu@verein.de',
      event_id: null,
      event_title: null,
      sponsorship_id: null,
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    await renderWithApp(<InvitePage token="tok" email="neu@verein.de" signUp={signUp} />);
    expect(await screen.findByText('Sportverein Musterstadt')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('readonly');
  });

  it('shows the invalid-or-expired text for an unknown token', async () => {
    answer = json(404, { code: 'invitation.link-invalid', detail: 'Invitation link invalid or expired.' });
    await renderWithApp(<InvitePage token="gone" email="neu@verein.de" signUp={signUp} />);
    expect(
      await screen.findByRole('heading', { name: 'Einladungslink ungültig oder abgelaufen.' }),
    ).toBeInTheDocument();
  });

  it('names the missing parameters', async () => {
    await renderWithApp(<MissingInvitationParams />);
    expect(await screen.findByText('Token und E-Mail-Adresse sind erforderlich')).toBeInTheDocument();
  });
});
