import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliverableWire, SponsorshipDeliverablesResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { SponsorDeliverables } from './sponsor-deliverables';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const deliverable = (change: Partial<DeliverableWire>): DeliverableWire => ({
  id: 1,
  sponsorship_id: 5,
  event_id: 7,
  event_title: 'Stadtlauf',
  sponsor_email: 'a@example.org',
  title: 'Vortrag',
  kind: 'talk',
  needs_sponsor_input: true,
  due_date: '2026-06-01',
  status: 'open',
  assignee: null,
  sponsor_input: null,
  provided_at: null,
  overdue: false,
  comments: [],
  ...change,
});

let answer: SponsorshipDeliverablesResponse;
let status: number;
let sent: Array<{ method: string; url: string; body: unknown; auth: string | null }>;
const guest = { kind: 'guest', token: 'tok', email: 'a@example.org' } as const;

beforeEach(() => {
  vi.clearAllMocks();
  sent = [];
  status = 200;
  answer = {
    deliverables: [
      deliverable({}),
      deliverable({ id: 2, title: 'Logo auf dem Plakat', kind: 'logo', overdue: true, due_date: '2026-01-01' }),
      deliverable({ id: 3, title: 'Stand', kind: 'booth', needs_sponsor_input: false }),
    ],
    activity: [
      {
        id: 1,
        at: '2026-05-01T10:00:00Z',
        side: 'organisation',
        by: 'o@example.org',
        kind: 'created',
        title: 'Vortrag',
        detail: 'Gold',
      },
    ],
  };
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      if (method !== 'GET') {
        sent.push({
          method,
          url: String(input),
          body: JSON.parse(String(init?.body)),
          auth: headers.get('authorization'),
        });
        return Promise.resolve(
          json(200, { ...answer.deliverables[0], sponsor_input: 'Neu gedacht', status: 'in_progress' }),
        );
      }
      // Delivery evidence (issue 60) has its own list; none here.
      if (String(input).endsWith('/evidence')) return Promise.resolve(json(200, { evidence: [] }));
      return Promise.resolve(
        status === 200 ? json(200, answer) : json(status, { code: 'sponsorship.not-found', status }),
      );
    },
  });
});

describe('SponsorDeliverables', () => {
  it('lists the deliverables, links the logo to the sponsor profile and sends a talk title by the link', async () => {
    const user = userEvent.setup();
    await renderWithApp(<SponsorDeliverables sponsorshipId={5} viewer={guest} />);
    expect(await screen.findByRole('heading', { name: 'Ihre Leistungen' })).toBeInTheDocument();
    expect(screen.getAllByTestId('sponsor-deliverable')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Logo im Sponsorprofil hochladen' })).toHaveAttribute(
      'href',
      '#sponsor-profile',
    );
    expect(screen.getByText('Überfällig')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Titel des Vortrags'), 'Sponsoring neu gedacht');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { text: 'Sponsoring neu gedacht' } });
    expect(sent[0]!.url).toContain('/deliverables/1/input');
    expect(sent[0]!.auth).toBe('tok:a@example.org');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Gespeichert.'));
  });

  it('shows nothing before there are deliverables, and an error when loading fails', async () => {
    answer = { deliverables: [], activity: [] };
    const { container } = await renderWithApp(<SponsorDeliverables sponsorshipId={5} viewer={guest} />);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(container.querySelector('[data-testid="sponsor-deliverables"]')).toBeNull();
  });

  it('says so when the deliverables cannot be loaded', async () => {
    status = 404;
    await renderWithApp(<SponsorDeliverables sponsorshipId={5} viewer={guest} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Leistungen konnten nicht geladen werden.');
  });

  it("names the sponsor's own comments and log entries as its own, the organisation's by the organisation's name", async () => {
    answer.deliverables[0] = deliverable({
      comments: [
        { id: 1, at: '2026-05-02T10:00:00Z', side: 'organisation', by: 'Sportverein', text: 'Bis wann?' },
        { id: 2, at: '2026-05-02T11:00:00Z', side: 'sponsor', by: 'a@example.org', text: 'Bis Freitag.' },
      ],
    });
    answer.activity = [
      {
        id: 1,
        at: '2026-05-01T10:00:00Z',
        side: 'organisation',
        by: 'Sportverein',
        kind: 'created',
        title: 'Vortrag',
        detail: 'Gold',
      },
      {
        id: 2,
        at: '2026-05-02T11:00:00Z',
        side: 'sponsor',
        by: 'a@example.org',
        kind: 'commented',
        title: 'Vortrag',
        detail: null,
      },
    ];
    await renderWithApp(<SponsorDeliverables sponsorshipId={5} viewer={guest} />);
    const comments = await screen.findByRole('list', { name: 'Kommentare' });
    expect(comments).toHaveTextContent('Sportverein');
    expect(comments).toHaveTextContent('Sie');
    expect(comments).not.toHaveTextContent('a@example.org');
    const log = screen.getByTestId('deliverable-activity');
    expect(log).toHaveTextContent('Sportverein: Leistung „Vortrag“ angelegt (Gold)');
    expect(log).toHaveTextContent('Sie haben „Vortrag“ kommentiert');
    expect(log).not.toHaveTextContent('a@example.org');
  });
});
