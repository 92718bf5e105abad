import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { identityError, startFakeBackend, type FakeBackend } from '../testing/fake-backend';
import { ForgotPasswordPage } from './forgot-password-page';

let backend: FakeBackend;

beforeEach(async () => {
  backend = await startFakeBackend();
});

afterEach(async () => {
  await backend.close();
});

describe('ForgotPasswordPage', () => {
  it('checks the address, sends the code in the chosen language and goes on to the reset page', async () => {
    backend.identity.set('ForgotPassword', () => ({ status: 200, body: { CodeDeliveryDetails: {} } }));
    const user = userEvent.setup();
    const { history } = await renderWithApp(<ForgotPasswordPage />, { config: backend.config });
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna');
    await user.click(screen.getByRole('button', { name: 'Code zum Zurücksetzen senden' }));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-Mail-Adresse'), '@verein.de');
    await user.click(screen.getByRole('button', { name: 'Code zum Zurücksetzen senden' }));
    await waitFor(() => expect(history.location.pathname).toBe('/reset-password/anna%40verein.de'));
    expect(backend.identityCalls('ForgotPassword')[0]?.body).toMatchObject({
      Username: 'anna@verein.de',
      ClientMetadata: { language: 'de' },
    });
  });

  it('reports a failure with the spec message', async () => {
    backend.identity.set('ForgotPassword', () => identityError('LimitExceededException', 'Attempt limit exceeded'));
    const user = userEvent.setup();
    await renderWithApp(<ForgotPasswordPage />, { config: backend.config });
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@verein.de');
    await user.click(screen.getByRole('button', { name: 'Code zum Zurücksetzen senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fehler beim Linkversand: Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    );
  });
});
