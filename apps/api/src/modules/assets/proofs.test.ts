// Proofs, the sponsor's approval, the text limit and the monochrome variant (issue 59, points 3 and
// 4; decision 089) through the API on both engines: a round's proof is a PNG of the placement's
// mock-up, rendered once however often (and however many at once) it is asked for, for both parties
// and no one else; the sponsor decides it once, the organisation only after; a text over the limit
// and a colourful "monochrome" file are refused with the failing rule; the bundle holds the variants.
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSpec, DeliverableAssetResponse, SponsorshipDeliverablesResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';
import { renders } from './proofs.ts';

const SPEC: AssetSpec = {
  placement: 'slide',
  file_types: ['png', 'svg'],
  min_width: null,
  min_height: null,
  transparent: false,
  vector: false,
  alt_text_required: false,
  text_limit: null,
  monochrome_variant: false,
};

const colourPng = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0a7"/></svg>',
);

describe.each(ENGINES)('asset proofs on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let packageId: number;
  const call = requester(() => t);

  const confirmed = async (): Promise<{ guest: Guest; id: number }> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    const guest = {
      token: new URL(res.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: res.json().sponsorId,
    };
    await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    await confirmSponsorship(t, guest, organiser.token);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/sponsorships/${guest.sponsorshipId}/deliverables`,
      headers: guestHeaders(guest),
    });
    return { guest, id: list.json<SponsorshipDeliverablesResponse>().deliverables[0]!.id };
  };
  const asGuest = (guest: Guest, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: Buffer.isBuffer(payload)
        ? { ...guestHeaders(guest), 'content-type': 'application/octet-stream' }
        : guestHeaders(guest),
      ...(payload === undefined ? {} : { payload: payload as Buffer }),
    });
  const setSpec = (id: number, spec: Partial<AssetSpec>) =>
    call('PUT', `/api/deliverables/${id}/asset-spec`, organiser.token, { spec: { ...SPEC, ...spec } });
  const proofDecision = (guest: Guest, id: number, round: number, decision: string, comment = '') =>
    asGuest(guest, 'POST', `/api/deliverables/${id}/asset/proof-decision`, { round, decision, comment });

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtfest Münster' }))).json()
      .id;
    packageId = (
      await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: 'Gold',
        description: '',
        price_cents: 100_000,
        capacity: null,
        benefits: [{ title: 'Logo auf der Folie', kind: 'logo', due_date: null, sponsor_delivers: true }],
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('renders the proof once per round, for both parties only; the sponsor decides it once, then the organisation', async () => {
    const { guest, id } = await confirmed();
    await setSpec(id, {});
    expect((await asGuest(guest, 'PUT', `/api/deliverables/${id}/asset`, svg)).statusCode).toBe(200);
    const before = renders.count;
    const url = `/api/deliverables/${id}/asset/rounds/1/proof.png`;
    const first = await Promise.all([1, 2, 3].map(() => asGuest(guest, 'GET', url)));
    const again = await call('GET', url, organiser.token);
    expect(renders.count - before).toBe(1);
    for (const res of [...first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.rawPayload, first[0]!.rawPayload)).toBe(0);
    }
    const meta = await sharp(again.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1280, 720]);
    // The logo's green is in the slide's frame, where the mock-up alone is white.
    const { data } = await sharp(again.rawPayload)
      .extract({ left: 600, top: 440, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 170, 119]);
    expect((await call('GET', url, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/deliverables/${id}/asset/rounds/9/proof.png`, organiser.token)).statusCode).toBe(
      404,
    );

    // The organisation cannot approve before the sponsor, nor decide the sponsor's part.
    const early = await call('POST', `/api/deliverables/${id}/asset/decision`, organiser.token, {
      round: 1,
      decision: 'approve',
    });
    expect(early.json().code).toBe('asset.awaiting-sponsor');
    const byOrganiser = await call('POST', `/api/deliverables/${id}/asset/proof-decision`, organiser.token, {
      round: 1,
      decision: 'approve',
    });
    expect(byOrganiser.statusCode).toBe(403);
    // Five approvals by the sponsor at once make one.
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => proofDecision(guest, id, 1, 'approve')));
    expect(five.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const approved = await call('POST', `/api/deliverables/${id}/asset/decision`, organiser.token, {
      round: 1,
      decision: 'approve',
    });
    expect(approved.json<DeliverableAssetResponse>().rounds[0]).toMatchObject({
      status: 'approved',
      sponsor_decision: 'approved',
    });

    // A new round: the sponsor asks for a change with a comment, which closes it.
    expect(
      (await asGuest(guest, 'PUT', `/api/deliverables/${id}/asset`, await colourPng(400, 200, [200, 0, 0]))).statusCode,
    ).toBe(200);
    const change = await proofDecision(guest, id, 2, 'request_change', 'Bitte größer');
    expect(change.json<DeliverableAssetResponse>().rounds[0]).toMatchObject({
      round: 2,
      status: 'changes_requested',
      sponsor_decision: 'changes_requested',
      comment: 'Bitte größer',
    });
    expect((await proofDecision(guest, id, 2, 'approve')).json().code).toBe('asset.round-decided');
    const log = (
      await call('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, organiser.token)
    ).json<SponsorshipDeliverablesResponse>().activity;
    expect(log.filter((a) => a.kind.startsWith('asset_')).map((a) => [a.kind, a.side, a.detail])).toEqual([
      ['asset_spec_set', 'organisation', 'png, svg'],
      ['asset_uploaded', 'sponsor', '1'],
      ['asset_approved', 'sponsor', '1'],
      ['asset_approved', 'organisation', '1'],
      ['asset_uploaded', 'sponsor', '2'],
      ['asset_change_requested', 'sponsor', '2: Bitte größer'],
    ]);
  });

  it('refuses a text over the limit in characters or words, and keeps one within it', async () => {
    const { guest, id } = await confirmed();
    await setSpec(id, { file_types: [], placement: null, text_limit: { max: 5, unit: 'words' } });
    const input = (text: string) => asGuest(guest, 'PUT', `/api/deliverables/${id}/input`, { text });
    const long = await input('Wir sind ein Familienbetrieb aus Münster.');
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ code: 'asset.spec-unmet', fields: { text_length: '6' } });
    expect((await input('Familienbetrieb aus Münster seit 1920.')).statusCode).toBe(200);
    await setSpec(id, { file_types: [], placement: null, text_limit: { max: 10, unit: 'characters' } });
    expect((await input('Münster 2030!')).json().fields).toEqual({ text_length: '13' });
    expect((await input('Münster ✓')).statusCode).toBe(200);
  });

  it('asks for a monochrome variant: a colourful one is refused, a grey one taken, and both are in the bundle', async () => {
    const { guest, id } = await confirmed();
    await setSpec(id, { placement: 'banner', monochrome_variant: true });
    expect((await asGuest(guest, 'PUT', `/api/deliverables/${id}/asset`, svg)).statusCode).toBe(200);
    expect((await proofDecision(guest, id, 1, 'approve')).json().code).toBe('asset.variant-missing');
    const colour = await asGuest(
      guest,
      'PUT',
      `/api/deliverables/${id}/asset/monochrome`,
      await colourPng(300, 100, [0, 90, 200]),
    );
    expect(colour.statusCode).toBe(422);
    expect(colour.json().fields).toEqual({ monochrome: 'colour' });
    const grey = await colourPng(300, 100, [40, 40, 40]);
    const taken = await asGuest(guest, 'PUT', `/api/deliverables/${id}/asset/monochrome`, grey);
    expect(taken.json<DeliverableAssetResponse>().rounds[0]).toMatchObject({ round: 1, monochrome: 'png' });
    expect((await proofDecision(guest, id, 1, 'approve')).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/deliverables/${id}/asset/decision`, organiser.token, { round: 1, decision: 'approve' }))
        .statusCode,
    ).toBe(200);
    const bundle = await call('GET', `/api/events/${eventId}/print-bundle.zip?placement=banner`, organiser.token);
    expect(bundle.statusCode).toBe(200);
    const text = bundle.rawPayload.toString('latin1');
    const name = `gold-${guest.email.replace(/[^a-z0-9]+/g, '-')}`;
    for (const entry of [`${name}.svg`, `png/${name}.png`, `svg/${name}.svg`, `pdf/${name}.pdf`, `mono/${name}.png`]) {
      expect(text).toContain(entry);
    }
  });
});
