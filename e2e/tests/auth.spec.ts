// Authentication end to end against the production build: registration with an invitation code and
// the e-mailed confirmation code, login, the role redirect to onboarding, wrong inputs, the password
// reset, and the logout (which also revokes the refresh token at the identity provider).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createInvitationCode } from '../support/admin.ts';
import { latestMailId, waitForCode } from '../support/mailbox.ts';

const PASSWORD = 'Kanu-Wiesel-2024!';
const SIGN_UP_SUBJECT = /Bestätigungscode|confirmation code/i;
const RESET_SUBJECT = /Zurücksetzen|reset/i;

let counter = 0;
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.org`;
}

type RuntimeConfig = { identityEndpoint: string; clientId: string };

async function identityCall(request: APIRequestContext, operation: string, body: Record<string, unknown>) {
  const config = (await (await request.get('/config.json')).json()) as RuntimeConfig;
  const response = await request.post(config.identityEndpoint, {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    data: JSON.stringify({ ClientId: config.clientId, ...body }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** A confirmed account made through the identity provider's API, not the UI. */
async function createConfirmedUser(request: APIRequestContext, email: string, password = PASSWORD) {
  const invitationCode = createInvitationCode();
  const signUp = await identityCall(request, 'SignUp', {
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
    ClientMetadata: { invitationCode },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const code = await waitForCode(email, SIGN_UP_SUBJECT);
  const confirm = await identityCall(request, 'ConfirmSignUp', { Username: email, ConfirmationCode: code });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
}

/** A confirmed user who finished onboarding with `role`, made through the identity provider and the API. */
async function createOnboardedUser(request: APIRequestContext, email: string, role: 'veranstalter' | 'sponsor') {
  await createConfirmedUser(request, email);
  const signIn = await identityCall(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: PASSWORD },
  });
  const { AccessToken } = signIn.body.AuthenticationResult as { AccessToken: string };
  const onboarding = await request.post('/api/user-profile', {
    headers: { authorization: `Bearer ${AccessToken}` },
    data: {
      role,
      organisation_name: 'Turnverein Musterstadt',
      street: 'Hauptstraße',
      house_number: '1',
      postal_code: '12345',
      city: 'Musterstadt',
      country: 'DE',
    },
  });
  expect(onboarding.status(), await onboarding.text()).toBe(201);
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login/');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
}

test.describe('authentication', () => {
  test('registers with an invitation code, confirms the e-mail, signs in and lands on the onboarding', async ({
    page,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    const email = uniqueEmail('register');
    const invitationCode = createInvitationCode();

    await page.goto('/register/');
    await expect(page.getByRole('heading', { level: 1, name: 'Herzlich Willkommen' })).toBeVisible();
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Einladungscode').fill(invitationCode);
    await page.getByRole('button', { name: 'Jetzt registrieren' }).click();

    await expect(
      page.getByText(
        'Registrierung erfolgreich! Bitte bestätigen Sie Ihre E-Mail-Adresse mit dem Code aus unserer E-Mail.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/verify/${encodeURIComponent(email)}$`));
    const code = await waitForCode(email, SIGN_UP_SUBJECT);
    await page.getByLabel('Bestätigungscode').fill(code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();

    await expect(page.getByText('Bestätigung erfolgreich! Sie können sich jetzt anmelden.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/\?/);
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();

    await expect(page.getByText('Login erfolgreich!')).toBeVisible();
    await expect(page).toHaveURL(/\/on-boarding\/$/);
    await page.reload();
    await expect(page).toHaveURL(/\/on-boarding\/$/);
    expect(consoleErrors).toEqual([]);
  });

  test('refuses a wrong invitation code before signing up', async ({ page }) => {
    const email = uniqueEmail('wrong-code');
    await page.goto('/register/');
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Einladungscode').fill('NOPE-NOPE-NOPE');
    await page.getByRole('button', { name: 'Jetzt registrieren' }).click();

    await expect(page.getByRole('alert')).toHaveText('Ungültiger Einladungscode');
    await expect(page).toHaveURL(/\/register\/$/);
    await expect(page.getByLabel('Einladungscode')).toBeFocused();
  });

  test('shows the login error for a wrong password', async ({ page, request }) => {
    const email = uniqueEmail('wrong-password');
    await createConfirmedUser(request, email);
    await logInThroughForm(page, email, 'Not-the-password-1');
    await expect(page.getByRole('alert')).toContainText('Fehler beim Login: E-Mail-Adresse oder Passwort ist falsch.');
    await expect(page).toHaveURL(/\/login\/$/);
  });

  test('resets a forgotten password with the e-mailed code and signs in with the new one', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    await createConfirmedUser(request, email);
    const before = await latestMailId();

    await page.goto('/login/');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(page).toHaveURL(/\/forget-password\/$/);
    // The URL changes when the navigation starts; until the page is shown, the label is the login form's.
    await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByRole('button', { name: 'Code zum Zurücksetzen senden' }).click();

    await expect(page).toHaveURL(new RegExp(`/reset-password/${encodeURIComponent(email)}$`));
    await expect(page.getByLabel('E-Mail-Adresse')).toBeDisabled();
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
    const code = await waitForCode(email, RESET_SUBJECT, { after: before });

    const newPassword = 'Neues-Passwort-7';
    await page.getByLabel('Code aus der E-Mail').fill(code);
    await page.getByLabel('Neues Passwort').fill(newPassword);
    await page.getByLabel('Passwort wiederholen').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();

    await page.getByLabel('Passwort wiederholen').fill(newPassword);
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await expect(page.getByText('Passwort wurde erfolgreich zurückgesetzt.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/\?/);
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);

    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page.getByRole('alert')).toContainText('Fehler beim Login:');

    await page.getByLabel('Passwort', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect(page).toHaveURL(/\/on-boarding\/$/);
  });

  for (const [role, target] of [
    ['veranstalter', /\/dashboard\/organizer\/$/],
    ['sponsor', /\/dashboard-sponsor$/],
  ] as const) {
    test(`sends an onboarded ${role} to their dashboard after login`, async ({ page, request }) => {
      const email = uniqueEmail(`onboarded-${role}`);
      await createOnboardedUser(request, email, role);

      await logInThroughForm(page, email, PASSWORD);
      await expect(page.getByText('Login erfolgreich!')).toBeVisible();
      await expect(page).toHaveURL(target);
    });
  }

  // The login page starts without the query client (docs/decisions/006-bundle-budget.md, fifth
  // round): it must be there for the header's signed-in parts, after a sign-in and on a signed-in start.
  test('signs in from the login page and opens it again signed in, without errors', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    const email = uniqueEmail('login-twice');
    await createOnboardedUser(request, email, 'veranstalter');

    await logInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/organizer\/$/);
    await page.goto('/login/');
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await expect(page.getByText(`Angemeldet als ${email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Benachrichtigungen', exact: true }).click();
    await expect(page.getByText(/^Keine Benachrichtigungen\./)).toBeVisible();
    expect(errors).toEqual([]);
  });

  // Links in mails and the profile page open these pages directly; the e-mail's ".de" must not make
  // the server take the path for a missing file.
  test('opens /verify/{email} and /reset-password/{email} on a full page load', async ({ page }) => {
    await page.goto('/verify/anna%40verein.de');
    await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse bestätigen' })).toBeVisible({
      timeout: 3000,
    });
    await page.goto('/reset-password/anna%40verein.de');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('anna@verein.de', { timeout: 3000 });
  });

  test('logs out: toast, login page, and the refresh token no longer works', async ({ page, request }) => {
    const email = uniqueEmail('logout');
    await createConfirmedUser(request, email);
    await logInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/on-boarding\/$/);

    const refreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.refreshToken'));
      return key ? localStorage.getItem(key) : null;
    });
    expect(refreshToken).toBeTruthy();

    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Erfolgreich Logout!!')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/$/);
    const tokenKeys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => /\.(idToken|accessToken|refreshToken|LastAuthUser)$/.test(k)),
    );
    expect(tokenKeys).toEqual([]);

    const refresh = await identityCall(request, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.__type).toBe('NotAuthorizedException');

    await page.goto('/profile/');
    await expect(page).toHaveURL(/\/login\/\?/);
  });
});
