import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { registerWithInvitation } from '../invitations/test-support.ts';

describe.each(ENGINES)('data export on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => t.close());

  it("answers the caller's own data as a JSON download, and only theirs", async () => {
    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Export-Fest' }))).json();
    const sponsorEmail = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsorEmail,
      event_id: event.id,
      amount_cents: 1234,
    });
    const token = new URL(invited.json().url).searchParams.get('token')!;
    const sponsor = await registerWithInvitation(t, sponsorEmail, token);
    const conversation = (
      await call('POST', `/api/conversation/${encodeURIComponent(organiser.email)}`, sponsor.token)
    ).json();
    await call('POST', `/api/conversation/${conversation.id}/message`, sponsor.token, {
      message: '<b>Hallo</b> & Grüße',
    });
    await call('POST', `/api/conversation/${conversation.id}/message`, organiser.token, {
      message: 'Antwort des Vereins',
    });

    const res = await call('GET', '/api/data-export', organiser.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sponsoring-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const mine = res.json();
    expect(mine.account).toEqual({ cognito_id: organiser.sub, email: organiser.email });
    expect(mine.organisation).toMatchObject({ name: 'Sportverein Musterstadt e.V.', city: 'Berlin' });
    expect(mine.events_created).toEqual([expect.objectContaining({ id: event.id, title: 'Export-Fest' })]);
    expect(mine.invitations_sent).toEqual([expect.objectContaining({ kind: 'sponsor', email: sponsorEmail })]);
    expect(mine.messages_written.map((m: { message: string }) => m.message)).toEqual(['Antwort des Vereins']);
    expect(mine.sponsorships).toEqual([]);

    const theirs = (await call('GET', '/api/data-export', sponsor.token)).json();
    expect(theirs.sponsorships).toEqual([
      expect.objectContaining({ event_title: 'Export-Fest', amount_cents: 1234, status: 'invited' }),
    ]);
    expect(theirs.messages_written.map((m: { message: string }) => m.message)).toEqual(['<b>Hallo</b> & Grüße']);
    expect(theirs.events_created).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Antwort des Vereins');
    expect((await call('GET', '/api/data-export', null)).statusCode).toBe(401);
  });
});
