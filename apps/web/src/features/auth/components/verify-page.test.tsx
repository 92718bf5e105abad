import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@sp/shared';
import { renderWithApp } from '@/testing/render';
import { identityError, signInAnswer, startFakeBackend, type FakeBackend } from '../testing/fake-backend';
import { VerifyPage } from './verify-page';

let backend: FakeBackend;

beforeEach(async () => {
  backend = await startFakeBackend();
});

afterEach(async () => {
  await backend.close();
  sessionStorage.clear();
});

describe('VerifyPage', () => {
  it('offers a one-time-code field that keeps only digits and requires exactly six', async () => {
    const user = userEvent.setup();
    await renderWithApp(<VerifyPage email="anna@verein.de" />, { config: backend.config });
    expect(screen.getByText('anna@verein.de')).toBeInTheDocument();
    const code = screen.getByLabelText('Bestätigungscode');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '12a34 5');
    expect(code).toHaveValue('12345');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Der Code besteht aus genau 6 Ziffern.')).toBeInTheDocument();
    expect(backend.requests).toEqual([]);
  });

  it('confirms the sign-up and continues to the login with the address filled in', async () => {
    backend.identity.set('ConfirmSignUp', () => ({ status: 200, body: {} }));
    const user = userEvent.setup();
    const { history } = await renderWithApp(<VerifyPage email="anna@verein.de" />, { config: backend.config });
    await user.type(screen.getByLabelText('Bestätigungscode'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(history.location.pathname).toBe('/login/'));
    expect(history.location.search).toContain('anna%40verein.de');
    expect(backend.identityCalls('ConfirmSignUp')[0]?.body).toMatchObject({
      Username: 'anna@verein.de',
      ConfirmationCode: '123456',
      ForceAliasCreation: true,
    });
  });

  it('marks a wrong code on the field under the spec message', async () => {
    backend.identity.set('ConfirmSignUp', () =>
      identityError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
    );
    const user = userEvent.setup();
    await renderWithApp(<VerifyPage email="anna@verein.de" />, { config: backend.config });
    await user.type(screen.getByLabelText('Bestätigungscode'), '654321');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler bei der Bestätigung');
    expect(
      screen.getByText('Der Code stimmt nicht. Bitte prüfen Sie ihn oder fordern Sie einen neuen an.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Bestätigungscode')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the code again in the chosen language', async () => {
    backend.identity.set('ResendConfirmationCode', () => ({ status: 200, body: { CodeDeliveryDetails: {} } }));
    await renderWithApp(<VerifyPage email="anna@verein.de" />, { config: backend.config });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Code erneut senden' }));
    await waitFor(() => expect(backend.identityCalls('ResendConfirmationCode')).toHaveLength(1));
    expect(backend.identityCalls('ResendConfirmationCode')[0]?.body).toMatchObject({
      Username: 'anna@verein.de',
      ClientMetadata: { language: 'de' },
    });
  });

  it('for an invitation: confirms, signs in with the kept password, accepts, and forgets what was kept', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingPassword, 'Geheim1!');
    localStorage.setItem(STORAGE_KEYS.invitationToken, 'tok-1');
    backend.identity.set('ConfirmSignUp', () => ({ status: 200, body: {} }));
    backend.identity.set('InitiateAuth', () => signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }));
    backend.api.set('POST /api/invitations/accept/tok-1', () => ({ status: 200, body: {} }));
    const user = userEvent.setup();
    const { history, auth } = await renderWithApp(<VerifyPage email="anna@verein.de" invited token="tok-1" />, {
      config: backend.config,
    });
    await user.type(screen.getByLabelText('Bestätigungscode'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));

    await waitFor(() => expect(history.location.pathname).toBe('/on-boarding/'));
    expect(backend.identityCalls('ConfirmSignUp')[0]?.body).toMatchObject({
      ClientMetadata: { invitationToken: 'tok-1' },
    });
    expect(backend.requests.find((r) => r.path === '/api/invitations/accept/tok-1')?.body).toEqual({
      token: 'tok-1',
      cognitoId: 'sub-1',
      email: 'anna@verein.de',
    });
    expect(sessionStorage.getItem(STORAGE_KEYS.pendingPassword)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.invitationToken)).toBeNull();
    expect(auth.getState().status).toBe('signedIn');
  });

  it('for an invitation: reports a failed acceptance and retries without confirming again', async () => {
    sessionStorage.setItem(STORAGE_KEYS.pendingPassword, 'Geheim1!');
    backend.identity.set('ConfirmSignUp', () => ({ status: 200, body: {} }));
    backend.identity.set('InitiateAuth', () => signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }));
    const user = userEvent.setup();
    await renderWithApp(<VerifyPage email="anna@verein.de" invited token="tok-1" />, { config: backend.config });
    await user.type(screen.getByLabelText('Bestätigungscode'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Benutzerdaten konnten nicht abgerufen werden.');
    expect(sessionStorage.getItem(STORAGE_KEYS.pendingPassword)).toBe('Geheim1!');

    // The alert can show while the button still says it is busy; wait until it is ready again.
    await user.click(await screen.findByRole('button', { name: 'Bestätigen' }, { timeout: 5000 }));
    await waitFor(() => expect(backend.identityCalls('InitiateAuth')).toHaveLength(2));
    expect(backend.identityCalls('ConfirmSignUp')).toHaveLength(1);
  });
});
