import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { eventWire, installFakeEventsApi, USER, type FakeEventsApi } from '../testing/fake-events-api';
import { EventsListPage } from './events-list-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

let api: FakeEventsApi;

beforeEach(() => {
  api = installFakeEventsApi();
});

async function open() {
  const user = userEvent.setup();
  const result = await renderWithApp(<EventsListPage />, {
    auth: await createTestAuth(USER),
    path: '/dashboard/organizer/events',
  });
  return { user, ...result };
}

describe('archiving and deleting events (issue 21, point 4)', () => {
  it('archives an event into the archive and restores it from there', async () => {
    api.events.push(eventWire({ id: 1, title: 'Sommerfest 2025' }), eventWire({ id: 2, title: 'Herbstfest' }));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Sommerfest 2025 archivieren' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        '„Sommerfest 2025“ wurde archiviert. Sie finden es unter „Archiv“.',
        expect.objectContaining({ action: expect.objectContaining({ label: 'Rückgängig' }) }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sommerfest 2025' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Herbstfest' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archiv' }));
    expect(await screen.findByRole('link', { name: 'Sommerfest 2025' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archiv' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Archiviert')).toBeInTheDocument();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ path: '/api/events/7', search: '?limit=10&archived=true' }),
    );
    await user.click(screen.getByRole('button', { name: 'Sommerfest 2025 wiederherstellen' }));
    expect(await screen.findByText('Im Archiv sind keine Events.')).toBeInTheDocument();
  });

  it('names what deleting removes and deletes after confirming', async () => {
    api.events.push(eventWire({ id: 1, title: 'Sommerfest 2025', sponsor_amount: 0, open_sponsorships: 3 }));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Sommerfest 2025 löschen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('„Sommerfest 2025“ endgültig löschen?')).toBeInTheDocument();
    expect(await within(dialog).findByText('3 Sponsoren-Einladungen (die Links werden ungültig)')).toBeInTheDocument();
    expect(within(dialog).getByText('2 Sponsoring-Pakete')).toBeInTheDocument();
    expect(within(dialog).getByText('0 Dateien')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('„Sommerfest 2025“ wurde gelöscht.'));
    expect(api.calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/api/event/1' }));
    expect(await screen.findByText('Noch keine Events')).toBeInTheDocument();
  });

  it('offers no delete when a sponsorship is past invited, in English', async () => {
    await changeLanguage('en');
    api.events.push(eventWire({ id: 1, title: 'Summer fair', sponsor_amount: 2 }));
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Delete Summer fair' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      await within(dialog).findByText(
        'This event has 2 sponsorships past the invitation. It cannot be deleted, but it can be archived.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete for good' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});
