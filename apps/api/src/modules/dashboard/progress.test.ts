import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { MASTER_DATA, onboardedUser, requester, validEvent } from '../events/test-support.ts';
import { invite, joinedMember } from '../invitations/test-support.ts';

describe.each(ENGINES)("the organiser's first steps on %s", (engine) => {
  let t: IdentityTestApp;
  const call = requester(() => t);
  const progress = (organisationId: number, token: string | null) =>
    call('GET', `/api/organisation/${organisationId}/progress`, token);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('marks each step done from the organisation’s real state', async () => {
    const owner = await onboardedUser(t, 'veranstalter');
    const fresh = await progress(owner.organisationId, owner.token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      organisation_name: MASTER_DATA.organisation_name,
      steps: { profile: false, event: false, invite: false },
      events: 0,
      invitations: 0,
      members: 1,
    });

    const saved = await call('PUT', `/api/user-profile/${owner.sub}`, owner.token, { phone_number: '+49 30 123456' });
    expect(saved.statusCode).toBe(200);
    expect((await progress(owner.organisationId, owner.token)).json().steps).toEqual({
      profile: true,
      event: false,
      invite: false,
    });

    const event = await call('POST', '/api/event/-1', owner.token, validEvent());
    expect(event.statusCode).toBe(201);
    expect((await progress(owner.organisationId, owner.token)).json()).toMatchObject({
      steps: { profile: true, event: true, invite: false },
      events: 1,
    });

    const sponsor = await call('POST', '/api/sponsor-invitation', owner.token, {
      email: uniqueEmail('sponsor'),
      event_id: event.json().id,
    });
    expect(sponsor.statusCode).toBe(201);
    expect((await progress(owner.organisationId, owner.token)).json()).toMatchObject({
      steps: { profile: true, event: true, invite: true },
      invitations: 1,
    });
  });

  it('counts a team invitation or a second member as inviting people', async () => {
    const owner = await onboardedUser(t, 'beides');
    await invite(t, owner, uniqueEmail('team'));
    expect((await progress(owner.organisationId, owner.token)).json()).toMatchObject({
      steps: { invite: true },
      invitations: 1,
    });
    const other = await onboardedUser(t, 'veranstalter');
    await joinedMember(t, other);
    const withMember = (await progress(other.organisationId, other.token)).json();
    expect(withMember).toMatchObject({ steps: { invite: true }, members: 2 });
  });

  it('answers organisers of that organisation only', async () => {
    const owner = await onboardedUser(t, 'veranstalter');
    const stranger = await onboardedUser(t, 'veranstalter');
    const sponsor = await onboardedUser(t, 'sponsor');
    expect((await progress(owner.organisationId, stranger.token)).statusCode).toBe(403);
    expect((await progress(sponsor.organisationId, sponsor.token)).statusCode).toBe(403);
    expect((await progress(owner.organisationId, null)).statusCode).toBe(401);
  });
});
