// Test support for events and files (imported by tests only): onboarded users and a request helper.
import type { Role } from '@sp/shared';
import { signUpAndSignIn, type IdentityTestApp } from '../../identity/test-support.ts';

export const MASTER_DATA = {
  organisation_name: 'Sportverein Musterstadt e.V.',
  street: 'Hauptstraße',
  house_number: '12a',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
};

export type TestUser = { sub: string; email: string; token: string; organisationId: number };

/** Signs up, signs in and finishes onboarding with `role`, creating a new organisation. */
export async function onboardedUser(t: IdentityTestApp, role: Role): Promise<TestUser> {
  const user = await signUpAndSignIn(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user-profile',
    headers: { authorization: `Bearer ${user.AccessToken}` },
    payload: { role, ...MASTER_DATA },
  });
  if (res.statusCode !== 201) throw new Error(`Onboarding failed: ${res.body}`);
  return { sub: user.sub, email: user.email, token: user.AccessToken, organisationId: res.json().user.organisation_id };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function requester(t: () => IdentityTestApp) {
  return (method: Method, url: string, token: string | null, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

export const validEvent = (change: Record<string, unknown> = {}) => ({
  title: 'Sommerfest 2026',
  event_date: '2026-07-04',
  location: 'Stadtpark Musterstadt',
  description: 'Unser Sommerfest mit Musik und Sport.',
  ...change,
});

/** A small but real PDF document. */
export function pdfBytes(text = 'Sponsoring'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}
