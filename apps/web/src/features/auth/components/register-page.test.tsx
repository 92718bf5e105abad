import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { identityError, startFakeBackend, type FakeBackend } from '../testing/fake-backend';
import { RegisterPage } from './register-page';
import { loadPasswordStrength } from '@/lib/password/password-strength';

let backend: FakeBackend;

// The submit awaits the password-strength check, which loads (and ranks its word lists) on first use.
beforeAll(async () => {
  (await loadPasswordStrength())('warm-up');
}, 30_000);

beforeEach(async () => {
  backend = await startFakeBackend();
});

afterEach(async () => {
  await backend.close();
});

async function fillForm(values: { email?: string; password?: string; code?: string }) {
  const user = userEvent.setup();
  if (values.email) await user.type(screen.getByLabelText('E-Mail-Adresse'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Passwort'), values.password);
  if (values.code) await user.type(screen.getByLabelText('Einladungscode'), values.code);
  await user.click(screen.getByRole('button', { name: 'Jetzt registrieren' }));
  return user;
}

describe('RegisterPage', () => {
  it('shows the card, the placeholder and the links to the terms and the privacy notice', async () => {
    await renderWithApp(<RegisterPage />, { config: backend.config });
    expect(screen.getByRole('heading', { level: 1, name: 'Herzlich Willkommen' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('placeholder', 'E-Mail-Adresse Ihrer Organisation');
    expect(screen.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
    expect(screen.getByRole('link', { name: 'Datenschutzhinweise' })).toHaveAttribute('href', '/privacy-notice/');
  });

  it('asks for every field and for a valid e-mail address before calling anyone', async () => {
    await renderWithApp(<RegisterPage />, { config: backend.config });
    const user = await fillForm({});
    expect(await screen.findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Ihren Einladungscode ein.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('E-Mail-Adresse')).toHaveFocus());

    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@');
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.requests).toEqual([]);
  });

  it('ticks off the password rules and refuses a password that breaks them', async () => {
    await renderWithApp(<RegisterPage />, { config: backend.config });
    await fillForm({ email: 'anna@verein.de', password: 'kurz', code: 'ABCD-EFGH-JKLM' });
    expect(await screen.findByText('Das Passwort erfüllt noch nicht alle Anforderungen.')).toBeInTheDocument();
    expect(screen.getByText('einen Kleinbuchstaben').closest('li')).toHaveTextContent('erfüllt');
    expect(screen.getByText('eine Ziffer').closest('li')).toHaveTextContent('fehlt noch');
    expect(backend.requests).toEqual([]);
  });

  it('rates the password while it is typed and refuses a common one with the reason, before calling anyone', async () => {
    await renderWithApp(<RegisterPage />, { config: backend.config });
    await fillForm({ email: 'anna@verein.de', password: 'Passwort1!', code: 'ABCD-EFGH-JKLM' });
    const reason = 'Dieses Passwort gehört zu den häufigsten Passwörtern und wird bei Angriffen zuerst probiert.';
    // At the field (its error) and in the meter's advice; the check loads on first use.
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2), { timeout: 5000 });
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('aria-invalid', 'true');
    const meter = screen.getByRole('meter', { name: /Passwortstärke/ });
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuetext', 'mittel'), { timeout: 5000 });
    expect(meter.closest('[data-password-strength]')?.querySelector('[aria-live="polite"]')).toHaveTextContent(
      'Passwortstärke: mittel',
    );
    expect(backend.requests).toEqual([]);

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Passwort'));
    await user.type(screen.getByLabelText('Passwort'), 'Wiesel-Kanu-Mond-7');
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuetext', 'sehr stark'), { timeout: 5000 });
  });

  it('shows and hides the password with the toggle', async () => {
    const user = userEvent.setup();
    await renderWithApp(<RegisterPage />, { config: backend.config });
    const password = screen.getByLabelText('Passwort');
    await user.type(password, 'Wiesel-Kanu-Mond-7');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('Wiesel-Kanu-Mond-7');
    const toggle = screen.getByRole('button', { name: 'Passwort verbergen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('stops at an invalid invitation code without signing up', async () => {
    backend.api.set('GET /api/invite/WRONG-CODE', () => ({
      status: 404,
      body: { detail: 'Not found', code: 'request.not-found' },
    }));
    await renderWithApp(<RegisterPage />, { config: backend.config });
    await fillForm({ email: 'anna@verein.de', password: 'Wiesel-Kanu-Mond-7', code: 'WRONG-CODE' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ungültiger Einladungscode');
    expect(alert).toHaveClass('text-destructive');
    await waitFor(() => expect(screen.getByLabelText('Einladungscode')).toHaveFocus());
    expect(screen.getByLabelText('Einladungscode')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/invite/WRONG-CODE']);
    expect(backend.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('signs up with the code as validation data and client metadata, then goes to the verify page', async () => {
    backend.api.set('GET /api/invite/GOOD-CODE', () => ({ status: 200, body: { valid: true } }));
    backend.identity.set('SignUp', () => ({
      status: 200,
      body: { UserConfirmed: false, UserSub: 'sub-1', CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } },
    }));
    const { history } = await renderWithApp(<RegisterPage />, { config: backend.config });
    await fillForm({ email: 'anna@verein.de', password: 'Wiesel-Kanu-Mond-7', code: 'GOOD-CODE' });

    await waitFor(() => expect(history.location.pathname).toBe('/verify/anna%40verein.de'));
    const [signUp] = backend.identityCalls('SignUp');
    expect(signUp?.body).toMatchObject({
      Username: 'anna@verein.de',
      Password: 'Wiesel-Kanu-Mond-7',
      UserAttributes: [{ Name: 'email', Value: 'anna@verein.de' }],
      ValidationData: [{ Name: 'invitationCode', Value: 'GOOD-CODE' }],
      ClientMetadata: { invitationCode: 'GOOD-CODE', language: 'de' },
    });
  });

  it('maps a taken e-mail address to the field and other refusals to the form message', async () => {
    backend.api.set('GET /api/invite/GOOD-CODE', () => ({ status: 200, body: { valid: true } }));
    backend.identity.set('SignUp', () =>
      identityError('UsernameExistsException', 'An account with the given email already exists.'),
    );
    await renderWithApp(<RegisterPage />, { config: backend.config });
    const user = await fillForm({ email: 'anna@verein.de', password: 'Wiesel-Kanu-Mond-7', code: 'GOOD-CODE' });
    expect(
      await screen.findByText('Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte loggen Sie sich ein.'),
    ).toBeInTheDocument();

    backend.identity.set('SignUp', () =>
      identityError('UserLambdaValidationException', 'PreSignUp failed with error Invalid invitation code.'),
    );
    await user.click(screen.getByRole('button', { name: 'Jetzt registrieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ungültiger Einladungscode');

    backend.identity.set('SignUp', () => identityError('LimitExceededException', 'Attempt limit exceeded'));
    await user.click(screen.getByRole('button', { name: 'Jetzt registrieren' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Registrierung fehlgeschlagen: Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
      ),
    );
  });
});
