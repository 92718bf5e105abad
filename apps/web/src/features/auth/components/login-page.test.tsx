import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdEarlySubmits } from '@/lib/early-submit';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { identityError, signInAnswer, startFakeBackend, type FakeBackend } from '../testing/fake-backend';
import { LoginPage } from './login-page';

let backend: FakeBackend;

beforeEach(async () => {
  backend = await startFakeBackend();
});

afterEach(async () => {
  await backend.close();
});

function profile(onboardingCompleted: boolean, role: string | null) {
  return {
    status: 200,
    body: {
      user: {
        cognito_id: 'sub-1',
        role,
        organisation_id: null,
        organisation_name: null,
        profile_picture: null,
        onboarding_completed: onboardingCompleted,
        organisation_role: null,
        email: 'anna@verein.de',
        adresse_id: null,
        street: null,
        house_number: null,
        postal_code: null,
        city: null,
        country: null,
        phone_number: null,
        updated_at: null,
      },
    },
  };
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-Mail-Adresse'), email);
  await user.type(screen.getByLabelText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Einloggen' }));
}

describe('LoginPage', () => {
  it('requires e-mail and password and links to password reset and registration', async () => {
    await renderWithApp(<LoginPage />, { config: backend.config });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Einloggen' }));
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forget-password/');
    expect(screen.getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute('href', '/register/');
    expect(backend.requests).toEqual([]);
  });

  it('prefills the e-mail address it was given', async () => {
    await renderWithApp(<LoginPage email="anna@verein.de" />, { config: backend.config });
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveValue('anna@verein.de');
  });

  it('shows the login error in red under the form', async () => {
    backend.identity.set('InitiateAuth', () =>
      identityError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const { auth } = await renderWithApp(<LoginPage />, { config: backend.config });
    await logIn('anna@verein.de', 'falsch');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fehler beim Login: E-Mail-Adresse oder Passwort ist falsch.');
    expect(alert).toHaveClass('text-destructive');
    expect(backend.identityCalls('InitiateAuth')[0]?.body).toMatchObject({
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'anna@verein.de', PASSWORD: 'falsch' },
    });
    expect(auth.getState().status).toBe('signedOut');
  });

  it('offers the verify page to a user whose address is not confirmed', async () => {
    backend.identity.set('InitiateAuth', () => identityError('UserNotConfirmedException', 'User is not confirmed.'));
    await renderWithApp(<LoginPage />, { config: backend.config });
    await logIn('anna@verein.de', 'Geheim1!');
    expect(await screen.findByRole('link', { name: 'E-Mail-Adresse jetzt bestätigen' })).toHaveAttribute(
      'href',
      '/verify/anna%40verein.de',
    );
  });

  it('signs in and sends an onboarded organiser to the organiser dashboard', async () => {
    backend.identity.set('InitiateAuth', () => signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }));
    backend.api.set('GET /api/user-profile/sub-1', () => profile(true, 'beides'));
    const { auth, history } = await renderWithApp(<LoginPage />, { config: backend.config });
    await logIn('anna@verein.de', 'Geheim1!');
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/'));
    expect(auth.getState()).toEqual({ status: 'isOnBoarded', user: { sub: 'sub-1', email: 'anna@verein.de' } });
    expect(backend.requests.find((r) => r.path === '/api/user-profile/sub-1')?.headers.authorization).toBe(
      'Bearer test-access-token',
    );
  });

  it('signs in with what was submitted before the app started (lib/early-submit.ts), once', async () => {
    // A page load of its own: earlier tests' apps have started.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('sponsoring-platform.early-submit')];
    // The prerendered form as the inline script saw it: submitted, its values held.
    const prerendered = document.createElement('form');
    prerendered.innerHTML = '<input name="email" value="anna@verein.de" /><input name="password" value="Geheim1!" />';
    holdEarlySubmits(prerendered, window.location);
    prerendered.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));

    backend.identity.set('InitiateAuth', () => signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }));
    backend.api.set('GET /api/user-profile/sub-1', () => profile(true, 'beides'));
    const { history } = await renderWithApp(<LoginPage />, { config: backend.config });
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard/organizer/'));
    expect(backend.identityCalls('InitiateAuth')).toHaveLength(1);
    expect(backend.identityCalls('InitiateAuth')[0]?.body).toMatchObject({
      AuthParameters: { USERNAME: 'anna@verein.de', PASSWORD: 'Geheim1!' },
    });
  });

  it('sends a user who has not finished onboarding to the onboarding', async () => {
    backend.identity.set('InitiateAuth', () => signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }));
    backend.api.set('GET /api/user-profile/sub-1', () => profile(false, null));
    const { auth, history } = await renderWithApp(<LoginPage redirect="/profile/" />, { config: backend.config });
    await logIn('anna@verein.de', 'Geheim1!');
    await waitFor(() => expect(history.location.pathname).toBe('/on-boarding/'));
    expect(auth.getState().status).toBe('signedIn');
  });

  it('follows a same-origin redirect once onboarded, and ignores a foreign one', async () => {
    backend.identity.set('InitiateAuth', () => signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }));
    backend.api.set('GET /api/user-profile/sub-1', () => profile(true, 'sponsor'));
    const first = await renderWithApp(<LoginPage redirect="/chats/?id=4" />, { config: backend.config });
    await logIn('anna@verein.de', 'Geheim1!');
    await waitFor(() => expect(first.history.location.href).toBe('/chats/?id=4'));
    first.unmount();

    const second = await renderWithApp(<LoginPage redirect="//evil.example/" />, { config: backend.config });
    await logIn('anna@verein.de', 'Geheim1!');
    await waitFor(() => expect(second.history.location.pathname).toBe('/dashboard-sponsor'));
  });

  it('asks for the authenticator code when two-factor sign-in is on, and refuses a wrong one', async () => {
    backend.identity.set('InitiateAuth', () => ({
      status: 200,
      body: { ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: {}, Session: 'challenge-session' },
    }));
    let answers = 0;
    backend.identity.set('RespondToAuthChallenge', () =>
      ++answers === 1
        ? identityError('CodeMismatchException', 'Invalid code received for user')
        : signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }),
    );
    backend.api.set('GET /api/user-profile/sub-1', () => profile(true, 'sponsor'));
    const { auth, history } = await renderWithApp(<LoginPage />, { config: backend.config });
    await logIn('anna@verein.de', 'Geheim1!');
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Sechsstelliger Code');
    expect(code).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Der Code besteht aus genau 6 Ziffern.')).toBeInTheDocument();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus Ihrer Authenticator-App ein.',
    );
    expect(backend.identityCalls('RespondToAuthChallenge')[0]?.body).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: 'challenge-session',
      ChallengeResponses: { USERNAME: 'anna@verein.de', SOFTWARE_TOKEN_MFA_CODE: '123456' },
    });
    await user.type(screen.getByLabelText('Sechsstelliger Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard-sponsor'));
    expect(auth.getState().status).toBe('isOnBoarded');
  });

  it('lets a user with a temporary password set a new one, in English too', async () => {
    backend.identity.set('InitiateAuth', () => ({
      status: 200,
      body: {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1', requiredAttributes: '[]', userAttributes: '{}' },
        Session: 'challenge-session',
      },
    }));
    backend.identity.set('RespondToAuthChallenge', () => signInAnswer({ sub: 'sub-1', email: 'anna@verein.de' }));
    backend.api.set('GET /api/user-profile/sub-1', () => profile(false, null));
    await changeLanguage('en');
    const { history } = await renderWithApp(<LoginPage />, { config: backend.config });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail address'), 'anna@verein.de');
    await user.type(screen.getByLabelText('Password'), 'Temp-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'Mein-Eigenes-Passwort-7');
    await user.type(screen.getByLabelText('Repeat password'), 'Mein-Eigenes-Passwort-8');
    await user.click(screen.getByRole('button', { name: 'Set password and log in' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(backend.identityCalls('RespondToAuthChallenge')).toEqual([]);
    await user.clear(screen.getByLabelText('Repeat password'));
    await user.type(screen.getByLabelText('Repeat password'), 'Mein-Eigenes-Passwort-7');
    await user.click(screen.getByRole('button', { name: 'Set password and log in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/on-boarding/'));
    expect(backend.identityCalls('RespondToAuthChallenge')[0]?.body).toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'challenge-session',
      ChallengeResponses: { USERNAME: 'anna@verein.de', NEW_PASSWORD: 'Mein-Eigenes-Passwort-7' },
    });
  });
});
