// Users for browser tests, made and signed in through the identity provider's protocol rather than
// the UI (fast, and independent of the login screens): sign-up with a fresh invitation code,
// confirmation with the mailed code, InitiateAuth USER_PASSWORD_AUTH, and the tokens placed where
// amazon-cognito-identity-js looks for them, so the app starts signed in.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createInvitationCode } from './admin.ts';
import { waitForCode } from './mailbox.ts';

export const PASSWORD = 'Kanu-Wiesel-2024!';
const SIGN_UP_SUBJECT = /Bestätigungscode|confirmation code/i;

type RuntimeConfig = { identityEndpoint: string; clientId: string };

export type Tokens = { idToken: string; accessToken: string; refreshToken: string };
export type TestUser = { email: string; password: string; sub: string; tokens: Tokens };

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.org`;
}

async function runtimeConfig(request: APIRequestContext): Promise<RuntimeConfig> {
  return (await (await request.get('/config.json')).json()) as RuntimeConfig;
}

/** One call of the Cognito user-pool JSON protocol at the configured identity endpoint. */
export async function identityCall(
  request: APIRequestContext,
  operation: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const config = await runtimeConfig(request);
  const response = await request.post(config.identityEndpoint, {
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    data: JSON.stringify({ ClientId: config.clientId, ...body }),
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** InitiateAuth with USER_PASSWORD_AUTH; the answer as it is (for tests of refused sign-ins). */
export function initiateAuth(request: APIRequestContext, email: string, password: string) {
  return identityCall(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

function subOf(idToken: string): string {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

/**
 * One invitation code (without a limit of uses, as `createInvitationCode()` makes them) per worker
 * process for the accounts the tests make as a means, not as the thing tested: each operator command
 * is a Node process compiling the admin script, seconds of a core per account otherwise. The specs
 * that test the codes themselves (single use, expired, unknown) make their own.
 */
let workerInvitationCode: string | undefined;
function invitationCodeForTestAccounts(): string {
  workerInvitationCode ??= createInvitationCode();
  return workerInvitationCode;
}

/** A confirmed, signed-in account (tokens fetched, nothing stored in a browser yet). */
export async function createUser(
  request: APIRequestContext,
  { email = uniqueEmail('profile'), password = PASSWORD }: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const signUp = await identityCall(request, 'SignUp', {
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
    ClientMetadata: { invitationCode: invitationCodeForTestAccounts() },
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
  const code = await waitForCode(email, SIGN_UP_SUBJECT);
  const confirm = await identityCall(request, 'ConfirmSignUp', { Username: email, ConfirmationCode: code });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);

  const auth = await initiateAuth(request, email, password);
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  const result = auth.body.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
  const tokens = { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
  return { email, password, sub: subOf(tokens.idToken), tokens };
}

/**
 * Puts the user's tokens into the page's localStorage under amazon-cognito-identity-js's keys
 * (and optionally the interface language), on a same-origin document without the app, so that
 * the next navigation starts the app signed in.
 */
export async function storeSession(page: Page, user: TestUser, options: { language?: 'de' | 'en' } = {}) {
  const config = await runtimeConfig(page.request);
  // The browser asks a JSON document's origin for /favicon.ico (the app uses /favicon.svg); answer it
  // so that the 404 does not show up as a console error.
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto('/config.json');
  await page.evaluate(
    ({ clientId, email, tokens, language }) => {
      const prefix = `CognitoIdentityServiceProvider.${clientId}`;
      localStorage.setItem(`${prefix}.LastAuthUser`, email);
      localStorage.setItem(`${prefix}.${email}.idToken`, tokens.idToken);
      localStorage.setItem(`${prefix}.${email}.accessToken`, tokens.accessToken);
      localStorage.setItem(`${prefix}.${email}.refreshToken`, tokens.refreshToken);
      localStorage.setItem(`${prefix}.${email}.clockDrift`, '0');
      if (language) localStorage.setItem('language', language);
    },
    { clientId: config.clientId, email: user.email, tokens: user.tokens, language: options.language },
  );
}

/** A new account, signed in in this page; onboarding not done yet. */
export async function signInNewUser(page: Page, options: { language?: 'de' | 'en' } = {}): Promise<TestUser> {
  const user = await createUser(page.request);
  await storeSession(page, user, options);
  return user;
}

export type MasterDataBody = {
  organisation_name: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  country: string;
  phone_number?: string | null;
};

export const SAMPLE_MASTER_DATA: MasterDataBody = {
  organisation_name: 'Sportverein Musterstadt e. V.',
  street: 'Hauptstraße',
  house_number: '12a',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
  phone_number: '+49 30 1234567',
};

/** Finishes onboarding through the API (POST /api/user-profile), for tests that start after it. */
export async function completeOnboarding(
  request: APIRequestContext,
  user: TestUser,
  { role = 'veranstalter', ...masterData }: Partial<MasterDataBody> & { role?: string } = {},
): Promise<void> {
  const response = await request.post('/api/user-profile', {
    headers: { Authorization: `Bearer ${user.tokens.accessToken}` },
    data: { ...SAMPLE_MASTER_DATA, ...masterData, role },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A new, onboarded account signed in in this page. */
export async function signInOnboardedUser(
  page: Page,
  options: { role?: string; language?: 'de' | 'en' } & Partial<MasterDataBody> = {},
): Promise<TestUser> {
  const { language, ...profile } = options;
  const user = await createUser(page.request);
  await completeOnboarding(page.request, user, profile);
  await storeSession(page, user, { language });
  return user;
}
