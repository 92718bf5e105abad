// The door's limit (decision 086): check-ins per signed-in user and minute, forged or not, then 429
// `ticket.too-many-attempts` with Retry-After; another user's count is their own, and the next window
// (the app's clock) lets the user in again. Counted in the request limits' store, not the database.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';

describe('check-ins per user and minute', () => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let other: TestUser;
  let eventId: number;
  const call = requester(() => t);
  const forged = (user: TestUser) =>
    call('POST', `/api/event/${eventId}/check-in`, user.token, { code: `${eventId}-1-0000-0000-0000-0000` });

  beforeAll(async () => {
    t = await startIdentityApp('sqlite', { env: { RATE_LIMIT_CHECK_INS: '3/60' } });
    organiser = await onboardedUser(t, 'veranstalter');
    other = await onboardedUser(t, 'veranstalter');
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ event_date: '2030-07-04' }))).json()
      .id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('refuses the attempt past the limit with 429 and Retry-After, per user, until the next minute', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => forged(organiser)));
    expect(answers.map((r) => r.json().code)).toEqual(['ticket.forged', 'ticket.forged', 'ticket.forged']);
    const fourth = await forged(organiser);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('ticket.too-many-attempts');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another account has its own count (here: not an organiser of the event, so 404 as before).
    expect((await forged(other)).statusCode).toBe(404);
    // Without sign-in nothing is counted: 401.
    expect((await call('POST', `/api/event/${eventId}/check-in`, null, { code: 'x' })).statusCode).toBe(401);
    t.clock.advance(61_000);
    expect((await forged(organiser)).json().code).toBe('ticket.forged');
  });
});
