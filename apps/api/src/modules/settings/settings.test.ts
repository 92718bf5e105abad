import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { lastOutboxId, startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';

describe.each(ENGINES)('settings on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let colleague: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    colleague = await joinedMember(t, organiser);
  });
  afterAll(async () => t.close());

  it('answers and changes only the caller’s own settings', async () => {
    expect((await call('GET', '/api/settings', organiser.token)).json()).toEqual({
      language: 'de',
      chat_email_notices: true,
      fulfilment_digest: true,
      dashboard_view: null,
    });
    const changed = await call('PUT', '/api/settings', organiser.token, { language: 'en' });
    expect(changed.json()).toEqual({
      language: 'en',
      chat_email_notices: true,
      fulfilment_digest: true,
      dashboard_view: null,
    });
    expect((await call('GET', '/api/settings', colleague.token)).json().language).toBe('de');
    expect((await call('PUT', '/api/settings', organiser.token, { language: 'fr' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/settings', null, { language: 'en' })).statusCode).toBe(401);
    await call('PUT', '/api/settings', organiser.token, { language: 'de' });
  });

  it('keeps the dashboard a user with both roles saw last, per user', async () => {
    const both = await onboardedUser(t, 'beides');
    expect((await call('GET', '/api/settings', both.token)).json().dashboard_view).toBeNull();
    const chosen = await call('PUT', '/api/settings', both.token, { dashboard_view: 'sponsor' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({
      language: 'de',
      chat_email_notices: true,
      fulfilment_digest: true,
      dashboard_view: 'sponsor',
    });
    expect((await call('GET', '/api/settings', both.token)).json().dashboard_view).toBe('sponsor');
    expect((await call('GET', '/api/settings', organiser.token)).json().dashboard_view).toBeNull();
    expect(
      (await call('PUT', '/api/settings', both.token, { dashboard_view: 'organiser' })).json().dashboard_view,
    ).toBe('organiser');
    for (const wrong of ['admin', null, 1]) {
      expect((await call('PUT', '/api/settings', both.token, { dashboard_view: wrong })).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/settings', both.token)).json().dashboard_view).toBe('organiser');
    expect((await call('PUT', '/api/settings', null, { dashboard_view: 'sponsor' })).statusCode).toBe(401);
  });

  it('sends no chat e-mail notice to a member who turned them off', async () => {
    expect(
      (await call('PUT', '/api/settings', colleague.token, { chat_email_notices: false })).json().chat_email_notices,
    ).toBe(false);
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json();
    const sponsorEmail = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsorEmail,
      event_id: event.id,
    });
    const guest = `${new URL(invited.json().url).searchParams.get('token')}:${sponsorEmail}`;
    const asGuest = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: guest }, ...(payload ? { payload } : {}) });
    const [conversation] = (await asGuest('GET', '/api/token/conversation')).json();
    const after = await lastOutboxId(t.database.db);
    expect(
      (await asGuest('POST', `/api/token/conversation/${conversation.id}/message`, { message: 'Hallo' })).statusCode,
    ).toBe(201);

    const mailsTo = async (to: string) =>
      (await listOutbox(t.database.db, 500)).filter((m) => m.to === to && m.id > after);
    const deadline = Date.now() + 5000;
    while ((await mailsTo(organiser.email)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await mailsTo(organiser.email)).toHaveLength(1);
    expect(await mailsTo(colleague.email)).toHaveLength(0);
  });
});
