import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPONSOR_NOTE_MAX, type SponsorNoteWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { SponsorNotes } from './sponsor-notes';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

let sent: Array<{ url: string; body: unknown }>;
const note: SponsorNoteWire = {
  id: 1,
  text: 'Rückruf im März',
  author_email: 'team@example.org',
  created_at: '2026-03-01T09:30:00.000Z',
};

beforeEach(() => {
  vi.clearAllMocks();
  sent = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      sent.push({ url: String(input), body: JSON.parse(String(init?.body ?? 'null')) });
      return Promise.resolve(
        new Response(JSON.stringify({ ...note, id: 2, text: 'Neu' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    },
  });
});
afterEach(() => changeLanguage('de'));

describe('SponsorNotes', () => {
  it('refuses an empty or too long note with a message and sends nothing', async () => {
    await renderWithApp(<SponsorNotes sponsorKey="YUBiLmRl" notes={[]} />);
    expect(screen.getByText('Noch keine Notizen.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notiz speichern' }));
    expect(await screen.findByText('Bitte schreiben Sie eine Notiz.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Neue Notiz'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Notiz speichern' }));
    expect(await screen.findByText('Bitte schreiben Sie eine Notiz.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Neue Notiz'));
    await userEvent.click(screen.getByLabelText('Neue Notiz'));
    await userEvent.paste('x'.repeat(SPONSOR_NOTE_MAX + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Notiz speichern' }));
    expect(await screen.findByText('Die Notiz ist zu lang.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the trimmed note to the sponsor and empties the field; lists notes with author and time', async () => {
    await renderWithApp(<SponsorNotes sponsorKey="YUBiLmRl" notes={[note]} />);
    const list = screen.getByRole('list', { name: 'Notizen des Teams' });
    expect(within(list).getByText('Rückruf im März')).toBeInTheDocument();
    expect(within(list).getByText(/team@example\.org · 01\.03\.2026/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Neue Notiz'), '  Neu  ');
    await userEvent.click(screen.getByRole('button', { name: 'Notiz speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Notiz gespeichert.'));
    expect(sent).toEqual([{ url: '/api/sponsors/YUBiLmRl/notes', body: { text: 'Neu' } }]);
    expect(screen.getByLabelText('Neue Notiz')).toHaveValue('');
  });

  it('speaks English too', async () => {
    await changeLanguage('en');
    await renderWithApp(<SponsorNotes sponsorKey="YUBiLmRl" notes={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Please write a note.')).toBeInTheDocument();
  });
});
