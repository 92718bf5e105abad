import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListShipmentsResponse, ShipmentWire, VenueShipmentsResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { logoFile, svgLogo } from '../sponsor-profiles/test-support.ts';
import { shipmentReadiness } from './index.ts';

type Guest = { token: string; email: string; sponsorshipId: number };

describe.each(ENGINES)('shipments on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let otherEventId: number;
  const call = requester(() => t);
  const asGuest = (method: 'GET' | 'POST', url: string, guest: Guest, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `${guest.token}:${guest.email}` },
      ...(payload ? { payload } : {}),
    });

  const invited = async (event: number): Promise<Guest> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: event,
      package_ids: [],
    });
    expect(res.statusCode).toBe(201);
    return { token: new URL(res.json().url).searchParams.get('token')!, email, sponsorshipId: res.json().sponsorId };
  };
  const announce = async (guest: Guest, expected_date: string | null = '2026-04-10') => {
    const res = await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/shipments`, guest, {
      carrier: 'DHL',
      tracking: 'https://example.org/track?id=1;2',
      parcel_count: 2,
      expected_date,
    });
    expect(res.statusCode).toBe(201);
    return res.json<ShipmentWire>();
  };
  const venueLink = async (event: number) => {
    const res = await call('POST', `/api/event/${event}/venue-link`, organiser.token);
    expect(res.statusCode).toBe(201);
    return res.json<{ token: string; url: string }>().token;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-04-01T08:00:00Z') - t.clock().getTime());
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    otherEventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Anderes' }))).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('lets the guest sponsor announce, the venue mark received once, and the organiser see it', async () => {
    const guest = await invited(eventId);
    const shipment = await announce(guest);
    expect(shipment).toMatchObject({ carrier: 'DHL', parcel_count: 2, received_at: null, overdue: false });
    const token = await venueLink(eventId);

    const venue = await t.app.inject({ method: 'GET', url: `/api/venue/${token}/shipments` });
    expect(venue.statusCode).toBe(200);
    expect(venue.json<VenueShipmentsResponse>().shipments.map((s) => s.id)).toContain(shipment.id);

    const url = `/api/venue/${token}/shipments/${shipment.id}/received`;
    const both = await Promise.all([
      t.app.inject({ method: 'POST', url, payload: { note: 'Lager 2', received_by: 'Kim' } }),
      t.app.inject({ method: 'POST', url, payload: { note: 'Lager 3', received_by: 'Kim' } }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('shipment.already-received');

    const seen = await call('GET', `/api/event/${eventId}/shipments`, organiser.token);
    const mine = seen.json<ListShipmentsResponse>().shipments.find((s) => s.id === shipment.id)!;
    expect(mine.received_at).not.toBeNull();
    expect(['Lager 2', 'Lager 3']).toContain(mine.received_note);
    expect(mine).toMatchObject({ received_by: 'Kim', has_photo: false, sponsor: guest.email });
    const sponsorView = await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/shipments`, guest);
    expect(sponsorView.json<ListShipmentsResponse>().shipments[0]!.received_at).not.toBeNull();

    const alerts = await call('GET', '/api/notifications', organiser.token);
    const kinds = alerts.json<{ notifications: Array<{ kind: string }> }>().notifications.map((n) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['shipment_announced', 'shipment_received']));
  });

  it("shows the venue only its event's shipments and refuses a revoked link with 410", async () => {
    const elsewhere = await announce(await invited(otherEventId));
    const token = await venueLink(eventId);
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/venue/${token}/shipments` })
    ).json<VenueShipmentsResponse>();
    expect(list.shipments.every((s) => s.event_id === eventId)).toBe(true);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/venue/${token}/shipments/${elsewhere.id}/received`,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);

    const replaced = await venueLink(eventId);
    expect((await t.app.inject({ method: 'GET', url: `/api/venue/${token}/shipments` })).statusCode).toBe(410);
    expect((await call('DELETE', `/api/event/${eventId}/venue-link`, organiser.token)).json().active).toBe(false);
    const revoked = await t.app.inject({ method: 'GET', url: `/api/venue/${replaced}/shipments` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().code).toBe('shipment.venue-link-revoked');
  });

  it('takes one photo of a received parcel, re-encoded without metadata, for the venue and both parties', async () => {
    const guest = await invited(eventId);
    const shipment = await announce(guest);
    const token = await venueLink(eventId);
    const photoUrl = `/api/venue/${token}/shipments/${shipment.id}/photo`;
    const put = (payload: Buffer, type = 'image/jpeg') =>
      t.app.inject({ method: 'PUT', url: photoUrl, payload, headers: { 'content-type': type } });
    const photo = await logoFile('jpeg', 800, 600);

    expect((await put(photo)).json().code).toBe('shipment.not-received');
    await t.app.inject({ method: 'POST', url: `/api/venue/${token}/shipments/${shipment.id}/received`, payload: {} });
    const refused = await put(svgLogo, 'image/svg+xml');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('shipment.photo-invalid');
    const both = await Promise.all([put(photo), put(photo)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 200)!.json<ShipmentWire>().has_photo).toBe(true);

    const named = await t.app.inject({
      method: 'PUT',
      url: '/api/sponsor-profile',
      headers: { authorization: `${guest.token}:${guest.email}` },
      payload: { public_name: 'Brauerei Wand GmbH', description_de: 'Bier', description_en: 'Beer', website: null },
    });
    expect(named.statusCode, named.body).toBe(200);
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/venue/${token}/shipments` })
    ).json<VenueShipmentsResponse>();
    expect(list.shipments.find((s) => s.id === shipment.id)!.sponsor).toBe('Brauerei Wand GmbH');

    const served = await t.app.inject({ method: 'GET', url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes('Geheim GmbH')).toBe(false);
    const ofSponsorship = `/api/sponsorships/${guest.sponsorshipId}/shipments/${shipment.id}/photo`;
    expect((await asGuest('GET', ofSponsorship, guest)).statusCode).toBe(200);
    expect((await call('GET', ofSponsorship, organiser.token)).statusCode).toBe(200);
    expect((await call('GET', ofSponsorship, stranger.token)).statusCode).toBe(404);
    const other = await invited(eventId);
    const foreign = `/api/sponsorships/${other.sponsorshipId}/shipments/${shipment.id}/photo`;
    expect((await asGuest('GET', foreign, other)).statusCode).toBe(404);
  });

  it('keeps the organisation and strangers from announcing or seeing', async () => {
    const guest = await invited(eventId);
    const body = { carrier: 'UPS', tracking: '1Z', parcel_count: 1, expected_date: null };
    expect(
      (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/shipments`, organiser.token, body)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/sponsorships/${guest.sponsorshipId}/shipments`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/event/${eventId}/shipments`, stranger.token)).statusCode).toBe(404);
    const bad = await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/shipments`, guest, {
      ...body,
      parcel_count: 0,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the readiness column per sponsorship of the event', async () => {
    const waiting = await invited(eventId);
    const late = await invited(eventId);
    await announce(late, '2026-03-20');
    const [column] = await shipmentReadiness(
      t.database.db,
      { organisationId: organiser.organisationId, eventId },
      t.clock(),
    );
    expect(column!.columnKey).toBe('shipments');
    expect(column!.cells.has(waiting.sponsorshipId)).toBe(false);
    expect(column!.cells.get(late.sponsorshipId)).toMatchObject({ state: 'overdue', due: '2026-03-20' });
  });
});
