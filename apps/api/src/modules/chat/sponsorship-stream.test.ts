// Issue 58, point 3: a sponsorship's change reaches the live streams of its organisation's members
// and of its sponsor (guest link or account), never another organisation's or another sponsor's.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { validEvent } from '../events/test-support.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, issuedInvoice } from '../invoices/test-support.ts';
import { chatWorld, wait, type SseClient } from './test-support.ts';

const sponsorshipEvents = (client: SseClient) => client.events.filter((e) => e.event === 'sponsorship');

describe.each(ENGINES)('sponsorship changes on the live stream on %s', (engine) => {
  const world = chatWorld(engine);

  it('sends a status change to both parties only', async () => {
    const { organiser, colleague, other, sponsor, call, eventId, stream } = world;
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsor.email,
      event_id: eventId,
    });
    expect(invited.statusCode).toBe(201);
    const sponsorshipId = invited.json().sponsorId as number;
    const link = new URL(invited.json().url);
    const guestHeader = `${link.searchParams.get('token')}:${sponsor.email}`;
    // Another sponsor of the same event: a party of their own sponsorship, not of this one.
    const bystanderEmail = uniqueEmail('bystander');
    const bystanderLink = new URL(
      (
        await call('POST', '/api/sponsor-invitation', organiser.token, { email: bystanderEmail, event_id: eventId })
      ).json().url,
    );
    const bystanderHeader = `${bystanderLink.searchParams.get('token')}:${bystanderEmail}`;

    const orgStream = await stream('/api/stream', { authorization: `Bearer ${colleague.token}` });
    const guestStream = await stream('/api/stream', { authorization: guestHeader });
    const accountStream = await stream('/api/stream', { authorization: `Bearer ${sponsor.token}` });
    const otherStream = await stream('/api/stream', { authorization: `Bearer ${other.token}` });
    const bystanderStream = await stream('/api/stream', { authorization: bystanderHeader });
    const all = [orgStream, guestStream, accountStream, otherStream, bystanderStream];
    await Promise.all(all.map((s) => s.next((e) => e.event === 'unread')));
    const before = new Map(all.map((s) => [s, sponsorshipEvents(s).length]));

    const declined = await call('POST', `/api/sponsorships/${sponsorshipId}/status`, organiser.token, {
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);

    for (const party of [orgStream, guestStream, accountStream]) {
      const received = await party.next(
        (e) => e.event === 'sponsorship' && JSON.parse(e.data).sponsorship_id === sponsorshipId,
      );
      expect(JSON.parse(received.data)).toEqual({ sponsorship_id: sponsorshipId, parts: ['sponsorship'] });
    }
    await wait(150);
    expect(sponsorshipEvents(otherStream).length).toBe(before.get(otherStream));
    expect(sponsorshipEvents(bystanderStream).length).toBe(before.get(bystanderStream));
    for (const s of all) s.close();
  });

  it('sends nothing of another organisation’s sponsorship to this one', async () => {
    const { organiser, other, call, stream } = world;
    const otherEvent = (await call('POST', '/api/event/-1', other.token, validEvent({ title: 'Fremdes Fest' }))).json()
      .id as number;
    const guestEmail = uniqueEmail('fremd');
    const invited = await call('POST', '/api/sponsor-invitation', other.token, {
      email: guestEmail,
      event_id: otherEvent,
    });
    expect(invited.statusCode).toBe(201);
    const orgStream = await stream('/api/stream', { authorization: `Bearer ${organiser.token}` });
    const otherStream = await stream('/api/stream', { authorization: `Bearer ${other.token}` });
    await Promise.all([orgStream, otherStream].map((s) => s.next((e) => e.event === 'unread')));
    const before = sponsorshipEvents(orgStream).length;
    const sponsorshipId = invited.json().sponsorId as number;
    const withdrawn = await call('POST', `/api/sponsorships/${sponsorshipId}/status`, other.token, {
      status: 'declined',
    });
    expect(withdrawn.statusCode).toBe(200);
    await otherStream.next((e) => e.event === 'sponsorship' && JSON.parse(e.data).sponsorship_id === sponsorshipId);
    await wait(150);
    expect(sponsorshipEvents(orgStream).length).toBe(before);
    orgStream.close();
    otherStream.close();
  });
});

describe.each(ENGINES)('deliverables and invoices on the live stream on %s', (engine) => {
  const world = chatWorld(engine);

  it('tells both parties of a confirmation once its deliverables exist, then of invoices and deliverables', async () => {
    const { t, call, stream } = world;
    const organiser = await billingOrganiser(t);
    const event = await eventWithPackage(t, organiser, 'Live-Lauf');
    const orgStream = await stream('/api/stream', { authorization: `Bearer ${organiser.token}` });
    const otherOrganisation = await stream('/api/stream', { authorization: `Bearer ${world.organiser.token}` });
    await Promise.all([orgStream, otherOrganisation].map((s) => s.next((e) => e.event === 'unread')));
    const otherBefore = sponsorshipEvents(otherOrganisation).length;

    const guest = await confirmedSponsorship(t, organiser, event);
    const guestHeader = `${guest.token}:${guest.email}`;
    const ofThis = (parts: string[]) => (e: { event: string; data: string }) =>
      e.event === 'sponsorship' &&
      JSON.parse(e.data).sponsorship_id === guest.sponsorshipId &&
      parts.every((part) => JSON.parse(e.data).parts.includes(part));
    await orgStream.next(ofThis(['sponsorship']));
    // By the time the confirmation's event arrives, its deliverables can be read.
    const deliverables = await call('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, organiser.token);
    expect(deliverables.json().deliverables.length).toBeGreaterThan(0);

    const guestStream = await stream('/api/stream', { authorization: guestHeader });
    await guestStream.next((e) => e.event === 'unread');
    await issuedInvoice(t, organiser, guest);
    await guestStream.next(ofThis(['invoices']));
    await orgStream.next(ofThis(['invoices']));

    const first = deliverables.json().deliverables[0].id as number;
    const changed = await call('PATCH', `/api/deliverables/${first}`, organiser.token, { status: 'in_progress' });
    expect(changed.statusCode).toBe(200);
    await guestStream.next(ofThis(['deliverables']));

    await wait(150);
    expect(sponsorshipEvents(otherOrganisation).length).toBe(otherBefore);
    for (const s of [orgStream, otherOrganisation, guestStream]) s.close();
  });
});
