import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_LIMITS, type AgreementVerification } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { runAdmin } from '../../admin.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { pdfTextOf } from '../../lib/script-samples.ts';
import { createOutboxMail } from '../../ports/mail/outbox.ts';
import { onboardedUser, validEvent, type TestUser } from '../events/test-support.ts';
import { accept, joinedMember, registerWithInvitation } from '../invitations/test-support.ts';
import { uploadSignedAgreement } from '../sponsorships/test-support.ts';
import { agreementWorld, blankPng, drawnSignature, legalDetails, mailCatcher, pdfsig } from './test-support.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(ENGINES)('generated agreements on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  let member: TestUser;
  const mail = mailCatcher();
  const w = agreementWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, { deps: { mail } });
    mail.forward = createOutboxMail(t.database.db, t.app.log);
    owner = await onboardedUser(t, 'veranstalter');
    member = await joinedMember(t, owner);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('keeps the print-sign-upload path as the default (upload mode): no generated agreement', async () => {
    const eventId = (await w.call('POST', '/api/event/-1', owner.token, validEvent({ title: 'Hoffest' }))).json().id;
    const settings = await w.call('GET', `/api/events/${eventId}/agreement-settings`, owner.token);
    expect(settings.json()).toMatchObject({ mode: 'upload', caller_is_owner: true, updated_at: null });
    const guest = await w.invite(owner, eventId);
    expect((await w.state(guest, guest.sponsorshipId)).state).toBe('not_generated');
    const draft = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/draft.pdf`, guest);
    expect(draft.json().code).toBe('agreement.not-generated');
    expect((await w.sign(guest, guest.sponsorshipId, 'a'.repeat(64))).json().code).toBe('agreement.not-generated');
    await uploadSignedAgreement(t, guest);
    const confirmed = await w.call('POST', `/api/sponsorships/${guest.sponsorshipId}/status`, owner.token, {
      status: 'confirmed',
    });
    expect(confirmed.json().status).toBe('confirmed');
  });

  it('previews the clauses with sample data in both languages; only the owner opens countersigning', async () => {
    const { eventId } = await w.generatedEvent(owner, 'Klausel: Größe, Maß und Fuß.');
    for (const lang of ['de', 'en']) {
      const res = await w.call('GET', `/api/events/${eventId}/agreement-preview.pdf?lang=${lang}`, owner.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const byMember = await w.call('PUT', `/api/events/${eventId}/agreement-settings`, member.token, {
      mode: 'generated',
      clauses: 'Anders',
      payment_term_days: 10,
      members_may_countersign: true,
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('agreement.owner-only');
    const clausesByMember = await w.call('PUT', `/api/events/${eventId}/agreement-settings`, member.token, {
      mode: 'generated',
      clauses: 'Anders',
      payment_term_days: 10,
      members_may_countersign: false,
    });
    expect(clausesByMember.json()).toMatchObject({ clauses: 'Anders', caller_is_owner: false });
  });

  it('sponsor signs by link, a member without permission cannot countersign, two countersignatures make one seal', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.invite(owner, event.eventId, { packageIds: [event.packageId] });
    await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/package`, guest, { package_id: event.packageId });
    const before = await w.state(guest, guest.sponsorshipId);
    expect(before).toMatchObject({ state: 'draft', sign_block: 'details_missing', missing: ['sponsor_legal_details'] });
    await w.asGuest('PUT', '/api/sponsor-profile/legal', guest, legalDetails('en'));

    const draftRes = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/draft.pdf`, guest);
    expect(draftRes.statusCode).toBe(200);
    const draftSha = sha(draftRes.rawPayload);
    expect(draftRes.headers['x-document-sha256']).toBe(draftSha);
    const state = await w.state(guest, guest.sponsorshipId);
    expect(state).toMatchObject({ state: 'draft', language: 'en', may_sign: true, document_sha256: draftSha });
    // The same data renders the same bytes.
    const again = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/draft.pdf`, guest);
    expect(sha(again.rawPayload)).toBe(draftSha);

    expect((await w.sign(owner, guest.sponsorshipId, draftSha)).json().code).toBe('agreement.not-your-turn');
    const wrongHash = await w.sign(guest, guest.sponsorshipId, 'b'.repeat(64));
    expect(wrongHash.json().code).toBe('agreement.draft-changed');
    const badImage = await w.sign(guest, guest.sponsorshipId, draftSha, {
      drawn_signature: `data:image/png;base64,${Buffer.from('not a png at all, really not').toString('base64')}`,
    });
    expect(badImage.json().code).toBe('agreement.signature-image-invalid');
    // An image larger than AGREEMENT_LIMITS' pixels (twice the signing page's export) is refused
    // before it reaches the sealed PDF, however well it compresses.
    const tooWide = await w.sign(guest, guest.sponsorshipId, draftSha, {
      drawn_signature: await blankPng(AGREEMENT_LIMITS.drawnSignatureWidth + 1, 100),
    });
    expect(tooWide.json().code).toBe('agreement.signature-image-invalid');
    const tooHigh = await w.sign(guest, guest.sponsorshipId, draftSha, {
      drawn_signature: await blankPng(300, AGREEMENT_LIMITS.drawnSignatureHeight + 1),
    });
    expect(tooHigh.json().code).toBe('agreement.signature-image-invalid');

    const signed = await w.sign(guest, guest.sponsorshipId, draftSha, { drawn_signature: await drawnSignature() });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ state: 'sponsor_signed', sign_block: 'already_signed' });
    expect(signed.json().signatures[0]).toMatchObject({
      side: 'sponsor',
      email: guest.email,
      has_drawn_signature: true,
    });
    expect((await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, guest)).json().status).toBe('signed');
    expect((await w.sign(guest, guest.sponsorshipId, draftSha)).json().code).toBe('agreement.not-your-turn');

    // The owner's open task names the step the button names (countersign, not confirm), and an event
    // with the generated agreement is no "PDF missing" task (issue 58).
    const tasks = (await w.call('GET', `/api/organisation/${owner.organisationId}/tasks`, owner.token)).json();
    expect(tasks.sponsorships_to_confirm).toContainEqual(
      expect.objectContaining({ id: guest.sponsorshipId, action: 'countersign' }),
    );
    expect(tasks.events_without_file.map((e: { id: number }) => e.id)).not.toContain(event.eventId);

    expect((await w.state(member, guest.sponsorshipId)).sign_block).toBe('not_permitted');
    const byMember = await w.sign(member, guest.sponsorshipId, draftSha);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('agreement.countersign-forbidden');

    mail.sent.length = 0;
    const both = await Promise.all([
      w.sign(owner, guest.sponsorshipId, draftSha, { full_name: 'Anna Größe', position: 'Vorstand' }),
      w.sign(owner, guest.sponsorshipId, draftSha, { full_name: 'Anna Größe', position: 'Vorstand' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const done = await w.state(owner, guest.sponsorshipId);
    expect(done).toMatchObject({ state: 'completed', may_sign: false, sign_block: 'completed' });
    expect(done.signatures.map((s) => s.side)).toEqual(['sponsor', 'organisation']);
    const rows = await t.database.db
      .selectFrom('signed_agreements')
      .select('sha256')
      .where('sponsorship_id', '=', guest.sponsorshipId)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, guest)).json().status).toBe('confirmed');

    const final = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/signed.pdf`, guest);
    expect(final.statusCode).toBe(200);
    expect(sha(final.rawPayload)).toBe(done.signed_document!.sha256);
    const report = await pdfsig(final.rawPayload);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Sponsoring platform seal');

    // Both parties got the sealed PDF by mail: the sponsor in English, the countersigner in German.
    const attached = mail.sent.filter((m) => m.attachments?.length);
    expect(attached.map((m) => m.to).sort()).toEqual([guest.email, owner.email].sort());
    for (const m of attached) expect(sha(m.attachments![0]!.content)).toBe(done.signed_document!.sha256);
    expect(attached.find((m) => m.to === guest.email)!.subject).toMatch(/^Signed sponsorship agreement/);
    expect(attached.find((m) => m.to === owner.email)!.subject).toMatch(/^Unterschriebene Sponsoringvereinbarung/);
    // The guest's link works for a guest (issue 58): the invitation page with a fresh token for this
    // sponsorship, not the dashboard that sends a guest to a sign-in asking for an invitation code.
    const guestText = attached.find((m) => m.to === guest.email)!.text;
    expect(guestText).not.toContain('/dashboard-sponsor');
    const link = new URL(/https?:\/\/\S+/.exec(guestText)![0]);
    expect(link.pathname).toBe('/invite-sponsor/');
    expect(link.searchParams.get('email')).toBe(guest.email);
    const fresh = { ...guest, token: link.searchParams.get('token')! };
    expect(fresh.token).not.toBe(guest.token);
    const opened = await t.app.inject({ method: 'GET', url: `/api/invitations/${encodeURIComponent(fresh.token)}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ sponsorship_id: guest.sponsorshipId });
    expect((await w.state(fresh, guest.sponsorshipId)).state).toBe('completed');
    expect(attached.find((m) => m.to === owner.email)!.text).toContain(`/edit-event/${event.eventId}`);

    // The sealed PDF says on its first page that it is signed; the draft said it was presented for
    // signature (decision 067). Its text read by pdftotext, in the sponsor's language.
    const sealedText = pdfTextOf(final.rawPayload).text;
    const firstPage = sealedText.split('\f')[0]!;
    expect(firstPage).toContain('Signed by both parties on');
    expect(sealedText).not.toContain('Presented for signature');
    expect(pdfTextOf(draftRes.rawPayload).text).toContain('Presented for signature');
    expect(pdfTextOf(draftRes.rawPayload).text).not.toContain('Signed by both parties');

    // Public verification: by bytes and by hash; one changed byte is not on record.
    const byBytes = await t.app.inject({
      method: 'POST',
      url: '/api/public/agreements/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: final.rawPayload,
    });
    const answer = byBytes.json<AgreementVerification>();
    expect(answer).toEqual({
      found: true,
      status: 'verified',
      signed_at: done.signed_document!.completed_at,
      signers: [
        { name: 'Jörg Weiß', side: 'sponsor', signed_at: expect.any(String) },
        { name: 'Anna Größe', side: 'organisation', signed_at: expect.any(String) },
      ],
    });
    const byHashUrl = `/api/public/agreements/verify/${done.signed_document!.sha256}`;
    const byHash = await t.app.inject({ method: 'GET', url: byHashUrl });
    expect(byHash.json()).toEqual(answer);
    const changed = Buffer.from(final.rawPayload);
    changed[Math.floor(changed.length / 2)]! ^= 0x01;
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/public/agreements/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: changed,
    });
    expect(tampered.json()).toEqual({ found: false, status: 'not_found' });

    // One changed byte in the stored file is detected: not sent; the genuine copy, by hash or uploaded,
    // still verifies against the record, and the answer says the stored copy is damaged (decision 062).
    const store = t.config.files.store;
    if (store.kind !== 'local') throw new Error('local store expected');
    const file = path.join(store.dir, `agreements/${guest.sponsorshipId}/${done.signed_document!.sha256}.pdf`);
    const stored = fs.readFileSync(file);
    stored[100]! ^= 0x01;
    fs.writeFileSync(file, stored);
    const broken = await w.call('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/signed.pdf`, owner.token);
    expect(broken.statusCode).toBe(500);
    expect(broken.json().code).toBe('agreement.integrity-failed');
    const damaged = { ...answer, status: 'stored_copy_damaged' };
    expect((await t.app.inject({ method: 'GET', url: byHashUrl })).json()).toEqual(damaged);
    const genuine = await t.app.inject({
      method: 'POST',
      url: '/api/public/agreements/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: final.rawPayload,
    });
    expect(genuine.json()).toEqual(damaged);
    // A stored copy that is gone altogether is damaged too, never "no such agreement".
    fs.rmSync(file);
    expect((await t.app.inject({ method: 'GET', url: byHashUrl })).json()).toEqual(damaged);
  });

  it('voids the sponsor signature when the draft changes before countersigning, and tells both', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'de');
    const first = await w.state(guest, guest.sponsorshipId);
    expect((await w.sign(guest, guest.sponsorshipId, first.document_sha256!)).statusCode).toBe(201);

    mail.sent.length = 0;
    const patched = await w.call('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, owner.token, {
      amount_cents: 300_000,
      note: 'Mehr Leistung',
    });
    expect(patched.statusCode).toBe(200);
    const after = await w.state(owner, guest.sponsorshipId);
    expect(after.state).toBe('draft');
    expect(after.signatures).toEqual([]);
    expect(after.voided_notice).toMatchObject({
      side: 'sponsor',
      full_name: 'Jörg Weiß',
      previous_sha256: first.document_sha256,
      current_sha256: after.document_sha256,
    });
    expect(after.document_sha256).not.toBe(first.document_sha256);
    expect((await w.state(guest, guest.sponsorshipId)).voided_notice).not.toBeNull();
    const told = mail.sent.filter((m) => /ungültig|void/i.test(m.subject)).map((m) => m.to);
    expect(told).toContain(guest.email);
    expect(told).toContain(owner.email);
    // The guest's mail holds a guest link to the invitation page; the organiser's open tasks still
    // count that sponsor once (the guest link is no second invitation).
    const voidedText = mail.sent.find((m) => m.to === guest.email && /void|ungültig/i.test(m.subject))!.text;
    expect(voidedText).toMatch(/\/invite-sponsor\/\?token=/);
    const pending = (await w.call('GET', `/api/organisation/${owner.organisationId}/tasks`, owner.token))
      .json()
      .pending_invitations.filter((i: { email: string }) => i.email === guest.email);
    expect(pending).toHaveLength(1);
    // Told once, not on every read.
    await w.state(owner, guest.sponsorshipId);
    expect(mail.sent.filter((m) => /ungültig|void/i.test(m.subject))).toHaveLength(told.length);
    // And in the sponsorship's history, which both parties see, once.
    const historyUrl = `/api/sponsorships/${guest.sponsorshipId}/packages`;
    for (const read of [w.call('GET', historyUrl, owner.token), w.asGuest('GET', historyUrl, guest)]) {
      const activity = (await read).json().activity as { kind: string; side: string; by: string }[];
      expect(activity.filter((entry) => entry.kind === 'agreement_voided')).toEqual([
        expect.objectContaining({ side: 'sponsor', by: guest.email.toLowerCase() }),
      ]);
    }

    expect((await w.sign(owner, guest.sponsorshipId, first.document_sha256!)).json().code).toBe(
      'agreement.draft-changed',
    );
    expect((await w.sign(owner, guest.sponsorshipId, after.document_sha256!)).json().code).toBe(
      'agreement.not-your-turn',
    );
    // Signing the new draft again clears the notice.
    expect((await w.sign(guest, guest.sponsorshipId, after.document_sha256!)).statusCode).toBe(201);
    expect((await w.state(guest, guest.sponsorshipId)).voided_notice).toBeNull();
  });

  it('lets a member countersign once the owner allowed it (German sponsor)', async () => {
    const event = await w.generatedEvent(owner);
    await w.call('PUT', `/api/events/${event.eventId}/agreement-settings`, owner.token, {
      mode: 'generated',
      clauses: '',
      payment_term_days: 0,
      members_may_countersign: true,
    });
    const guest = await w.readySponsor(owner, event, 'de');
    const draftSha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
    expect((await w.sign(guest, guest.sponsorshipId, draftSha)).statusCode).toBe(201);
    const countersigned = await w.sign(member, guest.sponsorshipId, draftSha);
    expect(countersigned.statusCode).toBe(201);
    expect(countersigned.json().state).toBe('completed');
    const final = await w.call('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/signed.pdf`, member.token);
    expect(await pdfsig(final.rawPayload)).toContain('Signature is Valid.');
    // The member's data export has their countersignature with its evidence.
    const exported = (await w.call('GET', '/api/data-export', member.token)).json();
    expect(exported.agreements.signatures).toContainEqual(
      expect.objectContaining({ sponsorship_id: guest.sponsorshipId, side: 'organisation', ip: '127.0.0.1' }),
    );
  });

  it('lets the sponsor sign from their account as well as from the link', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'en');
    const account = await registerWithInvitation(t, guest.email, guest.token);
    const asAccount = { ...owner, sub: account.sub, email: account.email, token: account.token };
    const mine = await w.state(asAccount, guest.sponsorshipId);
    expect(mine).toMatchObject({ your_side: 'sponsor', may_sign: true, language: 'en' });
    const signed = await w.sign(asAccount, guest.sponsorshipId, mine.document_sha256!);
    expect(signed.statusCode).toBe(201);
    expect(signed.json().signatures).toEqual([
      expect.objectContaining({ side: 'sponsor', email: guest.email.toLowerCase() }),
    ]);
    expect((await w.state(guest, guest.sponsorshipId)).state).toBe('sponsor_signed');

    // An account holder (the invitation accepted with the account) is led to the sponsor dashboard.
    expect((await accept(t, account, guest.token)).statusCode).toBe(200);
    mail.sent.length = 0;
    expect((await w.sign(owner, guest.sponsorshipId, mine.document_sha256!)).statusCode).toBe(201);
    const told = mail.sent.find((m) => m.to === guest.email && m.attachments?.length)!;
    expect(told.text).toContain('/dashboard-sponsor');
    expect(told.text).not.toContain('/invite-sponsor/');
  });

  it('seals a German agreement whose first page says it is signed by both parties', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'de');
    const draftSha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
    const draft = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/draft.pdf`, guest);
    expect(pdfTextOf(draft.rawPayload).text.split('\f')[0]).toContain('Zur Unterschrift vorgelegt');
    expect((await w.sign(guest, guest.sponsorshipId, draftSha)).statusCode).toBe(201);
    expect((await w.sign(owner, guest.sponsorshipId, draftSha)).statusCode).toBe(201);
    const final = await w.call('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/signed.pdf`, owner.token);
    const text = pdfTextOf(final.rawPayload).text;
    expect(text.split('\f')[0]).toMatch(/Von beiden Parteien unterschrieben am \d{2}\.\d{2}\.\d{4}/);
    expect(text).not.toContain('Zur Unterschrift vorgelegt');
    // The signature pages still name the SHA-256 of the draft that was signed.
    expect(text.replace(/\s+/g, '')).toContain(draftSha);
    expect(await pdfsig(final.rawPayload)).toContain('Signature is Valid.');
  });

  it('keeps a sealed agreement when the organisation is deleted, until its retention has passed', async () => {
    const solo = await onboardedUser(t, 'veranstalter');
    const event = await w.generatedEvent(solo);
    const guest = await w.readySponsor(solo, event, 'de');
    const draftSha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
    await w.sign(guest, guest.sponsorshipId, draftSha);
    const sealed = (await w.sign(solo, guest.sponsorshipId, draftSha)).json().signed_document.sha256 as string;
    expect((await w.call('DELETE', `/api/user-profile/${solo.sub}`, solo.token)).statusCode).toBe(204);
    const verifyUrl = `/api/public/agreements/verify/${sealed}`;
    expect((await t.app.inject({ method: 'GET', url: verifyUrl })).json().found).toBe(true);

    const row = await t.database.db
      .selectFrom('signed_agreements')
      .select('retain_until')
      .where('sha256', '=', sealed)
      .executeTakeFirstOrThrow();
    const retainUntil = new Date(row.retain_until as string | Date);
    expect(retainUntil.getUTCFullYear()).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 11);
    const admin = async (now: Date) => {
      const lines: string[] = [];
      await runAdmin(['agreement-archive', 'purge'], (line) => lines.push(line), {
        env: { NODE_ENV: 'test', DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' },
        database: t.database,
        now,
      });
      return lines;
    };
    await admin(new Date(retainUntil.getTime() - 1));
    expect((await t.app.inject({ method: 'GET', url: verifyUrl })).json().found).toBe(true);
    expect(await admin(retainUntil)).toContain(
      'Removed 1 sealed agreement(s) of deleted organisations past their retention.',
    );
    expect((await t.app.inject({ method: 'GET', url: verifyUrl })).json()).toEqual({
      found: false,
      status: 'not_found',
    });
  });
});
