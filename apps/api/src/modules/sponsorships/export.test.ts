// GET /event/{id}/sponsorships.csv: the event's sponsors with their chosen package for a spreadsheet,
// only for the event's organisation, with a package name that would start a formula defused.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageWire } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';
import { BUYER } from '../invoices/test-support.ts';

describe.each(ENGINES)("an event's sponsors as CSV on %s", (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const invite = async (email: string, body: object) => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: eventId, ...body });
    expect(res.statusCode).toBe(201);
    return { token: new URL(res.json().url).searchParams.get('token')!, sponsorshipId: res.json().sponsorId as number };
  };

  it('lists every sponsorship in the order of invitation with status, chosen package and amount', async () => {
    const created = await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
      name: '=HYPERLINK("http://evil.example","Gold")',
      description: '',
      price_cents: 250_000,
      capacity: null,
      benefits: [],
    });
    expect(created.statusCode).toBe(201);
    const pkg = created.json<PackageWire>();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const guest = await invite(first, { package_ids: [pkg.id] });
    await invite(second, { amount_cents: 123_456 });
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: { authorization: `${guest.token}:${first}` },
      payload: { package_id: pkg.id },
    });
    expect(chosen.statusCode).toBe(200);
    // The first sponsor has entered its billing details and public name through the link.
    const asFirst = { authorization: `${guest.token}:${first}` };
    for (const [url, payload] of [
      ['/api/sponsor-profile/legal', BUYER],
      ['/api/sponsor-profile', { public_name: 'Brauerei Müller', description_de: '', description_en: '', website: '' }],
    ] as const) {
      const saved = await t.app.inject({ method: 'PUT', url, headers: asFirst, payload });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    const member = await joinedMember(t, organiser);
    const res = await call('GET', `/api/event/${eventId}/sponsorships.csv`, member.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sponsors-event-${eventId}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('sponsor_email;company;public_name;status;package;amount;figure;invited_at;updated_at');
    expect(lines).toHaveLength(3);
    const cells = (line: string) => line.split(';').map((cell) => cell.replace(/^"|"$/g, ''));
    expect(cells(lines[1]!).slice(0, 7)).toEqual([
      first,
      BUYER.legal_name,
      'Brauerei Müller',
      'invited',
      `'=HYPERLINK(""http://evil.example"",""Gold"")`,
      '2500.00',
      'in_negotiation',
    ]);
    expect(cells(lines[2]!).slice(0, 7)).toEqual([second, '', '', 'invited', '', '1234.56', 'in_negotiation']);
    expect(Date.parse(cells(lines[2]!)[7]!)).not.toBeNaN();
  });

  it("answers an empty sheet for an event without sponsors and 404 for another organisation's event", async () => {
    const empty = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Leer' }))).json().id;
    const res = await call('GET', `/api/event/${empty}/sponsorships.csv`, organiser.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '\uFEFFsponsor_email;company;public_name;status;package;amount;figure;invited_at;updated_at\r\n',
    );
    expect((await call('GET', `/api/event/${eventId}/sponsorships.csv`, stranger.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/event/${eventId}/sponsorships.csv` })).statusCode).toBe(401);
  });
});
