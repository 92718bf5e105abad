import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { identityError, startFakeBackend, type FakeBackend } from '../testing/fake-backend';
import { ResetPasswordPage } from './reset-password-page';
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

async function submit(values: { code: string; password: string; confirm: string }) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Code aus der E-Mail'), values.code);
  await user.type(screen.getByLabelText('Neues Passwort'), values.password);
  await user.type(screen.getByLabelText('Passwort wiederholen'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Passwort zurücksetzen' }));
  return user;
}

describe('ResetPasswordPage', () => {
  it('shows the address in a disabled field', async () => {
    await renderWithApp(<ResetPasswordPage email="anna@verein.de" />, { config: backend.config });
    const email = screen.getByLabelText('E-Mail-Adresse');
    expect(email).toBeDisabled();
    expect(email).toHaveValue('anna@verein.de');
  });

  it('requires a six-digit code and two matching passwords', async () => {
    await renderWithApp(<ResetPasswordPage email="anna@verein.de" />, { config: backend.config });
    await submit({ code: '12345', password: 'Neues-Kanu-Boot-8', confirm: 'NeuesPw2!' });
    expect(await screen.findByText('Der Code besteht aus genau 6 Ziffern.')).toBeInTheDocument();
    expect(screen.getByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort wiederholen')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.requests).toEqual([]);
  });

  it('sets the new password and goes to the login', async () => {
    backend.identity.set('ConfirmForgotPassword', () => ({ status: 200, body: {} }));
    const { history } = await renderWithApp(<ResetPasswordPage email="anna@verein.de" />, { config: backend.config });
    await submit({ code: '123456', password: 'Neues-Kanu-Boot-8', confirm: 'Neues-Kanu-Boot-8' });
    await waitFor(() => expect(history.location.pathname).toBe('/login/'));
    expect(backend.identityCalls('ConfirmForgotPassword')[0]?.body).toMatchObject({
      Username: 'anna@verein.de',
      ConfirmationCode: '123456',
      Password: 'Neues-Kanu-Boot-8',
    });
  });

  it('reports a failed reset with the spec message and marks an expired code', async () => {
    backend.identity.set('ConfirmForgotPassword', () =>
      identityError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
    );
    await renderWithApp(<ResetPasswordPage email="anna@verein.de" />, { config: backend.config });
    await submit({ code: '123456', password: 'Neues-Kanu-Boot-8', confirm: 'Neues-Kanu-Boot-8' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Zurücksetzen des Passworts.');
    expect(screen.getByText('Der Code ist abgelaufen. Bitte fordern Sie einen neuen an.')).toBeInTheDocument();
  });

  it('sends the reset code again', async () => {
    backend.identity.set('ForgotPassword', () => ({ status: 200, body: { CodeDeliveryDetails: {} } }));
    await renderWithApp(<ResetPasswordPage email="anna@verein.de" />, { config: backend.config });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Code erneut senden' }));
    await waitFor(() => expect(backend.identityCalls('ForgotPassword')).toHaveLength(1));
  });
});
