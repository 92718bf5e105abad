import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfileWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp } from '@/testing/render';
import type { ProfileDrawer } from '../profile-drawers';
import { ProfilePage } from './profile-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const anna = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' };
const DAY = 86_400_000;

function profile(overrides: Partial<UserProfileWire> = {}): UserProfileWire {
  return {
    cognito_id: 'u-1',
    role: 'veranstalter',
    organisation_id: 7,
    organisation_name: 'Sportverein Musterstadt e. V.',
    profile_picture: null,
    onboarding_completed: true,
    organisation_role: 'owner',
    email: 'anna@verein.de',
    adresse_id: 7,
    street: 'Hauptstraße',
    house_number: '12a',
    postal_code: '8001',
    city: 'Zürich',
    country: 'CH',
    phone_number: null,
    updated_at: new Date(Date.now() - 61 * DAY).toISOString(),
    ...overrides,
  };
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let respond: (call: Call) => Response | Promise<Response>;
let stored: UserProfileWire;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  stored = profile();
  respond = (call) => {
    if (call.url === '/api/archived-agreements') return json(200, []);
    if (call.method === 'PUT') stored = { ...stored, ...(call.body as object), updated_at: new Date().toISOString() };
    if (call.method === 'DELETE') return new Response(null, { status: 204 });
    return json(200, { user: stored });
  };
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (input, init) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      return Promise.resolve(respond(call));
    },
  });
});

function Harness() {
  const [drawer, setDrawer] = useState<ProfileDrawer | null>(null);
  return <ProfilePage drawer={drawer} onDrawerChange={setDrawer} />;
}

async function open() {
  const user = userEvent.setup();
  const result = await renderWithApp(<Harness />, { auth: await createTestAuth(anna), path: '/profile/' });
  return { user, ...result };
}

describe('ProfilePage', () => {
  it("shows 'Loading...' while the profile loads", async () => {
    respond = () => new Promise<Response>(() => undefined);
    await open();
    expect(await screen.findByRole('status')).toHaveTextContent('Wird geladen …');
  });

  it("shows 'Error: ...' with the spec's message when the profile cannot be loaded", async () => {
    respond = () => json(403, { detail: 'You can only access your own profile', code: 'profile.not-own' });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler: Fehler beim Laden des Benutzerprofils: 403');
  });

  it('shows master data, role and the real time of the last change', async () => {
    await open();
    expect(await screen.findByText('Zuletzt aktualisiert vor 2 Monaten')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeInTheDocument();
    expect(screen.getByText('Sportverein Musterstadt e. V.')).toBeInTheDocument();
    expect(screen.getByText('Hauptstraße 12a')).toBeInTheDocument();
    expect(screen.getByText('Schweiz')).toBeInTheDocument();
    expect(screen.getByText('Veranstalter')).toBeInTheDocument();
    expect(screen.getByText('Nicht angegeben')).toBeInTheDocument();

    await changeLanguage('en');
    expect(await screen.findByText('Last updated 2 months ago')).toBeInTheDocument();
    expect(screen.getByText('Switzerland')).toBeInTheDocument();
  });

  it('shows the retained agreements only when there are some, once both lists have loaded', async () => {
    await open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Meine Daten herunterladen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Aufbewahrte Vereinbarungen' })).not.toBeInTheDocument();
  });

  it('waits for the retained agreements before showing the page, then lists them', async () => {
    let answer: (response: Response) => void = () => undefined;
    const defaults = respond;
    respond = (call) =>
      call.url === '/api/archived-agreements' ? new Promise<Response>((resolve) => (answer = resolve)) : defaults(call);
    await open();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/archived-agreements'));
    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen …');

    answer(
      json(200, [
        {
          id: 1,
          organisation_name: 'Turnverein Nord',
          organisation_address: 'Nordweg 1, 20095 Hamburg, DE',
          event_title: 'Hallenturnier',
          event_date: '2025-11-08',
          sponsor_email: 'anna@verein.de',
          amount_cents: 50_000,
          status: 'signed',
          file_name: 'Turnier.pdf',
          size: 100,
          signed_uploaded_at: '2025-10-01T09:00:00.000Z',
          archived_at: '2025-12-01T09:00:00.000Z',
          retain_until: '2036-01-01T00:00:00.000Z',
        },
      ]),
    );
    const section = await screen.findByRole('region', { name: 'Aufbewahrte Vereinbarungen' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Hallenturnier' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Turnier.pdf (Hallenturnier) herunterladen' })).toBeEnabled();
  });

  it('changes the role in the side drawer and saves it', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Rolle' }));
    const drawer = await screen.findByRole('dialog', { name: 'Rolle ändern' });
    expect(within(drawer).getByRole('radio', { name: 'Veranstalter' })).toHaveFocus();
    const save = within(drawer).getByRole('button', { name: 'Rolle speichern' });
    expect(save).toBeDisabled();
    await user.click(within(drawer).getByRole('radio', { name: 'Sponsor' }));
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'PUT', url: '/api/user-profile/u-1', body: { role: 'sponsor' } });
    expect(toast.success).toHaveBeenCalledWith('Ihre Änderungen wurden gespeichert.');
    expect(await screen.findByText('Sponsor')).toBeInTheDocument();
    expect(screen.getByText('Zuletzt aktualisiert in dieser Minute')).toBeInTheDocument();
  });

  it('edits the master data with the onboarding form, and maps API field errors', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Stammdaten' }));
    const drawer = await screen.findByRole('dialog', { name: 'Stammdaten bearbeiten' });
    expect(within(drawer).getByLabelText('Ort')).toHaveValue('Zürich');
    expect(within(drawer).getByRole('combobox', { name: 'Land' })).toHaveValue('Schweiz');

    respond = () =>
      json(400, { detail: 'Validation failed', code: 'request.validation-failed', fields: { city: 'required' } });
    await user.clear(within(drawer).getByLabelText('Ort'));
    await user.type(within(drawer).getByLabelText('Ort'), 'Hamburg');
    await user.click(within(drawer).getByRole('button', { name: 'Stammdaten speichern' }));
    await waitFor(() =>
      expect(within(drawer).getByLabelText('Ort')).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.'),
    );
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { city: 'Hamburg', country: 'CH', phone_number: null } });

    respond = () => json(500, { detail: 'boom', code: 'server.internal' });
    await user.click(within(drawer).getByRole('button', { name: 'Stammdaten speichern' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Fehler beim Speichern des Benutzerprofils: 500'));
  });

  it('shows the master data read-only to members, with the reason', async () => {
    stored = profile({ organisation_role: 'member' });
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Stammdaten' }));
    const drawer = await screen.findByRole('dialog', { name: 'Stammdaten bearbeiten' });
    expect(within(drawer).getByLabelText('Name der Organisation')).toBeDisabled();
    expect(within(drawer).getByText(/Nur die Person, die die Organisation angelegt hat/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Stammdaten speichern' })).not.toBeInTheDocument();
  });

  it('changes the password in the side drawer with the current one, not with an e-mailed code', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Passwort' }));
    const drawer = await screen.findByRole('dialog', { name: 'Passwort ändern' });
    expect(within(drawer).getByLabelText('Aktuelles Passwort')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(drawer).getByLabelText('Neues Passwort')).toHaveAttribute('autocomplete', 'new-password');
    await user.click(within(drawer).getByRole('button', { name: 'Passwort ändern' }));
    expect(await within(drawer).findByText('Bitte geben Sie Ihr aktuelles Passwort ein.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Code/ })).toBeNull();
  });

  it('cancels the account after confirmation, signs out and goes to the login', async () => {
    const { user, auth, history, queryClient } = await open();
    await user.click(await screen.findByRole('button', { name: 'Konto kündigen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Konto wirklich kündigen?' });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Konto kündigen' }));

    await waitFor(() => expect(history.location.pathname).toBe('/login/'));
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/user-profile/u-1', body: undefined });
    expect(auth.getState().status).toBe('signedOut');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith('Ihr Konto wurde gelöscht.');
  });

  it("reports 'Failed to delete user profile' and stays signed in when the deletion fails", async () => {
    const { user, auth } = await open();
    respond = (call) =>
      call.method === 'DELETE' ? json(500, { detail: 'x', code: 'server.internal' }) : json(200, { user: stored });
    await user.click(await screen.findByRole('button', { name: 'Konto kündigen' }));
    await user.click(await screen.findByRole('button', { name: 'Ja, Konto kündigen' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Das Benutzerprofil konnte nicht gelöscht werden.'));
    expect(auth.getState().status).toBe('signedIn');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
