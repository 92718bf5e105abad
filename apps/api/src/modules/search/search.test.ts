import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember, registerWithInvitation } from '../invitations/test-support.ts';

describe.each(ENGINES)('search on %s', (engine) => {
  let t: IdentityTestApp;
  let organiserA: TestUser;
  let organiserB: TestUser;
  let memberA: TestUser;
  let sponsor: { token: string; email: string };
  const call = requester(() => t);
  const search = (user: { token: string }, q: string) =>
    call('GET', `/api/search?${new URLSearchParams({ q }).toString()}`, user.token);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiserA, organiserB] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    memberA = await joinedMember(t, organiserA);
    await call('POST', '/api/event/-1', organiserA.token, validEvent({ title: 'Sommerfest 100% Alpha' }));
    const beta = (
      await call('POST', '/api/event/-1', organiserB.token, validEvent({ title: 'Sommerfest Beta' }))
    ).json();
    const sponsorEmail = uniqueEmail('searchsponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiserB.token, {
      email: sponsorEmail,
      event_id: beta.id,
    });
    const token = new URL(invited.json().url).searchParams.get('token')!;
    sponsor = await registerWithInvitation(t, sponsorEmail, token);
    await call('POST', `/api/conversation/${encodeURIComponent(sponsorEmail)}`, organiserB.token);
  });
  afterAll(async () => t.close());

  it("finds the caller's own organisation's events and members, never another organisation's", async () => {
    const res = await search(organiserA, 'SOMMER');
    expect(res.statusCode).toBe(200);
    expect(res.json().events).toEqual([expect.objectContaining({ title: 'Sommerfest 100% Alpha', own: true })]);
    expect(res.json().conversations).toEqual([]);
    const members = (await search(organiserA, memberA.email.slice(0, 12))).json().team_members;
    expect(members).toEqual([{ email: memberA.email }]);
    expect((await search(organiserB, memberA.email.slice(0, 12))).json().team_members).toEqual([]);
  });

  it('finds a sponsor their sponsored events and conversations by the organisation name', async () => {
    const res = (await search(sponsor, 'sommer')).json();
    expect(res.events).toEqual([expect.objectContaining({ title: 'Sommerfest Beta', own: false })]);
    expect(res.team_members).toEqual([]);
    const conversations = (await search(sponsor, 'musterstadt')).json().conversations;
    expect(conversations).toEqual([expect.objectContaining({ other_name: 'Sportverein Musterstadt e.V.' })]);
    const byAddress = (await search(organiserB, sponsor.email.slice(0, 14))).json().conversations;
    expect(byAddress).toEqual([expect.objectContaining({ other_name: sponsor.email })]);
  });

  it('puts an exact title first, before newer events that only contain it', async () => {
    for (let n = 1; n <= 6; n += 1) {
      await call(
        'POST',
        '/api/event/-1',
        organiserA.token,
        validEvent({ title: `Hoffest ${n}`, event_date: '2031-01-0' + n }),
      );
    }
    await call('POST', '/api/event/-1', organiserA.token, validEvent({ title: 'Hoffest', event_date: '2020-01-01' }));
    const events = (await search(organiserA, 'HOFFEST')).json().events;
    expect(events).toHaveLength(5);
    expect(events[0].title).toBe('Hoffest');
  });

  it('takes LIKE wildcards literally and refuses too short or anonymous searches', async () => {
    expect((await search(organiserA, '0%')).json().events).toHaveLength(1);
    expect((await search(organiserA, '_%')).json().events).toEqual([]);
    expect((await search(organiserA, 'x')).statusCode).toBe(400);
    expect((await call('GET', '/api/search?q=sommer', null)).statusCode).toBe(401);
  });
});
