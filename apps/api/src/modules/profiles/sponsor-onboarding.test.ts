import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { signUpAndSignIn, startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { accept, registerWithInvitation } from '../invitations/test-support.ts';

// Issue 21, point 7: a sponsor who registers from an invitation sees the sponsorship at once, and
// onboarding asks only for the organisation's name (the address follows when it is needed).
describe.each(ENGINES)('sponsor onboarding on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => t.close());

  it('lets an invited sponsor see the sponsorship right after verifying and finish with the organisation name alone', async () => {
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Benefizlauf' }))).json();
    const email = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: event.id });
    const token = new URL(invited.json().url).searchParams.get('token')!;
    const sponsor = await registerWithInvitation(t, email, token);
    expect((await accept(t, sponsor, token)).statusCode).toBe(200);

    // Before onboarding: the sponsorship is there.
    const before = await call('GET', '/api/sponsorships', sponsor.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([expect.objectContaining({ event_title: 'Benefizlauf', status: 'invited' })]);

    const done = await call('POST', '/api/user-profile', sponsor.token, {
      role: 'sponsor',
      organisation_name: '  Bäckerei Schmidt GmbH ',
    });
    expect(done.statusCode).toBe(201);
    expect(done.json().user).toMatchObject({
      role: 'sponsor',
      onboarding_completed: true,
      organisation_name: 'Bäckerei Schmidt GmbH',
      street: '',
      city: '',
      phone_number: null,
    });
    const after = await call('GET', '/api/sponsorships', sponsor.token);
    expect(after.json().map((s: { event_id: number }) => s.event_id)).toEqual([event.id]);
  });

  it('refuses the organisation name alone from an organiser, naming the address fields', async () => {
    const me = await signUpAndSignIn(t);
    for (const role of ['veranstalter', 'beides']) {
      const res = await call('POST', '/api/user-profile', me.AccessToken, { role, organisation_name: 'Verein' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual([
        'city',
        'country',
        'house_number',
        'postal_code',
        'street',
      ]);
    }
    expect((await call('GET', `/api/user-profile/${me.sub}`, me.AccessToken)).json().user.onboarding_completed).toBe(
      false,
    );
  });

  it('asks a sponsor who gives part of the address for the rest, and refuses an empty name', async () => {
    const me = await signUpAndSignIn(t);
    const partial = await call('POST', '/api/user-profile', me.AccessToken, {
      role: 'sponsor',
      organisation_name: 'Firma',
      street: 'Hauptstraße',
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().fields).toMatchObject({ city: 'required', house_number: 'required' });
    const empty = await call('POST', '/api/user-profile', me.AccessToken, { role: 'sponsor', organisation_name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ organisation_name: 'required' });
  });
});
