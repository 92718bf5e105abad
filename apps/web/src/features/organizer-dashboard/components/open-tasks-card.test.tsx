import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrganiserTasksWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { eventsOf, OpenTasksCard } from './open-tasks-card';

type Invitation = OrganiserTasksWire['pending_invitations'][number];
const sponsor = (email: string, eventId: number, title: string): Invitation => ({
  kind: 'sponsor',
  email,
  event_id: eventId,
  event_title: title,
  expires_at: '2030-01-01T00:00:00Z',
});

let tasks: OrganiserTasksWire;

beforeEach(() => {
  tasks = {
    events_without_file: [],
    sponsorships_to_confirm: [],
    overdue_deliverables: [],
    overdue_invoices: [],
    pending_invitations: [
      { kind: 'team', email: 'anna@verein.de', event_id: null, event_title: null, expires_at: '2030-01-01T00:00:00Z' },
      sponsor('a@example.org', 7, 'Hoffest'),
      sponsor('b@example.org', 8, 'Stadtlauf'),
      sponsor('c@example.org', 8, 'Stadtlauf'),
    ],
    total: 4,
  };
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: () =>
      Promise.resolve(new Response(JSON.stringify(tasks), { headers: { 'Content-Type': 'application/json' } })),
  });
});

describe('OpenTasksCard', () => {
  it('tells team invitations from sponsors who have not signed, these by event with the most first', async () => {
    await renderWithApp(<OpenTasksCard organisationId={1} />);
    expect(await screen.findByTestId('open-tasks-count')).toHaveTextContent('4');
    const team = screen.getByText('1 Team-Einladung noch nicht angenommen.').closest('li')!;
    expect(within(team).getByRole('link', { name: 'Zum Team' })).toHaveAttribute('href', '/dashboard/organizer/team');
    const sponsors = screen.getByText(/3 Sponsoren haben noch nicht unterschrieben:/).closest('li')!;
    const links = within(sponsors).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Stadtlauf', '/edit-event/8'],
      ['Hoffest', '/edit-event/7'],
    ]);
    expect(sponsors).toHaveTextContent('Stadtlauf (2), Hoffest (1)');
  });

  it('speaks English, in the singular too', async () => {
    tasks.pending_invitations = [sponsor('a@example.org', 7, 'Hoffest')];
    tasks.total = 1;
    await changeLanguage('en');
    await renderWithApp(<OpenTasksCard organisationId={1} />);
    expect(await screen.findByText(/1 sponsor has not signed yet:/)).toBeInTheDocument();
    expect(screen.queryByText(/team invitation/)).not.toBeInTheDocument();
  });

  it('sums the overdue invoices and links to them, in both languages', async () => {
    const overdue = (id: number, cents: number) => ({
      id,
      number: `RE-2026-000${id}`,
      event_id: 8,
      event_title: 'Stadtlauf',
      sponsor_email: 'b@example.org',
      outstanding_cents: cents,
      due_date: '2026-11-01',
    });
    tasks.overdue_invoices = [overdue(1, 297_500), overdue(2, 50_000)];
    tasks.total = 6;
    await renderWithApp(<OpenTasksCard organisationId={1} />);
    const item = await screen.findByTestId('task-overdue-invoices');
    expect(item.textContent?.replace(/\u00a0/g, ' ')).toContain('2 Rechnungen sind überfällig: 3.475,00 € offen.');
    expect(within(item).getByRole('link', { name: 'Zu den überfälligen Rechnungen' })).toHaveAttribute(
      'href',
      '/dashboard/organizer/invoices?status=overdue',
    );

    cleanup();
    tasks.overdue_invoices = [overdue(1, 297_500)];
    await changeLanguage('en');
    await renderWithApp(<OpenTasksCard organisationId={2} />);
    expect(await screen.findByTestId('task-overdue-invoices')).toHaveTextContent(
      /One invoice is overdue: €2,975\.00 open\./,
    );
  });

  it('groups the invitations by event and leaves out team invitations', () => {
    expect(eventsOf(tasks.pending_invitations)).toEqual([
      { id: 8, title: 'Stadtlauf', count: 2 },
      { id: 7, title: 'Hoffest', count: 1 },
    ]);
  });
});
