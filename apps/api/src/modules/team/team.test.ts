import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';

describe.each(ENGINES)('team on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  let outsider: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [owner, outsider] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'beides')]);
  });
  afterAll(async () => t.close());

  it('lists the members to members only', async () => {
    const member = await joinedMember(t, owner);
    const expected = [
      { email: owner.email, cognito_id: owner.sub, organisation_role: 'owner', role: 'veranstalter' },
      { email: member.email, cognito_id: member.sub, organisation_role: 'member', role: 'veranstalter' },
    ];
    for (const who of [owner, member]) {
      const res = await call('GET', `/api/users/${owner.organisationId}`, who.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    expect((await call('GET', `/api/users/${owner.organisationId}`, outsider.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${owner.organisationId}`, null)).statusCode).toBe(401);
    const theirs = (await call('GET', `/api/users/${outsider.organisationId}`, outsider.token)).json();
    expect(theirs.map((m: { cognito_id: string }) => m.cognito_id)).toEqual([outsider.sub]);
  });

  it('lets only the owner remove members, never the last owner', async () => {
    const member = await joinedMember(t, owner);
    const colleague = await joinedMember(t, owner);
    const byMember = await call('DELETE', `/api/users/${owner.organisationId}/${colleague.sub}`, member.token);
    expect(byMember.statusCode).toBe(403);
    const byOutsider = await call('DELETE', `/api/users/${owner.organisationId}/${colleague.sub}`, outsider.token);
    expect(byOutsider.statusCode).toBe(403);
    const lastOwner = await call('DELETE', `/api/users/${owner.organisationId}/${owner.sub}`, owner.token);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().code).toBe('team.last-owner');
    const notMember = await call('DELETE', `/api/users/${owner.organisationId}/${outsider.sub}`, owner.token);
    expect(notMember.statusCode).toBe(404);
    const members = (await call('GET', `/api/users/${owner.organisationId}`, owner.token)).json();
    expect(members.map((m: { cognito_id: string }) => m.cognito_id)).toEqual(
      expect.arrayContaining([owner.sub, member.sub, colleague.sub]),
    );
  });

  it('locks a removed member out at once', async () => {
    const member = await joinedMember(t, owner);
    expect((await call('GET', `/api/events/${owner.organisationId}`, member.token)).statusCode).toBe(200);

    const res = await call('DELETE', `/api/users/${owner.organisationId}/${member.sub}`, owner.token);
    expect(res.statusCode).toBe(204);

    expect((await call('GET', `/api/events/${owner.organisationId}`, member.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${owner.organisationId}`, member.token)).statusCode).toBe(403);
    const profile = (await call('GET', `/api/user-profile/${member.sub}`, member.token)).json().user;
    expect(profile).toMatchObject({ organisation_id: null, organisation_role: null, onboarding_completed: false });
    const members = (await call('GET', `/api/users/${owner.organisationId}`, owner.token)).json();
    expect(members.map((m: { cognito_id: string }) => m.cognito_id)).not.toContain(member.sub);
  });
});
