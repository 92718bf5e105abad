import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { installFakeEventsApi, pdfFile, USER, type FakeEventsApi } from '../testing/fake-events-api';
import { readUnfinishedCreate } from '../utils/unfinished-create';
import { CreateEventPage } from './create-event-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const PDF_MESSAGE = 'Bitte laden Sie eine PDF-Datei hoch.';
let api: FakeEventsApi;

beforeEach(() => {
  vi.clearAllMocks();
  api = installFakeEventsApi();
});

async function open() {
  // Files the input's accept attribute would hide must still reach the page, as with drag and drop.
  const user = userEvent.setup({ applyAccept: false });
  const result = await renderWithApp(<CreateEventPage />, { auth: await createTestAuth(USER), path: '/create-event/' });
  await screen.findByLabelText('Titel');
  return { user, ...result };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, { withPdf = true } = {}) {
  await user.type(screen.getByLabelText('Titel'), 'Sommerfest 2025');
  await user.type(screen.getByLabelText('Datum'), '24122025');
  await user.type(screen.getByLabelText('Ort'), 'Stadthalle Musterstadt');
  await user.type(screen.getByLabelText('Beschreibung'), 'Das große Sommerfest.');
  if (withPdf) await user.upload(screen.getByLabelText('Sponsoring-Vereinbarung (PDF)'), pdfFile());
}

const save = () => screen.getByRole('button', { name: 'Speichern' });
const eventCalls = () => api.calls.filter((call) => call.path.startsWith('/api/event'));

describe('CreateEventPage', () => {
  it('asks for every field and for a PDF before calling the API', async () => {
    const { user } = await open();
    await user.click(save());

    expect(await screen.findAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent(PDF_MESSAGE);
    expect(screen.getByLabelText('Titel')).toHaveFocus();
    expect(eventCalls()).toEqual([]);
  });

  it('asks for a PDF when everything else is filled in', async () => {
    const { user } = await open();
    await fillIn(user, { withPdf: false });
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(PDF_MESSAGE);
    expect(eventCalls()).toEqual([]);
  });

  it('needs no PDF with the generated agreement: the event is created and switched to it (issue 58)', async () => {
    const chooseGenerated = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    await renderWithApp(<CreateEventPage chooseGenerated={chooseGenerated} />, {
      auth: await createTestAuth(USER),
      path: '/create-event/',
    });
    await screen.findByLabelText('Titel');
    expect(screen.getByRole('radio', { name: /Eigene PDF-Vereinbarung/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Erzeugte Vereinbarung/ }));
    expect(screen.queryByLabelText('Sponsoring-Vereinbarung (PDF)')).not.toBeInTheDocument();
    expect(screen.getByTestId('event-pdf-not-needed')).toHaveTextContent('Eine eigene PDF-Datei ist nicht nötig');
    await fillIn(user, { withPdf: false });
    await user.click(save());
    await waitFor(() => expect(chooseGenerated).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(PDF_MESSAGE)).not.toBeInTheDocument();
    const created = eventCalls().find((call) => call.method === 'POST');
    expect(created).toBeDefined();
    expect(chooseGenerated).toHaveBeenCalledWith(expect.any(Number));
    expect(api.calls.some((call) => call.path.startsWith('/api/file/upload'))).toBe(false);
  });

  it('takes a title of 100 characters and refuses 101, with a counter', async () => {
    const { user } = await open();
    const title = screen.getByLabelText('Titel');
    await user.click(title);
    await user.paste('a'.repeat(101));
    expect(screen.getByText('101 / 100 Zeichen')).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('Höchstens 100 Zeichen.')).toBeInTheDocument();

    await user.type(title, '{Backspace}');
    expect(screen.getByText('100 / 100 Zeichen')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Höchstens 100 Zeichen.')).not.toBeInTheDocument());
  });

  it('takes a description of 1000 characters and refuses 1001', async () => {
    const { user } = await open();
    const description = screen.getByLabelText('Beschreibung');
    await user.click(description);
    await user.paste('b'.repeat(1001));
    expect(screen.getByText('1001 / 1000 Zeichen')).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('Höchstens 1000 Zeichen.')).toBeInTheDocument();

    await user.type(description, '{Backspace}');
    expect(screen.getByText('1000 / 1000 Zeichen')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Höchstens 1000 Zeichen.')).not.toBeInTheDocument());
  });

  it('refuses a chosen or dropped file that is not a PDF', async () => {
    const { user } = await open();
    const input = screen.getByLabelText('Sponsoring-Vereinbarung (PDF)');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PDF_MESSAGE);
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();

    await user.upload(input, pdfFile());
    expect(screen.getByText('Vertrag.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const zone = screen.getByText('Andere Datei auswählen').parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'bild.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(PDF_MESSAGE);
    expect(screen.getByText('Vertrag.pdf')).toBeInTheDocument();

    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile('Neu.pdf')] } });
    expect(await screen.findByText('Neu.pdf')).toBeInTheDocument();
  });

  describe('date field', () => {
    // The calendar is its own chunk, loaded on first use; its first transform here is slow.
    beforeAll(() => import('@/components/ui/calendar'), 30_000);

    it('shows the date as dd.MM.yyyy, typed or picked from the calendar', async () => {
      const { user } = await open();
      const date = screen.getByLabelText('Datum');
      await user.type(date, '2412');
      expect(date).toHaveValue('24.12.');
      await user.type(date, '2025');
      expect(date).toHaveValue('24.12.2025');

      await user.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
      const selected = await screen.findByRole('button', { name: 'Mittwoch, 24. Dezember 2025' });
      await waitFor(() => expect(selected).toHaveFocus());
      await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
      expect(date).toHaveValue('01.01.2026');

      await user.clear(date);
      await user.type(date, '31.02.2025');
      await user.click(save());
      expect(await screen.findByText('Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).')).toBeInTheDocument();
    });
  });

  it('creates the event, uploads the PDF and saves the event with it', async () => {
    const { user, history, queryClient } = await open();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fillIn(user);
    await user.click(save());

    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/events'));
    expect(toast.success).toHaveBeenCalledWith('Event wurde gespeichert!');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['events', 'list', 7] });
    const fields = {
      title: 'Sommerfest 2025',
      event_date: '2025-12-24',
      location: 'Stadthalle Musterstadt',
      description: 'Das große Sommerfest.',
    };
    const file = { s3_id: 's3-1', name: 'Vertrag.pdf', key: 'events/101/1-Vertrag.pdf' };
    expect(
      api.calls.filter((call) => call.path !== '/api/user-profile/u-1').map(({ method, path }) => `${method} ${path}`),
    ).toEqual([
      'POST /api/event/-1',
      'GET /api/file/upload/7/101/Vertrag/pdf',
      'PUT /api/blobs/events%2F101%2F1-Vertrag.pdf',
      'PUT /api/event/101',
    ]);
    expect(eventCalls()[0]?.body).toEqual({ ...fields, files: [] });
    expect(eventCalls()[1]?.body).toEqual({ ...fields, files: [file] });
    expect(await api.blobs.get(file.key)?.text()).toBe('%PDF-1.4\n%test\n');
  });

  it('shows the upload progress and keeps the fields disabled while saving', async () => {
    const { user } = await open();
    let release = () => undefined as void;
    api.uploadGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await fillIn(user);
    await user.click(save());

    const progress = await screen.findByRole('progressbar', { name: 'Upload-Fortschritt' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByLabelText('Titel')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wird gespeichert …' })).toBeDisabled();
    release();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });

  it('continues on the edit page of the created event when the upload fails', async () => {
    api.uploadStatus = 500;
    const { user, history } = await open();
    await fillIn(user);
    await user.click(save());

    await waitFor(() => expect(history.location.pathname).toBe('/edit-event/101'));
    expect(toast.success).not.toHaveBeenCalled();
    const unfinished = readUnfinishedCreate(101);
    expect(unfinished?.stage).toBe('upload');
    expect(unfinished?.pdf?.name).toBe('Vertrag.pdf');
    expect(api.events.map((event) => event.title)).toEqual(['Sommerfest 2025']);
  });

  it('marks the fields the API names and shows other failures as a toast', async () => {
    let status = 400;
    api.override = (call) =>
      call.method === 'POST'
        ? new Response(
            JSON.stringify(
              status === 400
                ? { detail: 'Invalid', code: 'request.validation-failed', fields: { location: 'too_long' } }
                : { detail: 'No', code: 'request.forbidden' },
            ),
            { status },
          )
        : undefined;
    const { user } = await open();
    await fillIn(user);
    await user.click(save());
    expect(await screen.findByText('Höchstens 200 Zeichen.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Ort')).toHaveFocus());

    status = 403;
    await user.click(save());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Fehler beim Speichern des Events: Kein Zugriff'));
  });
});
