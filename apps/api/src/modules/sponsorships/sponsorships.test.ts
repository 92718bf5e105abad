import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { joinedMember, registerWithInvitation } from '../invitations/test-support.ts';

type Upload = { url: string; key: string; s3_id: string; file: string };

describe.each(ENGINES)('sponsorships and signed agreements on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let eventId: number;
  let agreementKey: string;
  const call = requester(() => t);

  /** A request with the invitation link as guest access (`token:email`). */
  const asGuest = (method: 'GET' | 'POST' | 'PUT', url: string, guest: Guest, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `${guest.token}:${guest.email}` },
      ...(payload ? { payload } : {}),
    });
  type Guest = { token: string; email: string; sponsorshipId: number };

  const inviteSponsor = async (email = uniqueEmail('sponsor')): Promise<Guest> => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email,
      event_id: eventId,
      amount_cents: 50_000,
    });
    expect(res.statusCode).toBe(201);
    const token = new URL(res.json().url).searchParams.get('token')!;
    return { token, email, sponsorshipId: res.json().sponsorId };
  };

  const putPdf = (url: string, body = pdfBytes('signed')) =>
    t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'application/pdf' }, payload: body });

  const uploadSigned = async (guest: Guest, name = 'Vertrag unterschrieben.pdf') => {
    const res = await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, guest, {
      file_name: name,
    });
    expect(res.statusCode).toBe(200);
    const upload = res.json<Upload>();
    expect((await putPdf(upload.url)).statusCode).toBe(204);
    return upload;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }))).json().id;
    const upload = (
      await call('GET', `/api/file/upload/${organiser.organisationId}/${eventId}/Vertrag/pdf`, organiser.token)
    ).json<Upload>();
    expect((await putPdf(upload.url, pdfBytes('agreement'))).statusCode).toBe(204);
    const saved = await call('PUT', `/api/event/${eventId}`, organiser.token, {
      ...validEvent({ title: 'Stadtlauf' }),
      files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }],
    });
    expect(saved.statusCode).toBe(200);
    agreementKey = upload.key;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('tells the invite page its sponsorship and shows the guest the event and its agreement', async () => {
    const guest = await inviteSponsor();
    const lookup = await call('GET', `/api/invitations/${guest.token}`, null);
    expect(lookup.json().sponsorship_id).toBe(guest.sponsorshipId);

    const res = await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, guest);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: guest.sponsorshipId,
      event_id: eventId,
      event_title: 'Stadtlauf',
      organisation_name: 'Sportverein Musterstadt e.V.',
      sponsor_email: guest.email,
      status: 'invited',
      amount_cents: 50_000,
      signed_agreement: null,
      agreement_downloaded_at: null,
    });
    expect(res.json().agreement_files).toEqual([expect.objectContaining({ key: agreementKey })]);
  });

  it('records the first download of the agreement by the sponsor, not by the organiser', async () => {
    const guest = await inviteSponsor();
    const byOrganiser = await call('GET', `/api/download?key=${encodeURIComponent(agreementKey)}`, organiser.token);
    expect(byOrganiser.statusCode).toBe(200);
    expect((await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, guest)).json().status).toBe('invited');

    const download = await asGuest('GET', `/api/download?key=${encodeURIComponent(agreementKey)}`, guest);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const after = (await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, guest)).json();
    const messages = (await asGuest('GET', '/api/token/conversation', guest)).json();
    expect(JSON.parse(messages[0].message.message).key).toBe('agreement_downloaded');
    expect(after.status).toBe('downloaded');
    expect(after.agreement_downloaded_at).toBe(t.clock().toISOString());
  });

  it('lets the guest sponsor upload the signed PDF, and the organiser sees and downloads it', async () => {
    const guest = await inviteSponsor();
    const upload = await uploadSigned(guest);
    expect(upload.key).toContain(`/sponsorships/${guest.sponsorshipId}/`);
    const attached = await asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, guest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({
      status: 'signed',
      signed_agreement: { s3_id: upload.s3_id, name: 'Vertrag unterschrieben.pdf', key: upload.key },
    });

    const list = await call('GET', `/api/event/${eventId}/sponsorships`, organiser.token);
    expect(list.statusCode).toBe(200);
    const mine = list.json().find((s: { id: number }) => s.id === guest.sponsorshipId);
    expect(mine).toMatchObject({ status: 'signed', sponsor_email: guest.email, signed_agreement: { key: upload.key } });
    const download = await call('GET', `/api/download?key=${encodeURIComponent(upload.key)}`, organiser.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString('latin1')).toContain('signed');

    // The conversation with the sponsor tells the organisation, as a system notification.
    const conversations = (await call('GET', '/api/conversation', organiser.token)).json();
    const withSponsor = conversations.find((c: { other_name: string }) => c.other_name === guest.email);
    expect(withSponsor.message).toMatchObject({ type: 'notification', sender_side: 'system' });
    expect(JSON.parse(withSponsor.message.message)).toEqual({
      key: 'signed_uploaded',
      params: { event: 'Stadtlauf', file: 'Vertrag unterschrieben.pdf' },
    });

    // The signed copy is not one of the event's own files.
    const event = (await call('GET', `/api/event/${eventId}`, organiser.token)).json();
    expect(event.files.map((f: { key: string }) => f.key)).toEqual([agreementKey]);

    // A second upload replaces the first, whose blob goes.
    const second = await uploadSigned(guest, 'neu.pdf');
    const replaced = await asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, guest, {
      s3_id: second.s3_id,
      key: second.key,
    });
    expect(replaced.json().signed_agreement.name).toBe('neu.pdf');
    expect((await call('GET', `/api/download?key=${encodeURIComponent(upload.key)}`, organiser.token)).statusCode).toBe(
      404,
    );
  });

  it('keeps signed agreements between the two parties', async () => {
    const guest = await inviteSponsor();
    const otherGuest = await inviteSponsor();
    const upload = await uploadSigned(guest);
    await asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, guest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    const key = encodeURIComponent(upload.key);
    // Another sponsor of the same event, with a valid link of their own: not theirs.
    expect((await asGuest('GET', `/api/download?key=${key}`, otherGuest)).statusCode).toBe(404);
    expect((await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, otherGuest)).statusCode).toBe(404);
    // An organiser of another organisation.
    expect((await call('GET', `/api/download?key=${key}`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/sponsorships/${guest.sponsorshipId}`, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/event/${eventId}/sponsorships`, stranger.token)).statusCode).toBe(404);
    // The link with another address, a made-up token, or nothing at all.
    const wrongEmail = { ...guest, email: uniqueEmail('intruder') };
    expect((await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, wrongEmail)).statusCode).toBe(404);
    const madeUp = { ...guest, token: 'A'.repeat(43) };
    expect((await asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, madeUp)).statusCode).toBe(404);
    expect((await call('GET', `/api/sponsorships/${guest.sponsorshipId}`, null)).statusCode).toBe(401);
    // Another sponsor cannot attach someone else's upload, nor get an upload URL for it.
    const stolen = await asGuest('PUT', `/api/sponsorships/${otherGuest.sponsorshipId}/signed-agreement`, otherGuest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(stolen.statusCode).toBe(400);
    expect(
      (
        await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, otherGuest, {
          file_name: 'x.pdf',
        })
      ).statusCode,
    ).toBe(404);
    // An organiser cannot put an upload of a sponsor among the event's own files.
    const asEventFile = await call('PUT', `/api/event/${eventId}`, organiser.token, {
      ...validEvent({ title: 'Stadtlauf' }),
      files: [{ s3_id: upload.s3_id, name: 'x.pdf', key: upload.key }],
    });
    expect(asEventFile.statusCode).toBe(400);
  });

  it('refuses non-PDF names and content, and organisers returning the signed copy', async () => {
    const guest = await inviteSponsor();
    const wrongName = await asGuest(
      'POST',
      `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`,
      guest,
      {
        file_name: 'vertrag.docx',
      },
    );
    expect(wrongName.statusCode).toBe(415);
    const res = await asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, guest, {
      file_name: 'vertrag.pdf',
    });
    const upload = res.json<Upload>();
    const notPdf = await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('<html>not a pdf</html>'),
    });
    expect(notPdf.statusCode).toBe(415);
    const attach = await asGuest('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, guest, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attach.statusCode).toBe(400);
    expect(attach.json().fields).toEqual({ files: 'not_uploaded' });

    const byOrganiser = await call(
      'POST',
      `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`,
      organiser.token,
      { file_name: 'x.pdf' },
    );
    expect(byOrganiser.statusCode).toBe(404);
  });

  it('lets the registered sponsor and every member of the organisation see the sponsorship', async () => {
    const guest = await inviteSponsor();
    const user = await registerWithInvitation(t, guest.email, guest.token);
    const own = await call('GET', `/api/sponsorships/${guest.sponsorshipId}`, user.token);
    expect(own.statusCode).toBe(200);
    const upload = (
      await call('POST', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement/upload-url`, user.token, {
        file_name: 'signed.pdf',
      })
    ).json<Upload>();
    expect((await putPdf(upload.url)).statusCode).toBe(204);
    const attached = await call('PUT', `/api/sponsorships/${guest.sponsorshipId}/signed-agreement`, user.token, {
      s3_id: upload.s3_id,
      key: upload.key,
    });
    expect(attached.json().status).toBe('signed');
    expect((await call('GET', `/api/download?key=${encodeURIComponent(upload.key)}`, user.token)).statusCode).toBe(200);

    const member = await joinedMember(t, organiser);
    expect((await call('GET', `/api/sponsorships/${guest.sponsorshipId}`, member.token)).statusCode).toBe(200);
  });
});
