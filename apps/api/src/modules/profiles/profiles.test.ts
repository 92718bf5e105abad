import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { callIdentity, signUpAndSignIn, startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';

const masterData = {
  organisation_name: 'Sportverein Musterstadt e.V.',
  street: 'Hauptstraße',
  house_number: '12a',
  postal_code: '10115',
  city: 'Berlin',
  country: 'DE',
  phone_number: '+49 30 1234567',
};

describe.each(ENGINES)('user profiles on %s', (engine) => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentityApp(engine);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('refuses every profile call without a token', async () => {
    expect((await call('GET', '/api/user-profile/abc', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/user-profile', null, { role: 'sponsor', ...masterData })).statusCode).toBe(401);
    expect((await call('PUT', '/api/user-profile/abc', null, { role: 'sponsor' })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user-profile/abc', null)).statusCode).toBe(401);
  });

  it('gives a new user a profile that is not onboarded, and only to that user', async () => {
    const me = await signUpAndSignIn(t);
    const other = await signUpAndSignIn(t);
    const res = await call('GET', `/api/user-profile/${me.sub}`, me.AccessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      cognito_id: me.sub,
      email: me.email,
      onboarding_completed: false,
      role: null,
      organisation_id: null,
    });
    expect((await call('GET', `/api/user-profile/${other.sub}`, me.AccessToken)).statusCode).toBe(403);
    expect((await call('PUT', `/api/user-profile/${other.sub}`, me.AccessToken, { role: 'sponsor' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/user-profile/${other.sub}`, me.AccessToken)).statusCode).toBe(403);
  });

  it('finishes onboarding by creating the organisation with the user as its owner', async () => {
    const me = await signUpAndSignIn(t);
    const res = await call('POST', '/api/user-profile', me.AccessToken, {
      role: 'veranstalter',
      ...masterData,
      // Fields a client must not set are ignored.
      organisation_id: 999,
      organisation_role: 'member',
      onboarding_completed: false,
      cognito_id: 'someone-else',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      cognito_id: me.sub,
      role: 'veranstalter',
      organisation_name: masterData.organisation_name,
      organisation_role: 'owner',
      onboarding_completed: true,
      street: 'Hauptstraße',
      house_number: '12a',
      postal_code: '10115',
      city: 'Berlin',
      country: 'DE',
      phone_number: '+49 30 1234567',
    });
    expect(user.organisation_id).not.toBe(999);
    expect(user.adresse_id).toBe(user.organisation_id);
    expect(new Date(user.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const again = await call('POST', '/api/user-profile', me.AccessToken, { role: 'sponsor', ...masterData });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['organisation_name', { organisation_name: '  ' }, 'required'],
    ['street', { street: '' }, 'required'],
    ['house_number', { house_number: undefined }, undefined],
    ['postal_code', { postal_code: '' }, 'required'],
    ['city', { city: '' }, 'required'],
    ['country', { country: 'XX' }, 'invalid_country'],
    ['phone_number', { phone_number: '12345' }, 'invalid_phone'],
    ['phone_number', { phone_number: '1'.repeat(21) }, 'invalid_phone'],
    ['phone_number', { phone_number: '030-1234567' }, 'invalid_phone'],
    ['postal_code', { postal_code: '1234' }, 'invalid_postal_code'],
    ['postal_code', { country: 'AT' }, 'invalid_postal_code'],
  ])('refuses master data with a bad %s, naming the field', async (field, change, message) => {
    const me = await signUpAndSignIn(t);
    const res = await call('POST', '/api/user-profile', me.AccessToken, { role: 'sponsor', ...masterData, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation-failed');
    expect(res.json().fields).toHaveProperty(field);
    if (message) expect(res.json().fields[field]).toBe(message);
    const profile = await call('GET', `/api/user-profile/${me.sub}`, me.AccessToken);
    expect(profile.json().user.onboarding_completed).toBe(false);
  });

  it('accepts a missing or empty phone number and a lower-case country code', async () => {
    const me = await signUpAndSignIn(t);
    const res = await call('POST', '/api/user-profile', me.AccessToken, {
      role: 'sponsor',
      ...masterData,
      phone_number: '',
      country: 'at',
      postal_code: '1010',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ phone_number: null, country: 'AT', role: 'sponsor' });
  });

  it('changes the role and merges partial master data changes', async () => {
    const me = await signUpAndSignIn(t);
    await call('POST', '/api/user-profile', me.AccessToken, { role: 'sponsor', ...masterData });
    const role = await call('PUT', `/api/user-profile/${me.sub}`, me.AccessToken, { role: 'beides' });
    expect(role.statusCode).toBe(200);
    expect(role.json().user.role).toBe('beides');

    const city = await call('PUT', `/api/user-profile/${me.sub}`, me.AccessToken, {
      city: 'Hamburg',
      postal_code: '20095',
    });
    expect(city.statusCode).toBe(200);
    expect(city.json().user).toMatchObject({
      city: 'Hamburg',
      postal_code: '20095',
      street: 'Hauptstraße',
      role: 'beides',
    });

    const bad = await call('PUT', `/api/user-profile/${me.sub}`, me.AccessToken, { phone_number: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('phone_number');

    // The merged result is checked: another country with the stored German postcode is refused, both together are taken.
    const moved = await call('PUT', `/api/user-profile/${me.sub}`, me.AccessToken, { country: 'CH' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ postal_code: 'invalid_postal_code' });
    const movedWithCode = await call('PUT', `/api/user-profile/${me.sub}`, me.AccessToken, {
      country: 'CH',
      postal_code: '8001',
      city: 'Zürich',
    });
    expect(movedWithCode.statusCode).toBe(200);
    expect(movedWithCode.json().user).toMatchObject({ country: 'CH', postal_code: '8001', city: 'Zürich' });
  });

  it('refuses PUT before onboarding', async () => {
    const me = await signUpAndSignIn(t);
    const res = await call('PUT', `/api/user-profile/${me.sub}`, me.AccessToken, { role: 'sponsor' });
    expect(res.statusCode).toBe(409);
  });

  it('deletes the account: profile, organisation and identity user, and the token stops working', async () => {
    const me = await signUpAndSignIn(t);
    const created = await call('POST', '/api/user-profile', me.AccessToken, { role: 'veranstalter', ...masterData });
    const organisationId = created.json().user.organisation_id as number;

    const res = await call('DELETE', `/api/user-profile/${me.sub}`, me.AccessToken);
    expect(res.statusCode).toBe(204);

    expect((await call('GET', `/api/user-profile/${me.sub}`, me.AccessToken)).statusCode).toBe(401);
    const org = await t.database.db
      .selectFrom('organisations')
      .select('id')
      .where('id', '=', organisationId)
      .executeTakeFirst();
    expect(org).toBeUndefined();
    const signIn = await callIdentity(t.app, 'InitiateAuth', {
      ClientId: t.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: me.email, PASSWORD: me.password },
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body.__type).toBe('NotAuthorizedException');

    // The e-mail can register again with a new invitation code.
    const again = await signUpAndSignIn(t, me.email);
    expect(again.sub).not.toBe(me.sub);
  });
});
