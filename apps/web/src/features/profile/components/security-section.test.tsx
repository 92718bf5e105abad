import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createTestAuth, renderWithApp, testConfig } from '@/testing/render';
import { ChangePasswordForm } from './change-password-form';
import { SecuritySection } from './security-section';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const EMAIL = 'anna@verein.de';
const CURRENT_DEVICE = 'eu-central-1_this-device';
const OTHER_DEVICE = 'eu-central-1_other-device';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** An unsigned token the library can decode (it checks expiry, not signatures). */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'RS256' })}.${part({ iat: now, exp: now + 3600, ...claims })}.c2ln`;
}

/** The tokens where amazon-cognito-identity-js keeps a signed-in user. */
function signInLibrary() {
  const prefix = `CognitoIdentityServiceProvider.${testConfig.clientId}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, EMAIL);
  localStorage.setItem(
    `${prefix}.${EMAIL}.accessToken`,
    token({ sub: 'u-1', token_use: 'access', device_key: CURRENT_DEVICE }),
  );
  localStorage.setItem(`${prefix}.${EMAIL}.idToken`, token({ sub: 'u-1', email: EMAIL, token_use: 'id' }));
  localStorage.setItem(`${prefix}.${EMAIL}.refreshToken`, 'refresh-token');
  localStorage.setItem(`${prefix}.${EMAIL}.clockDrift`, '0');
}

type Answer = { status?: number; body: unknown };
let answers: Record<string, (body: Record<string, unknown>) => Answer>;
let calls: Array<{ operation: string; body: Record<string, unknown> }>;

beforeEach(() => {
  signInLibrary();
  calls = [];
  toast.success.mockClear();
  const device = (key: string, name: string, lastSeconds: number) => ({
    DeviceKey: key,
    DeviceAttributes: [{ Name: 'device_name', Value: name }],
    DeviceLastAuthenticatedDate: Date.now() / 1000 - lastSeconds,
  });
  let devices = [device(OTHER_DEVICE, FIREFOX_WINDOWS, 3 * 3600), device(CURRENT_DEVICE, CHROME_LINUX, 60)];
  answers = {
    GetUser: () => ({ body: { Username: 'u-1', UserAttributes: [], UserMFASettingList: [] } }),
    // getUserData({ bypassCache: true }) refreshes the tokens after reading the user.
    InitiateAuth: () => ({
      body: {
        AuthenticationResult: {
          AccessToken: token({ sub: 'u-1', token_use: 'access', device_key: CURRENT_DEVICE }),
          IdToken: token({ sub: 'u-1', email: EMAIL, token_use: 'id' }),
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      },
    }),
    ListDevices: () => ({ body: { Devices: devices } }),
    ForgetDevice: (body) => {
      devices = devices.filter((d) => d.DeviceKey !== body.DeviceKey);
      return { body: {} };
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const operation = String((init.headers as Record<string, string>)['X-Amz-Target']).split('.')[1] ?? '';
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ operation, body });
      const answer = answers[operation]?.(body) ?? {
        status: 400,
        body: { __type: 'UnknownOperationException', message: operation },
      };
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'Content-Type': 'application/x-amz-json-1.1' },
        }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const fail = (type: string, message: string) => ({ status: 400, body: { __type: type, message } });

describe('SecuritySection', () => {
  it('sets up two-factor sign-in with the shown key and QR code, refusing a wrong code', async () => {
    let verified = 0;
    answers.AssociateSoftwareToken = () => ({ body: { SecretCode: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } });
    answers.VerifySoftwareToken = () =>
      ++verified === 1 ? fail('EnableSoftwareTokenMFAException', 'Code mismatch') : { body: { Status: 'SUCCESS' } };
    answers.SetUserMFAPreference = () => ({ body: {} });
    const user = userEvent.setup();
    await renderWithApp(<SecuritySection email={EMAIL} />, { auth: await createTestAuth() });
    expect(
      await screen.findByText('Ausgeschaltet: Zum Login genügt Ihr Passwort.', { exact: false }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }));

    const qr = await screen.findByRole('img', { name: 'QR-Code für die Authenticator-App' });
    expect(qr.getAttribute('data-qr-value')).toBe(
      'otpauth://totp/Sponsoring-Plattform%3Aanna%40verein.de?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Sponsoring-Plattform&algorithm=SHA1&digits=6&period=30',
    );
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByLabelText('Schlüssel zur Eingabe von Hand')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await user.type(screen.getByLabelText('Code aus der App'), '111111');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und einschalten' }));
    expect(
      await screen.findByText('Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus der App ein.'),
    ).toBeInTheDocument();

    answers.GetUser = () => ({
      body: {
        Username: 'u-1',
        UserAttributes: [],
        PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      },
    });
    await user.type(screen.getByLabelText('Code aus der App'), '222222');
    await user.click(screen.getByRole('button', { name: 'Bestätigen und einschalten' }));
    expect(await screen.findByText(/^Eingeschaltet:/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Die Zwei-Faktor-Anmeldung ist eingeschaltet.');
    expect(calls.find((c) => c.operation === 'VerifySoftwareToken')?.body).toMatchObject({ UserCode: '111111' });
    expect(calls.find((c) => c.operation === 'SetUserMFAPreference')?.body).toMatchObject({
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(screen.queryByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeNull();
  });

  it('lists the signed-in devices with this one first and signs another out, in English', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    await renderWithApp(<SecuritySection email={EMAIL} />, { auth: await createTestAuth() });
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Last used 1 minute ago');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Firefox on Windows');
    expect(items[1]).toHaveTextContent('Last used 3 hours ago');

    await user.click(within(items[1]!).getByRole('button', { name: 'Sign out Firefox on Windows' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.find((c) => c.operation === 'ForgetDevice')?.body).toMatchObject({ DeviceKey: OTHER_DEVICE });
    expect(toast.success).toHaveBeenCalledWith('The device has been signed out.');
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });
});

describe('ChangePasswordForm', () => {
  it('changes the password with the current one and says when the current one is wrong', async () => {
    let attempts = 0;
    answers.ChangePassword = () =>
      ++attempts === 1 ? fail('NotAuthorizedException', 'Incorrect username or password.') : { body: {} };
    const onDone = vi.fn();
    const user = userEvent.setup();
    await renderWithApp(<ChangePasswordForm email={EMAIL} onDone={onDone} />, { auth: await createTestAuth() });
    await user.type(screen.getByLabelText('Aktuelles Passwort'), 'Altes-Passwort-1');
    await user.type(screen.getByLabelText('Neues Passwort'), 'Neues-Passwort-fuer-Anna-7');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'Neues-Passwort-fuer-Anna-7');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith('Ihr Passwort wurde geändert. Ihre anderen Geräte wurden abgemeldet.');
    expect(calls.filter((c) => c.operation === 'ChangePassword')[1]?.body).toMatchObject({
      PreviousPassword: 'Altes-Passwort-1',
      ProposedPassword: 'Neues-Passwort-fuer-Anna-7',
    });
  });
});
