import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgreementStateResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { AgreementCard } from './agreement-card';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const HASH = 'a'.repeat(64);
const NEW_HASH = 'b'.repeat(64);

const draft = (change: Partial<AgreementStateResponse> = {}): AgreementStateResponse => ({
  sponsorship_id: 5,
  mode: 'generated',
  state: 'draft',
  language: 'de',
  language_choice: null,
  your_side: 'sponsor',
  document_sha256: HASH,
  may_sign: true,
  sign_block: null,
  missing: [],
  signatures: [],
  voided_notice: null,
  signed_document: null,
  links: { draft_pdf: '/api/x', signed_pdf: null, verify_page: '/verify-agreement/' },
  ...change,
});

let state: AgreementStateResponse;
let signAnswer: () => Response;
let posted: unknown[];

beforeEach(() => {
  posted = [];
  state = draft();
  signAnswer = () => json(201, state);
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(null),
    fetch: (_input, init) => {
      if ((init?.method ?? 'GET') === 'GET') return Promise.resolve(json(200, state));
      posted.push(JSON.parse(String(init?.body)));
      return Promise.resolve(signAnswer());
    },
  });
});

const guest = { kind: 'guest', token: 'tok', email: 'a@sponsor.de' } as const;

describe('AgreementCard', () => {
  it("shows the organiser's own PDF steps (the fallback) in upload mode", async () => {
    state = draft({ mode: 'upload', state: 'not_generated', document_sha256: null, may_sign: false });
    await renderWithApp(<AgreementCard sponsorshipId={5} viewer={guest} fallback={<p>Upload-Schritte</p>} />);
    expect(await screen.findByText('Upload-Schritte')).toBeInTheDocument();
    expect(screen.queryByTestId('agreement-card')).not.toBeInTheDocument();
  });

  it('signs the draft it showed: name, position, consent and the draft hash, no drawing needed', async () => {
    const user = userEvent.setup();
    await renderWithApp(<AgreementCard sponsorshipId={5} viewer={guest} />);
    expect(await screen.findByTestId('agreement-hash')).toHaveTextContent('aaaaaaaa…aaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'Vereinbarung unterschreiben' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich unterschreiben' }));
    expect(within(dialog).getByText('Bitte bestätigen Sie, dass Sie die Vereinbarung gelesen haben.')).toBeVisible();
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByLabelText('Vollständiger Name'), 'Erika Mustermann');
    await user.type(within(dialog).getByLabelText('Funktion (z. B. Geschäftsführerin)'), 'Geschäftsführerin');
    await user.click(within(dialog).getByRole('checkbox'));
    state = draft({ state: 'sponsor_signed', may_sign: false, sign_block: 'already_signed' });
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich unterschreiben' }));

    expect(await screen.findByText('Sie haben unterschrieben. Die Gegenzeichnung steht noch aus.')).toBeVisible();
    expect(posted).toEqual([
      { document_sha256: HASH, full_name: 'Erika Mustermann', position: 'Geschäftsführerin', consent: true },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the draft changed meanwhile (409) and offers the new draft', async () => {
    const user = userEvent.setup();
    signAnswer = () => {
      state = draft({ document_sha256: NEW_HASH });
      return json(409, {
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        code: 'agreement.draft-changed',
        detail: 'x',
      });
    };
    await renderWithApp(<AgreementCard sponsorshipId={5} viewer={guest} />);
    await user.click(await screen.findByRole('button', { name: 'Vereinbarung unterschreiben' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Vollständiger Name'), 'Erika Mustermann');
    await user.type(within(dialog).getByLabelText('Funktion (z. B. Geschäftsführerin)'), 'CEO');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich unterschreiben' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Der Entwurf hat sich geändert.');
    expect(await screen.findByTestId('agreement-hash')).toHaveTextContent('bbbbbbbb…bbbbbbbb');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('tells both sides that a signature was voided by a change of the draft', async () => {
    state = draft({
      voided_notice: {
        voided_at: '2026-05-02T10:00:00.000Z',
        side: 'sponsor',
        full_name: 'Erika Mustermann',
        previous_sha256: HASH,
        current_sha256: NEW_HASH,
      },
    });
    await renderWithApp(<AgreementCard sponsorshipId={5} viewer={{ kind: 'user' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Unterschrift von Erika Mustermann ist ungültig geworden',
    );
  });

  it('offers the sealed PDF once both signed, with who signed when', async () => {
    state = draft({
      state: 'completed',
      may_sign: false,
      sign_block: 'completed',
      signatures: [
        {
          side: 'sponsor',
          full_name: 'Erika Mustermann',
          position: 'CEO',
          email: 'a@sponsor.de',
          signed_at: '2026-05-02T10:00:00.000Z',
          document_sha256: HASH,
          has_drawn_signature: true,
        },
      ],
      signed_document: { sha256: NEW_HASH, completed_at: '2026-05-02T11:00:00.000Z', size: 1000 },
    });
    await renderWithApp(<AgreementCard sponsorshipId={5} viewer={guest} />);
    expect(await screen.findByRole('button', { name: 'Unterschriebene Vereinbarung herunterladen' })).toBeVisible();
    expect(screen.getByTestId('agreement-signature')).toHaveTextContent('Sponsor: Erika Mustermann (CEO)');
    expect(screen.queryByRole('button', { name: 'Entwurf ansehen (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByTestId('agreement-hash')).toHaveTextContent('bbbbbbbb…bbbbbbbb');
  });
});
