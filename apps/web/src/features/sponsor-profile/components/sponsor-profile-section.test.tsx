import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SponsorProfileResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { SponsorProfileSection } from './sponsor-profile-section';
import type { ProfileViewer } from '../api/sponsor-profile';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ type: `urn:sp:problem:${code}`, title: code, status, detail: code, code }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

const answer = (change: Partial<SponsorProfileResponse['profile']> = {}, show = false): SponsorProfileResponse => ({
  profile: {
    public_name: '',
    description_de: '',
    description_en: '',
    website: null,
    logo: null,
    updated_at: null,
    ...change,
  },
  consents: [
    {
      sponsorship_id: 5,
      event_title: 'Stadtlauf',
      organisation_name: 'Laufverein',
      status: 'invited',
      show_on_wall: show,
    },
  ],
});

let current: SponsorProfileResponse;
let requests: Array<{ method: string; url: string; body: unknown; headers: Headers }>;
let answerWrite: (method: string, url: string, body: unknown) => Response;
const GUEST = { kind: 'guest', token: 'A'.repeat(43), email: 'anna@firma.example' } as const;

beforeEach(() => {
  vi.clearAllMocks();
  current = answer();
  requests = [];
  answerWrite = () => json(200, current);
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body instanceof Blob ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, url, body, headers: new Headers(init?.headers) });
      if (method === 'GET') return Promise.resolve(json(200, current));
      return Promise.resolve(answerWrite(method, url, body));
    },
  });
});

/** The section starts folded (the sponsor's steps come first): opened by its header, as a sponsor would. */
async function renderOpen(viewer: ProfileViewer) {
  await renderWithApp(<SponsorProfileSection viewer={viewer} />);
  const header = screen.getByRole('button', { name: 'Ihr Sponsorenprofil' });
  expect(header).toHaveAttribute('aria-expanded', 'false');
  await userEvent.setup().click(header);
  expect(header).toHaveAttribute('aria-expanded', 'true');
}

describe('SponsorProfileSection', () => {
  it('saves the profile with the guest link and checks the website first', async () => {
    const user = userEvent.setup();
    await renderOpen(GUEST);
    const form = await screen.findByRole('form', { name: 'Sponsorenprofil' });
    expect(document.getElementById('sponsor-profile')).not.toBeNull();

    await user.type(within(form).getByLabelText('Öffentlicher Name'), 'Bäckerei Korn');
    await user.type(within(form).getByLabelText('Website'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Profil speichern' }));
    expect(await within(form).findByText(/Adresse mit https:\/\//)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.clear(within(form).getByLabelText('Website'));
    await user.type(within(form).getByLabelText('Website'), 'https://korn.example');
    await user.type(within(form).getByLabelText('Kurzbeschreibung (Englisch)'), 'Bread');
    current = answer({ public_name: 'Bäckerei Korn', website: 'https://korn.example', updated_at: '2026-01-01' });
    await user.click(within(form).getByRole('button', { name: 'Profil speichern' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Profil gespeichert.'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/sponsor-profile');
    expect(put.headers.get('Authorization')).toBe(`${GUEST.token}:${GUEST.email}`);
    expect(put.body).toEqual({
      public_name: 'Bäckerei Korn',
      website: 'https://korn.example',
      description_de: '',
      description_en: 'Bread',
    });
  });

  it('uploads a logo as raw bytes, shows the preview, and shows why the server refused one', async () => {
    await renderOpen(GUEST);
    const input = await screen.findByTestId('logo-input');

    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] } });
    expect(await screen.findByText(/SVG-Dateien werden nicht angenommen/)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    answerWrite = () => problem(415, 'logo.svg-refused');
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(await screen.findByText(/SVG-Dateien werden nicht angenommen/)).toBeInTheDocument();

    const url = '/api/public/sponsor-logos/3/0123456789abcdef0123456789abcdef.webp';
    answerWrite = () => json(200, answer({ logo: { url, width: 400, height: 200 } }));
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' })] },
    });
    const preview = await screen.findByRole('img', { name: 'Ihr Logo' });
    expect(preview.getAttribute('src')).toBe(`${window.location.origin}${url}`);
    const upload = requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(upload.url).toBe('/api/sponsor-profile/logo');
    expect(upload.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(upload.body).toBeInstanceOf(Blob);
    expect(screen.getByRole('button', { name: 'Logo entfernen' })).toBeInTheDocument();
  });

  it('keeps what is typed but not saved when a logo is uploaded', async () => {
    const user = userEvent.setup();
    await renderOpen(GUEST);
    const form = await screen.findByRole('form', { name: 'Sponsorenprofil' });
    await user.type(within(form).getByLabelText('Öffentlicher Name'), 'Noch nicht gespeichert');
    const url = '/api/public/sponsor-logos/3/0123456789abcdef0123456789abcdef.webp';
    answerWrite = () => json(200, answer({ logo: { url, width: 40, height: 20 }, updated_at: '2026-02-02' }));
    fireEvent.change(screen.getByTestId('logo-input'), {
      target: { files: [new File([new Uint8Array([0x89])], 'l.png', { type: 'image/png' })] },
    });
    expect(await screen.findByRole('img', { name: 'Ihr Logo' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Öffentlicher Name')).toHaveValue('Noch nicht gespeichert');
  });

  it('asks for a name before the consent', async () => {
    await renderOpen(GUEST);
    const box = await screen.findByRole('checkbox', { name: /Stadtlauf \(Laufverein\)/ });
    expect(box).toBeDisabled();
    expect(screen.getByText('Speichern Sie zuerst einen öffentlichen Namen.')).toBeInTheDocument();
  });

  it('sets the consent when the profile has a name', async () => {
    const user = userEvent.setup();
    current = answer({ public_name: 'Korn', updated_at: '2026-01-01' });
    answerWrite = () => json(200, answer({ public_name: 'Korn', updated_at: '2026-01-01' }, true));
    await renderOpen({ kind: 'user' });
    const box = await screen.findByRole('checkbox', { name: /Stadtlauf/ });
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/sponsorships/5/wall-consent',
      body: { show_on_wall: true },
    });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer token');
  });

  it('shows a retry when the profile cannot be loaded', async () => {
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token'),
      fetch: () => Promise.resolve(problem(403, 'sponsor-profile.sponsors-only')),
    });
    await renderOpen({ kind: 'user' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Nur Sponsoren haben ein Sponsorenprofil.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });
});
