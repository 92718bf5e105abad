import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchivedAgreementWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { saveBlobAs } from '@/lib/file-transfer';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { ArchivedAgreementsSection } from './archived-agreements-section';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/file-transfer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/file-transfer')>()),
  saveBlobAs: vi.fn(),
}));

const sponsor = { user: { sub: 'u-2', email: 'kontakt@baeckerei.de' }, accessToken: 'token-2' };

function agreement(overrides: Partial<ArchivedAgreementWire> = {}): ArchivedAgreementWire {
  return {
    id: 3,
    organisation_name: 'Sportverein Musterstadt e. V.',
    organisation_address: 'Hauptstraße 12a, 10115 Berlin, DE',
    event_title: 'Sommerlauf 2025',
    event_date: '2025-06-14',
    sponsor_email: 'kontakt@baeckerei.de',
    amount_cents: 250_000,
    status: 'confirmed',
    file_name: 'Vereinbarung unterschrieben.pdf',
    size: 1234,
    signed_uploaded_at: '2025-05-02T10:15:00.000Z',
    archived_at: '2025-09-01T08:00:00.000Z',
    retain_until: '2036-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Call = { method: string; url: string; authorization: string | null };
let calls: Call[];
let respond: (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.clearAllMocks();
  calls = [];
  respond = () => json(200, []);
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-2'),
    fetch: (input, init) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        authorization: new Headers(init?.headers).get('Authorization'),
      };
      calls.push(call);
      return Promise.resolve(respond(call));
    },
  });
});

async function open() {
  const user = userEvent.setup();
  const result = await renderWithApp(<ArchivedAgreementsSection />, {
    auth: await createTestAuth(sponsor),
    path: '/profile/',
  });
  return { user, ...result };
}

describe('ArchivedAgreementsSection', () => {
  it('shows nothing while loading and when no agreement is kept', async () => {
    let answer: (response: Response) => void = () => undefined;
    respond = () => new Promise<Response>((resolve) => (answer = resolve));
    const { container } = await open();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();

    answer(json(200, []));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading', { name: 'Aufbewahrte Vereinbarungen' })).not.toBeInTheDocument();
  });

  it('lists each agreement with organisation, event, date, amount, signing and retention, in both languages', async () => {
    respond = () =>
      json(200, [agreement(), agreement({ id: 4, event_title: 'Herbstfest', amount_cents: null, file_name: 'b.pdf' })]);
    await open();
    const section = await screen.findByRole('region', { name: 'Aufbewahrte Vereinbarungen' });
    expect(section).toHaveTextContent(/gesetzlichen Aufbewahrungspflicht/);
    const [first, second] = within(section).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { level: 3, name: 'Sommerlauf 2025' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Sportverein Musterstadt e. V.');
    expect(first).toHaveTextContent('14.06.2025');
    expect(first).toHaveTextContent('2.500,00 €');
    expect(first).toHaveTextContent('Unterschrieben am02.05.2025');
    expect(first).toHaveTextContent('Aufbewahrt bis01.01.2036');
    expect(second).toHaveTextContent('Kein Betrag vereinbart');
    expect(
      within(first!).getByRole('button', { name: 'Vereinbarung unterschrieben.pdf (Sommerlauf 2025) herunterladen' }),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', url: '/api/archived-agreements', authorization: 'Bearer token-2' }]);

    await changeLanguage('en');
    const english = await screen.findByRole('region', { name: 'Retained agreements' });
    const item = within(english).getAllByRole('listitem')[0]!;
    expect(item).toHaveTextContent('14/06/2025');
    expect(item).toHaveTextContent('€2,500.00');
    expect(item).toHaveTextContent('Kept until01/01/2036');
    expect(
      within(item).getByRole('button', { name: 'Download Vereinbarung unterschrieben.pdf (Sommerlauf 2025)' }),
    ).toBeInTheDocument();
    await changeLanguage('de');
  });

  it('downloads the PDF with the bearer token through the download helper, from the keyboard', async () => {
    respond = (call) =>
      call.url.endsWith('/file')
        ? new Response(new TextEncoder().encode('%PDF-1.4 archived'), {
            status: 200,
            headers: { 'Content-Type': 'application/pdf' },
          })
        : json(200, [agreement()]);
    const { user } = await open();
    const button = await screen.findByRole('button', { name: /Vereinbarung unterschrieben\.pdf/ });
    button.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(saveBlobAs).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveBlobAs).mock.calls[0]!;
    expect(name).toBe('Vereinbarung unterschrieben.pdf');
    expect(await blob.text()).toBe('%PDF-1.4 archived');
    expect(calls.at(-1)).toEqual({
      method: 'GET',
      url: '/api/archived-agreements/3/file',
      authorization: 'Bearer token-2',
    });
  });

  it('reports a failed download in a toast', async () => {
    respond = (call) =>
      call.url.endsWith('/file')
        ? json(404, { detail: 'Not found', code: 'request.not-found' })
        : json(200, [agreement()]);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: /Vereinbarung unterschrieben\.pdf/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/^Der Download ist fehlgeschlagen: /)),
    );
    expect(saveBlobAs).not.toHaveBeenCalled();
  });

  it('shows an error with a retry that loads the list again', async () => {
    respond = () => json(500, { detail: 'boom', code: 'server.internal' });
    const { user } = await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Die aufbewahrten Vereinbarungen konnten nicht geladen werden: /);
    expect(alert).not.toHaveTextContent('boom');

    respond = () => json(200, [agreement()]);
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Sommerlauf 2025' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/archived-agreements')).toHaveLength(2);
  });
});
