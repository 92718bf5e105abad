// Decision 078: a sponsor's own details (profile, legal details, wall consent) and an event's offer
// (its packages, its agreement settings) reach the live streams of everyone who deals with them once
// the change committed, and nobody else's.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage } from '../invoices/test-support.ts';
import { chatWorld, wait, type SseClient } from './test-support.ts';

const sponsorshipEvents = (client: SseClient) => client.events.filter((e) => e.event === 'sponsorship');
const parsed = (e: { data: string }) => JSON.parse(e.data) as { sponsorship_id: number | null; parts: string[] };

describe.each(ENGINES)('sponsor details and offers on the live stream on %s', (engine) => {
  const world = chatWorld(engine);

  it('tells the organisation of a guest sponsor’s new profile, and not another organisation', async () => {
    const { organiser, other, t, stream } = world;
    const guest = await world.inviteGuest(uniqueEmail('profil'));
    const orgStream = await stream('/api/stream', { authorization: `Bearer ${organiser.token}` });
    const otherStream = await stream('/api/stream', { authorization: `Bearer ${other.token}` });
    const guestStream = await stream('/api/stream', { authorization: guest.header });
    await Promise.all([orgStream, otherStream, guestStream].map((s) => s.next((e) => e.event === 'unread')));
    const otherBefore = sponsorshipEvents(otherStream).length;

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile',
      headers: { authorization: guest.header },
      payload: { public_name: 'Bäckerei Live' },
    });
    expect(saved.statusCode).toBe(200);
    for (const party of [orgStream, guestStream]) {
      const received = await party.next((e) => e.event === 'sponsorship' && parsed(e).parts.includes('profile'));
      expect(parsed(received)).toEqual({ sponsorship_id: null, parts: ['profile'] });
    }
    // A refused change announces nothing.
    const orgBefore = sponsorshipEvents(orgStream).length;
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile',
      headers: { authorization: guest.header },
      payload: { public_name: '' },
    });
    expect(refused.statusCode).toBe(400);
    await wait(150);
    expect(sponsorshipEvents(orgStream).length).toBe(orgBefore);
    expect(sponsorshipEvents(otherStream).length).toBe(otherBefore);
  });

  it('tells an event’s sponsors that a package of their offer changed', async () => {
    const { organiser, other, call, stream, eventId } = world;
    const created = await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
      name: 'Gold',
      description: '',
      price_cents: 100_000,
      capacity: null,
      benefits: [],
    });
    expect(created.statusCode).toBe(201);
    const guest = await world.inviteGuest(uniqueEmail('angebot'));
    const guestStream = await stream('/api/stream', { authorization: guest.header });
    const otherStream = await stream('/api/stream', { authorization: `Bearer ${other.token}` });
    await Promise.all([guestStream, otherStream].map((s) => s.next((e) => e.event === 'unread')));
    const otherBefore = sponsorshipEvents(otherStream).length;

    const changed = await call('PUT', `/api/packages/${created.json().id}`, organiser.token, {
      name: 'Gold plus',
      description: '',
      price_cents: 120_000,
      capacity: null,
      benefits: [],
    });
    expect(changed.statusCode).toBe(200);
    await guestStream.next((e) => e.event === 'sponsorship' && parsed(e).parts.includes('sponsorship'));
    await wait(150);
    expect(sponsorshipEvents(otherStream).length).toBe(otherBefore);
  });

  it('tells the organisation’s members that a draft invoice was deleted', async () => {
    const { t, call, stream } = world;
    const organiser = await billingOrganiser(t);
    const guest = await confirmedSponsorship(t, organiser, await eventWithPackage(t, organiser, 'Entwurf-Lauf'));
    const draft = await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token);
    expect(draft.statusCode).toBe(201);
    const orgStream = await stream('/api/stream', { authorization: `Bearer ${organiser.token}` });
    await orgStream.next((e) => e.event === 'unread');
    const before = sponsorshipEvents(orgStream).length;
    const deleted = await call('DELETE', `/api/invoices/${draft.json().invoice.id}`, organiser.token);
    expect(deleted.statusCode).toBe(204);
    const received = await orgStream.next((e) => e.event === 'sponsorship' && parsed(e).parts.includes('invoices'));
    expect(parsed(received)).toEqual({ sponsorship_id: guest.sponsorshipId, parts: ['invoices'] });
    // Deleting it again is refused and announces nothing.
    expect((await call('DELETE', `/api/invoices/${draft.json().invoice.id}`, organiser.token)).statusCode).toBe(404);
    await wait(150);
    expect(sponsorshipEvents(orgStream).length).toBe(before + 1);
  });
});
