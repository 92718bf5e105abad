// A sponsorship's status agrees with its agreement (issue 55, decision 059): a change that voids the
// sponsor's signature takes a signed sponsorship back in the same transaction (seen in the database
// before anyone reads the agreement), confirming needs a valid current signature, the sponsor can sign
// the new version, and repeated or concurrent signatures, changes and confirmations leave one state.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementStateResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { createOutboxMail } from '../../ports/mail/outbox.ts';
import { onboardedUser, type TestUser } from '../events/test-support.ts';
import type { AgreementSnapshot } from './snapshot.ts';
import { agreementWorld, mailCatcher, PACKAGE } from './test-support.ts';

const FIVE = [1, 2, 3, 4, 5];

describe.each(ENGINES)('a sponsorship’s status and its agreement under changes on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  const mail = mailCatcher();
  const w = agreementWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, { deps: { mail } });
    mail.forward = createOutboxMail(t.database.db, t.app.log);
    owner = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  /** Straight from the database, without reading the agreement (which would reconcile). */
  const stored = async (id: number) => {
    const db = t.database.db;
    const sponsorship = await db
      .selectFrom('sponsorships')
      .select(['status', 'amount_cents', 'event_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const signatures = await db
      .selectFrom('agreement_signatures')
      .select(['side', 'snapshot', 'voided_at', 'document_sha256'])
      .where('sponsorship_id', '=', id)
      .orderBy('id')
      .execute();
    const settings = await db
      .selectFrom('agreement_settings')
      .select('clauses')
      .where('event_id', '=', sponsorship.event_id)
      .executeTakeFirstOrThrow();
    const valid = signatures.filter((s) => s.voided_at === null);
    return {
      status: sponsorship.status,
      amount: sponsorship.amount_cents === null ? null : Number(sponsorship.amount_cents),
      clauses: settings.clauses,
      valid,
      voided: signatures.filter((s) => s.voided_at !== null),
    };
  };

  /** The invariant: `signed` iff a valid sponsor signature on what the sponsorship is now; `confirmed` on one. */
  const expectStatusAgrees = async (id: number) => {
    const now = await stored(id);
    const sponsor = now.valid.filter((s) => s.side === 'sponsor');
    expect(sponsor.length).toBeLessThanOrEqual(1);
    if (now.status === 'signed') {
      expect(sponsor).toHaveLength(1);
      const snapshot = JSON.parse(sponsor[0]!.snapshot) as AgreementSnapshot;
      expect(snapshot.amountCents).toBe(now.amount);
      expect(snapshot.clauses).toBe(now.clauses);
    } else if (now.status === 'confirmed') {
      expect(sponsor).toHaveLength(1);
    } else {
      expect(now.valid).toEqual([]);
    }
    return now;
  };

  const signedSponsor = async (clauses?: string) => {
    const event = await w.generatedEvent(owner, clauses);
    const guest = await w.readySponsor(owner, event, 'de');
    const draft = await w.state(guest, guest.sponsorshipId);
    const signed = await w.sign(guest, guest.sponsorshipId, draft.document_sha256!);
    expect(signed.statusCode).toBe(201);
    return { event, guest, sha: draft.document_sha256! };
  };

  const patchAmount = (id: number, amount: number) =>
    w.call('PATCH', `/api/sponsorships/${id}`, owner.token, { amount_cents: amount, note: 'Mehr Fläche' });
  const saveClauses = (eventId: number, clauses: string) =>
    w.call('PUT', `/api/events/${eventId}/agreement-settings`, owner.token, {
      mode: 'generated',
      clauses,
      payment_term_days: 30,
      members_may_countersign: false,
    });
  const confirm = (id: number) =>
    w.call('POST', `/api/sponsorships/${id}/status`, owner.token, { status: 'confirmed' });
  const activityKinds = async (id: number) =>
    (
      await t.database.db
        .selectFrom('sponsorship_activity')
        .select(['kind', 'to_status'])
        .where('sponsorship_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((e) => (e.to_status ? `${e.kind}:${e.to_status}` : e.kind));

  it('takes the status back when the amount changes after signing, refuses confirming, and lets the sponsor sign anew', async () => {
    const { guest, sha } = await signedSponsor();
    mail.sent.length = 0;
    expect((await patchAmount(guest.sponsorshipId, 300_000)).statusCode).toBe(200);

    const after = await stored(guest.sponsorshipId);
    expect(after.status).not.toBe('signed');
    expect(['invited', 'downloaded']).toContain(after.status);
    expect(after.valid).toEqual([]);
    expect(after.voided).toHaveLength(1);
    const kinds = await activityKinds(guest.sponsorshipId);
    expect(kinds.filter((k) => k === 'agreement_voided')).toHaveLength(1);
    expect(kinds.at(-1)).toBe(`status_changed:${after.status}`);
    const told = mail.sent.filter((m) => /ungültig|void/i.test(m.subject)).map((m) => m.to);
    expect(told).toEqual(expect.arrayContaining([guest.email, owner.email]));

    const refused = await confirm(guest.sponsorshipId);
    expect(refused.statusCode).toBe(409);
    expect((await stored(guest.sponsorshipId)).status).toBe(after.status);

    const state = await w.state(guest, guest.sponsorshipId);
    expect(state).toMatchObject({ state: 'draft', may_sign: true, sign_block: null });
    expect(state.voided_notice).toMatchObject({ previous_sha256: sha, current_sha256: state.document_sha256 });
    expect((await w.sign(guest, guest.sponsorshipId, state.document_sha256!)).statusCode).toBe(201);
    expect((await expectStatusAgrees(guest.sponsorshipId)).status).toBe('signed');
    expect((await w.sign(owner, guest.sponsorshipId, state.document_sha256!)).statusCode).toBe(201);
    expect((await expectStatusAgrees(guest.sponsorshipId)).status).toBe('confirmed');
  });

  it('takes every signed sponsorship of the event back when the clauses change, and the package’s holders when it changes', async () => {
    const { event, guest } = await signedSponsor('Alte Klausel.');
    const second = await w.readySponsor(owner, event, 'en');
    const draft = await w.state(second, second.sponsorshipId);
    expect((await w.sign(second, second.sponsorshipId, draft.document_sha256!)).statusCode).toBe(201);

    // The same clauses again change nothing.
    expect((await saveClauses(event.eventId, 'Alte Klausel.')).statusCode).toBe(200);
    expect((await stored(guest.sponsorshipId)).status).toBe('signed');

    expect((await saveClauses(event.eventId, 'Neue Klausel.')).statusCode).toBe(200);
    for (const id of [guest.sponsorshipId, second.sponsorshipId]) {
      expect((await expectStatusAgrees(id)).status).not.toBe('signed');
    }

    const fresh = await w.state(guest, guest.sponsorshipId);
    expect((await w.sign(guest, guest.sponsorshipId, fresh.document_sha256!)).statusCode).toBe(201);
    const renamed = await w.call('PUT', `/api/packages/${event.packageId}`, owner.token, {
      ...PACKAGE,
      name: 'Platin',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await expectStatusAgrees(guest.sponsorshipId)).status).not.toBe('signed');
    expect((await confirm(guest.sponsorshipId)).statusCode).toBe(409);
  });

  it('refuses confirming a signed sponsorship whose signature no longer matches the draft', async () => {
    const { guest } = await signedSponsor();
    // A change the draft finds only when it is read (here straight in the database).
    await t.database.db
      .updateTable('sponsorships')
      .set({ amount_cents: 123_400 })
      .where('id', '=', guest.sponsorshipId)
      .execute();
    const refused = await confirm(guest.sponsorshipId);
    expect(refused.statusCode).toBe(409);
    expect((await expectStatusAgrees(guest.sponsorshipId)).status).not.toBe('confirmed');
  });

  it('keeps one signature when the sponsor signs five times at once', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'de');
    const sha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
    const answers = await Promise.all(FIVE.map(() => w.sign(guest, guest.sponsorshipId, sha)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.json().code)).toEqual(
      Array(4).fill('agreement.not-your-turn'),
    );
    const now = await expectStatusAgrees(guest.sponsorshipId);
    expect(now).toMatchObject({ status: 'signed' });
    expect(now.valid).toHaveLength(1);
    expect((await activityKinds(guest.sponsorshipId)).filter((k) => k === 'status_changed:signed')).toHaveLength(1);
  });

  it('agrees after a signature and an organiser’s change meet', async () => {
    for (let round = 0; round < 3; round++) {
      const event = await w.generatedEvent(owner);
      const guest = await w.readySponsor(owner, event, 'de');
      const sha = (await w.state(guest, guest.sponsorshipId)).document_sha256!;
      const change =
        round === 1
          ? () => saveClauses(event.eventId, `Geänderte Klausel ${round}.`)
          : () => patchAmount(guest.sponsorshipId, 310_000 + round);
      const [signed, changed] = await Promise.all([w.sign(guest, guest.sponsorshipId, sha), change()]);
      expect(changed.statusCode).toBe(200);
      expect([201, 409]).toContain(signed.statusCode);
      await expectStatusAgrees(guest.sponsorshipId);
    }
  });

  it('agrees after a confirmation and a voiding change meet', async () => {
    for (let round = 0; round < 4; round++) {
      const { event, guest } = await signedSponsor();
      const change =
        round % 2 === 1
          ? () => saveClauses(event.eventId, `Neu ${round}.`)
          : () => patchAmount(guest.sponsorshipId, 320_000 + round);
      const [confirmed, changed] = await Promise.all([confirm(guest.sponsorshipId), change()]);
      const now = await expectStatusAgrees(guest.sponsorshipId);
      if (now.status === 'confirmed') expect(confirmed.statusCode).toBe(200);
      else expect(changed.statusCode).toBe(200);
      // Reading the agreement afterwards voids nothing of a confirmed sponsorship.
      await w.state(owner, guest.sponsorshipId);
      expect((await expectStatusAgrees(guest.sponsorshipId)).status).toBe(now.status);
    }
  });

  it('completes once when the organisation countersigns while the amount changes', async () => {
    for (let round = 0; round < 2; round++) {
      const { guest, sha } = await signedSponsor();
      const [countersigned, changed] = await Promise.all([
        w.sign(owner, guest.sponsorshipId, sha, { full_name: 'Anna Größe' }),
        patchAmount(guest.sponsorshipId, 330_000 + round),
      ]);
      const now = await expectStatusAgrees(guest.sponsorshipId);
      const sealed = await t.database.db
        .selectFrom('signed_agreements')
        .select('sha256')
        .where('sponsorship_id', '=', guest.sponsorshipId)
        .execute();
      expect(sealed).toHaveLength(now.status === 'confirmed' ? 1 : 0);
      expect(countersigned.statusCode === 201 || changed.statusCode === 200).toBe(true);
      const state: AgreementStateResponse = await w.state(owner, guest.sponsorshipId);
      expect(state.state).toBe(now.status === 'confirmed' ? 'completed' : 'draft');
    }
  });
});
