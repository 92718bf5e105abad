// Delivery evidence in the web app (issue 60, point 1): the sponsor sees the team's photo, link and
// note, gives a thumbs up and a comment by the link; the team's form refuses what the server would
// (no file, a link that is not http) before sending, words the server's picture refusals, and sends a note.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvidenceWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { DeliverableEvidence } from './deliverable-evidence';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const piece = (change: Partial<EvidenceWire>): EvidenceWire => ({
  id: 1,
  deliverable_id: 3,
  sponsorship_id: 5,
  kind: 'photo',
  note: 'Banner am Eingang',
  url: null,
  width: 2048,
  height: 1536,
  added_at: '2026-07-04T10:00:00Z',
  added_by: 'Sportverein',
  thumbs_up: false,
  thumbs_up_at: null,
  comments: [],
  ...change,
});

let evidence: EvidenceWire[];
let refusal: { status: number; code: string } | null;
let sent: Array<{ method: string; url: string; body: unknown; auth: string | null }>;
const guest = { kind: 'guest', token: 'tok', email: 'a@example.org' } as const;

beforeEach(() => {
  vi.clearAllMocks();
  sent = [];
  refusal = null;
  evidence = [
    piece({}),
    piece({ id: 2, kind: 'link', url: 'https://example.org/recap', note: null, width: null, height: null }),
    piece({ id: 3, kind: 'note', note: 'Aufgebaut um 9 Uhr', width: null, height: null }),
    piece({ id: 4, deliverable_id: 99, kind: 'note', note: 'Andere Leistung' }),
  ];
  URL.createObjectURL = vi.fn(() => 'blob:thumb');
  URL.revokeObjectURL = vi.fn();
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      if (method === 'GET' && url.includes('/image')) {
        return Promise.resolve(new Response(new Blob([new Uint8Array([0xff, 0xd8])]), { status: 200 }));
      }
      if (method === 'GET') return Promise.resolve(json(200, { evidence }));
      const body = init?.body instanceof Blob ? 'picture' : JSON.parse(String(init?.body));
      sent.push({ method, url, body, auth: headers.get('authorization') });
      if (refusal) return Promise.resolve(json(refusal.status, { ...refusal, detail: 'refused' }));
      return Promise.resolve(json(200, piece({ thumbs_up: true })));
    },
  });
});

describe('DeliverableEvidence', () => {
  it("shows the sponsor this deliverable's evidence and sends their thumbs up and comment by the link", async () => {
    const user = userEvent.setup();
    await renderWithApp(<DeliverableEvidence deliverableId={3} sponsorshipId={5} viewer={guest} side="sponsor" />);
    expect(await screen.findByRole('heading', { name: 'Nachweise' })).toBeInTheDocument();
    expect(screen.getAllByTestId('evidence-item')).toHaveLength(3);
    expect(await screen.findByRole('img', { name: 'Foto: Banner am Eingang' })).toHaveAttribute('src', 'blob:thumb');
    const link = screen.getByRole('link', { name: /example\.org\/recap/ });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('Aufgebaut um 9 Uhr')).toBeInTheDocument();
    expect(screen.queryByText('Andere Leistung')).not.toBeInTheDocument();
    // Only the team removes; the sponsor has no form.
    expect(screen.queryByRole('button', { name: 'Entfernen' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nachweis hinzufügen')).not.toBeInTheDocument();

    const thumbs = screen.getAllByRole('button', { name: 'Daumen hoch' })[0]!;
    expect(thumbs).toHaveAttribute('aria-pressed', 'false');
    await user.click(thumbs);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { thumbs_up: true }, auth: 'tok:a@example.org' });
    expect(sent[0]!.url).toContain('/deliverables/3/evidence/1/reaction');
    await user.type(screen.getAllByLabelText('Diesen Nachweis kommentieren')[0]!, 'Sieht super aus');
    await user.click(screen.getAllByRole('button', { name: 'Senden' })[0]!);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'POST', body: { text: 'Sieht super aus' } });
    expect(sent[1]!.url).toContain('/deliverables/3/evidence/1/comments');
  });

  it('lets the team add: no file and a link that is not http are refused before sending, a note is sent', async () => {
    const user = userEvent.setup();
    evidence = [];
    await renderWithApp(
      <DeliverableEvidence deliverableId={3} sponsorshipId={5} viewer={{ kind: 'user' }} side="organisation" />,
    );
    expect(await screen.findByText(/Noch keine Nachweise/)).toBeInTheDocument();
    const file = screen.getByLabelText('Foto aufnehmen oder auswählen');
    expect(file).toHaveAttribute('accept', 'image/*');
    expect(file).toHaveAttribute('capture', 'environment');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte wählen Sie zuerst ein Bild aus');

    await user.click(screen.getByLabelText('Link'));
    await user.type(screen.getByLabelText('Adresse (http oder https)'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('http:// oder https://');
    expect(sent).toHaveLength(0);

    await user.click(screen.getByLabelText('Notiz'));
    await user.type(screen.getByRole('textbox', { name: 'Notiz' }), 'Banner hängt');
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { kind: 'note', note: 'Banner hängt' },
      auth: 'Bearer token',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Nachweis hinzugefügt. Der Sponsor sieht ihn jetzt.'),
    );
  });

  it("words the server's refusal of a picture in the team's language", async () => {
    const user = userEvent.setup();
    evidence = [];
    refusal = { status: 400, code: 'logo.too-many-pixels' };
    await renderWithApp(
      <DeliverableEvidence deliverableId={3} sponsorshipId={5} viewer={{ kind: 'user' }} side="organisation" />,
    );
    await user.upload(
      await screen.findByLabelText('Foto aufnehmen oder auswählen'),
      new File([new Uint8Array([0x89, 0x50])], 'riesig.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Bild hat zu viele Pixel');
    expect(sent[0]!.url).toContain('/deliverables/3/evidence/image?kind=photo');
    expect(sent[0]!.body).toBe('picture');
  });
});
