import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { loadEventForEdit } from '../api/load-event';
import {
  eventWire,
  installFakeEventsApi,
  pdfFile,
  storedFile,
  USER,
  type FakeEventsApi,
} from '../testing/fake-events-api';
import { readUnfinishedCreate, rememberUnfinishedCreate } from '../utils/unfinished-create';
import { EditEventPage } from './edit-event-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

let api: FakeEventsApi;

beforeEach(() => {
  vi.clearAllMocks();
  api = installFakeEventsApi([eventWire({ files: [storedFile()] })]);
  api.blobs.set(storedFile().key, new Blob(['%PDF-1.4 stored'], { type: 'application/pdf' }));
});

async function open(eventId = 1) {
  const user = userEvent.setup();
  const result = await renderWithApp(
    <Suspense fallback={null}>
      <EditEventPage eventId={eventId} />
    </Suspense>,
    { auth: await createTestAuth(USER), path: `/edit-event/${eventId}` },
  );
  await screen.findByLabelText('Titel');
  return { user, ...result };
}

const save = () => screen.getByRole('button', { name: 'Speichern' });
const eventPuts = () => api.calls.filter((call) => call.method === 'PUT' && call.path.startsWith('/api/event/'));

describe('EditEventPage', () => {
  it('shows the stored event with its date as dd.MM.yyyy', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Event bearbeiten' })).toBeInTheDocument();
    expect(screen.getByLabelText('Titel')).toHaveValue('Sommerfest 2025');
    expect(screen.getByLabelText('Datum')).toHaveValue('05.03.2025');
    expect(screen.getByLabelText('Ort')).toHaveValue('Stadthalle Musterstadt');
    expect(screen.getByLabelText('Beschreibung')).toHaveValue('Das große Sommerfest des Vereins.');

    await changeLanguage('en');
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveValue('05/03/2025'));
  });

  it('downloads the stored PDF from the button with its file name', async () => {
    const created: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        created.push(blob);
        return 'blob:download-1';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = await open();

    await user.click(screen.getByRole('button', { name: 'Vereinbarung.pdf herunterladen' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('Vereinbarung.pdf');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:download-1');
    expect(await created[0]?.text()).toBe('%PDF-1.4 stored');
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/api/download',
        search: `?key=${encodeURIComponent(storedFile().key)}`,
      }),
    );
  });

  it('keeps the stored PDF when saving without a new one', async () => {
    const { user, history } = await open();
    await user.clear(screen.getByLabelText('Ort'));
    await user.type(screen.getByLabelText('Ort'), 'Festwiese');
    await user.click(save());

    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/events'));
    expect(toast.success).toHaveBeenCalledWith('Event wurde gespeichert!');
    expect(eventPuts().map((call) => call.body)).toEqual([
      {
        title: 'Sommerfest 2025',
        event_date: '2025-03-05',
        location: 'Festwiese',
        description: 'Das große Sommerfest des Vereins.',
        files: [storedFile()],
      },
    ]);
    expect(api.calls.some((call) => call.path.startsWith('/api/file/upload'))).toBe(false);
  });

  it('uploads a new PDF first and then saves the event with it in place of the old one', async () => {
    const { user, history } = await open();
    await user.upload(screen.getByLabelText('Sponsoring-Vereinbarung (PDF)'), pdfFile('Neu.pdf', '%PDF-1.4 neu'));
    expect(screen.getByText(/ersetzt beim Speichern das aktuelle Dokument/)).toBeInTheDocument();
    await user.click(save());

    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/events'));
    const sequence = api.calls
      .map(({ method, path }) => `${method} ${path}`)
      .filter((call) => !call.includes('/api/user-profile'));
    expect(sequence.slice(-3)).toEqual([
      'GET /api/file/upload/7/1/Neu/pdf',
      'PUT /api/blobs/events%2F1%2F1-Neu.pdf',
      'PUT /api/event/1',
    ]);
    const newFile = { s3_id: 's3-1', name: 'Neu.pdf', key: 'events/1/1-Neu.pdf' };
    expect(eventPuts()[0]?.body).toMatchObject({ files: [newFile] });
    expect(await api.blobs.get(newFile.key)?.text()).toBe('%PDF-1.4 neu');
  });

  it('keeps the event unchanged when the new PDF is refused', async () => {
    api.uploadStatus = 415;
    const { user, history } = await open();
    await user.upload(screen.getByLabelText('Sponsoring-Vereinbarung (PDF)'), pdfFile('Fake.pdf'));
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte laden Sie eine PDF-Datei hoch.');
    expect(eventPuts()).toEqual([]);
    expect(history.location.pathname).toBe('/edit-event/1');
  });

  it('asks for a PDF when the event has none yet', async () => {
    api.events[0] = eventWire({ files: [] });
    const { user } = await open();
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte laden Sie eine PDF-Datei hoch.');
    expect(eventPuts()).toEqual([]);
  });

  it('continues a create whose upload failed: says why, keeps the PDF, and finishes on save', async () => {
    api.events[0] = eventWire({ files: [] });
    rememberUnfinishedCreate(1, {
      stage: 'upload',
      cause: new ApiError({ status: 502, code: 'server.internal', detail: 'Server error' }),
      pdf: pdfFile('Vertrag.pdf'),
    });
    const { user, history } = await open();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Das Event wurde angelegt, die PDF-Datei aber noch nicht gespeichert.');
    expect(notice).toHaveTextContent('Fehler beim Speichern des Events: Fehlerhaftes Gateway');
    expect(screen.getByText('Vertrag.pdf')).toBeInTheDocument();

    await user.click(save());
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/events'));
    expect(eventPuts()[0]?.body).toMatchObject({ files: [{ name: 'Vertrag.pdf' }] });
    expect(readUnfinishedCreate(1)).toBeNull();
  });
});

describe('loadEventForEdit', () => {
  it('turns an unknown or foreign event (404, 403) into not found', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(loadEventForEdit(queryClient, 1)).resolves.toBeUndefined();
    const missing = await loadEventForEdit(queryClient, 999).catch((error: unknown) => error);
    expect(isNotFound(missing)).toBe(true);

    api.override = () =>
      new Response(JSON.stringify({ detail: 'Not yours', code: 'request.forbidden' }), { status: 403 });
    const foreign = await loadEventForEdit(queryClient, 5).catch((error: unknown) => error);
    expect(isNotFound(foreign)).toBe(true);

    api.override = () => new Response('{}', { status: 500 });
    const broken = await loadEventForEdit(queryClient, 6).catch((error: unknown) => error);
    expect(isNotFound(broken)).toBe(false);
  });
});
