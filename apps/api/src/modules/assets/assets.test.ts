// Asset specs, uploads and rounds (issue 59, point 3; decision 084) through the API on both engines:
// the organisation sets a spec, the sponsor's too-small, opaque, unsafe or wrong-type file is refused
// with the failing rules, a valid one is kept as its original bytes, rounds are decided once, an
// approved round stays while a new upload starts the next, and everything is in the activity log.
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSpec, DeliverableAssetResponse, SponsorshipDeliverablesResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { logoFile, svgLogo } from '../sponsor-profiles/test-support.ts';
import { confirmSponsorship, guestHeaders, type Guest } from '../sponsorships/test-support.ts';

const SPEC: AssetSpec = {
  placement: 'banner',
  file_types: ['png', 'svg'],
  min_width: 1000,
  min_height: null,
  transparent: true,
  vector: false,
  alt_text_required: true,
  text_limit: null,
  monochrome_variant: false,
};

/** A PNG with an alpha channel, its left half transparent. */
const transparentPng = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      pixels[i] = 200;
      pixels[i + 3] = x < width / 2 ? 0 : 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
};

const safeSvg = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

describe.each(ENGINES)('assets on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let packageId: number;
  const call = requester(() => t);

  const confirmed = async (): Promise<Guest> => {
    const email = uniqueEmail('sponsor');
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      package_ids: [packageId],
    });
    expect(res.statusCode).toBe(201);
    const guest = {
      token: new URL(res.json().url).searchParams.get('token')!,
      email,
      sponsorshipId: res.json().sponsorId,
    };
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/sponsorships/${guest.sponsorshipId}/package`,
      headers: guestHeaders(guest),
      payload: { package_id: packageId },
    });
    expect(chosen.statusCode).toBe(200);
    await confirmSponsorship(t, guest, organiser.token);
    return guest;
  };

  const logoDeliverable = async (guest: Guest) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sponsorships/${guest.sponsorshipId}/deliverables`,
      headers: guestHeaders(guest),
    });
    return res.json<SponsorshipDeliverablesResponse>().deliverables.find((d) => d.kind === 'logo')!.id;
  };

  const upload = (guest: Guest, id: number, bytes: Buffer, alt?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/deliverables/${id}/asset${alt === undefined ? '' : `?alt_text=${encodeURIComponent(alt)}`}`,
      headers: { ...guestHeaders(guest), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  const setSpec = (id: number, spec: AssetSpec | null = SPEC) =>
    call('PUT', `/api/deliverables/${id}/asset-spec`, organiser.token, { spec });

  const decide = (id: number, round: number, decision: 'approve' | 'request_change', comment = '') =>
    call('POST', `/api/deliverables/${id}/asset/decision`, organiser.token, { round, decision, comment });

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    packageId = (
      await call('POST', `/api/event/${eventId}/packages`, organiser.token, {
        name: 'Gold',
        description: '',
        price_cents: 100_000,
        capacity: null,
        benefits: [{ title: 'Logo auf dem Banner', kind: 'logo', due_date: null, sponsor_delivers: true }],
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('checks uploads against the spec, keeps the original, and logs every step', async () => {
    const guest = await confirmed();
    const id = await logoDeliverable(guest);
    // Without a spec there is nothing to upload; the sponsor may not set one; a stranger sees nothing.
    expect((await upload(guest, id, await transparentPng(1200, 400), 'Logo')).json().code).toBe('asset.no-spec');
    const bySponsor = await t.app.inject({
      method: 'PUT',
      url: `/api/deliverables/${id}/asset-spec`,
      headers: guestHeaders(guest),
      payload: { spec: SPEC },
    });
    expect(bySponsor.statusCode).toBe(403);
    expect((await call('PUT', `/api/deliverables/${id}/asset-spec`, stranger.token, { spec: SPEC })).statusCode).toBe(
      404,
    );
    expect((await setSpec(id)).json<DeliverableAssetResponse>().spec).toEqual(SPEC);

    // Too small: the failing rule and what the file is.
    const small = await upload(guest, id, await transparentPng(300, 120), 'Logo der Firma');
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ code: 'asset.spec-unmet', fields: { size: '300x120' } });
    // Opaque, JPEG, without alt text: each rule named.
    const jpeg = await upload(guest, id, await logoFile('jpeg', 1200, 400));
    expect(jpeg.json().fields).toEqual({ file_type: 'jpeg', transparent: 'opaque', alt_text: 'missing' });
    expect((await upload(guest, id, await logoFile('png', 1200, 400), 'x')).json().fields).toEqual({
      transparent: 'opaque',
    });
    // An SVG with a script is refused unread; a GIF-like blob is no type at all.
    expect((await upload(guest, id, svgLogo, 'x')).json().code).toBe('asset.unreadable');
    expect((await upload(guest, id, Buffer.from('GIF89a.....'), 'x')).statusCode).toBe(415);

    const valid = await transparentPng(1200, 400);
    const ok = await upload(guest, id, valid, 'Logo der Firma');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<DeliverableAssetResponse>().rounds).toEqual([
      expect.objectContaining({ round: 1, status: 'submitted', file_type: 'png', width: 1200, height: 400 }),
    ]);
    // The original, byte for byte, for both parties; never for a stranger.
    const file = await call('GET', `/api/deliverables/${id}/asset/rounds/1/file`, organiser.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, valid)).toBe(0);
    const forStranger = await call('GET', `/api/deliverables/${id}/asset/rounds/1/file`, stranger.token);
    expect(forStranger.statusCode).toBe(404);

    // A safe SVG meets a spec that takes SVG (a vector has no pixel size to fall short of).
    const svg = await upload(guest, id, safeSvg, 'Logo als SVG');
    expect(svg.json<DeliverableAssetResponse>().rounds.map((r) => [r.round, r.status])).toEqual([
      [2, 'submitted'],
      [1, 'superseded'],
    ]);
    const svgFile = await call('GET', `/api/deliverables/${id}/asset/rounds/2/file`, organiser.token);
    expect(svgFile.headers['content-security-policy']).toContain('sandbox');
    expect(svgFile.headers['content-disposition']).toContain('attachment');

    // A superseded round cannot be decided; the open one is asked to change, then the next approved.
    expect((await decide(id, 1, 'approve')).json().code).toBe('asset.round-decided');
    const change = await decide(id, 2, 'request_change', 'Bitte die Version mit weißem Schriftzug');
    expect(change.json<DeliverableAssetResponse>().rounds[0]).toMatchObject({
      status: 'changes_requested',
      comment: 'Bitte die Version mit weißem Schriftzug',
    });
    expect((await upload(guest, id, valid, 'Logo der Firma')).statusCode).toBe(200);
    // With a placement the sponsor approves the proof first (decision 089).
    expect((await decide(id, 3, 'approve')).json().code).toBe('asset.awaiting-sponsor');
    const proofApproval = await t.app.inject({
      method: 'POST',
      url: `/api/deliverables/${id}/asset/proof-decision`,
      headers: guestHeaders(guest),
      payload: { round: 3, decision: 'approve' },
    });
    expect(proofApproval.json<DeliverableAssetResponse>().rounds[0]).toMatchObject({
      status: 'submitted',
      sponsor_decision: 'approved',
    });
    const approved = await decide(id, 3, 'approve');
    expect(approved.json<DeliverableAssetResponse>()).toMatchObject({ locked: true });
    // The sponsor may not decide; the approved round stays approved when a new upload comes.
    const bySponsorDecision = await t.app.inject({
      method: 'POST',
      url: `/api/deliverables/${id}/asset/decision`,
      headers: guestHeaders(guest),
      payload: { round: 3, decision: 'approve', comment: '' },
    });
    expect(bySponsorDecision.statusCode).toBe(403);
    const after = (await upload(guest, id, await transparentPng(1500, 500), 'Neu')).json<DeliverableAssetResponse>();
    expect(after.rounds.map((r) => [r.round, r.status])).toEqual([
      [4, 'submitted'],
      [3, 'approved'],
      [2, 'changes_requested'],
      [1, 'superseded'],
    ]);
    expect(after.locked).toBe(true);

    const log = (
      await t.app.inject({
        method: 'GET',
        url: `/api/sponsorships/${guest.sponsorshipId}/deliverables`,
        headers: guestHeaders(guest),
      })
    ).json<SponsorshipDeliverablesResponse>().activity;
    expect(log.filter((a) => a.kind.startsWith('asset_')).map((a) => [a.kind, a.detail])).toEqual([
      ['asset_spec_set', 'png, svg'],
      ['asset_uploaded', '1'],
      ['asset_uploaded', '2'],
      ['asset_change_requested', '2: Bitte die Version mit weißem Schriftzug'],
      ['asset_uploaded', '3'],
      ['asset_approved', '3'],
      ['asset_approved', '3'],
      ['asset_uploaded', '4'],
    ]);
  });

  it('decides a round once under concurrent requests, and an upload racing an approval stays consistent', async () => {
    const guest = await confirmed();
    const id = await logoDeliverable(guest);
    await setSpec(id, { ...SPEC, placement: null, transparent: false, alt_text_required: false, min_width: null });
    const png = await logoFile('png', 64, 32);
    expect((await upload(guest, id, png)).statusCode).toBe(200);
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => decide(id, 1, 'approve')));
    expect(five.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    // An approval and a new upload at once: either the round is approved and the upload is round 3
    // beside it, or the upload superseded it first and the approval is refused.
    expect((await upload(guest, id, png)).statusCode).toBe(200);
    const [approval, next] = await Promise.all([decide(id, 2, 'approve'), upload(guest, id, png)]);
    expect(next.statusCode).toBe(200);
    const state = (
      await call('GET', `/api/deliverables/${id}/asset`, organiser.token)
    ).json<DeliverableAssetResponse>();
    const two = state.rounds.find((r) => r.round === 2)!;
    expect(two.status).toBe(approval.statusCode === 200 ? 'approved' : 'superseded');
    expect(approval.statusCode === 200 || approval.json().code === 'asset.round-decided').toBe(true);
    expect(state.rounds.map((r) => r.round)).toEqual([3, 2, 1]);
    const log = (
      await call('GET', `/api/sponsorships/${guest.sponsorshipId}/deliverables`, organiser.token)
    ).json<SponsorshipDeliverablesResponse>().activity;
    expect(log.filter((a) => a.kind === 'asset_approved')).toHaveLength(approval.statusCode === 200 ? 2 : 1);
  });
});
