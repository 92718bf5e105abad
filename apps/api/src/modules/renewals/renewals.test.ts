import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanNextEditionResponse, RenewalsResponse, SponsorRenewalResponse } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import {
  PASSWORD,
  callIdentity,
  signUpAndSignIn,
  startIdentityApp,
  type IdentityTestApp,
} from '../../identity/test-support.ts';
import { createOutboxMail } from '../../ports/mail/outbox.ts';
import { onboardedUser, type TestUser } from '../events/test-support.ts';
import { agreementWorld, drawnSignature, legalDetails, mailCatcher, type Guest } from '../agreements/test-support.ts';
import { outboxJobOf } from '../readiness/index.ts';

const SILVER = {
  name: 'Silber',
  description: 'Für kleine Firmen',
  price_cents: 99_900,
  capacity: 1,
  benefits: [{ title: 'Logo auf der Website', kind: 'logo', due_date: '2027-05-01', sponsor_delivers: true }],
};

describe.each(ENGINES)('next edition and renewals on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  let stranger: TestUser;
  const mail = mailCatcher();
  const w = agreementWorld(() => t);
  let previous: { eventId: number; packageId: number };
  let silverId: number;
  let sponsors: Guest[];
  let next: PlanNextEditionResponse;

  const renewals = async (token = owner.token) => {
    const res = await w.call('GET', `/api/events/${next.event_id}/renewals`, token);
    expect(res.statusCode).toBe(200);
    return res.json<RenewalsResponse>();
  };
  /** The sponsor's link to the new event from the offer mail. */
  const linkOf = (email: string): Guest & { url: string } => {
    const m = [...mail.sent]
      .reverse()
      .find((x) => x.to === email && /Verlängerungsangebot|renewal offer/.test(x.subject));
    if (!m) throw new Error(`no offer mail to ${email}`);
    const url = /(http\S+invite-sponsor\S+)/.exec(m.text)![1]!;
    const token = new URL(url).searchParams.get('token')!;
    return { token, email, sponsorshipId: 0, url };
  };

  /** Days later the organiser's tokens have run out: signed in again. */
  const later = async (ms: number) => {
    t.clock.advance(ms);
    const signIn = await callIdentity(t.app, 'InitiateAuth', {
      ClientId: t.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: owner.email, PASSWORD },
    });
    owner.token = signIn.body.AuthenticationResult!.AccessToken!;
  };

  beforeAll(async () => {
    t = await startIdentityApp(engine, { deps: { mail } });
    t.clock.advance(Date.parse('2026-04-01T08:00:00Z') - t.clock().getTime());
    mail.forward = createOutboxMail(t.database.db, t.app.log);
    [owner, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
    previous = await w.generatedEvent(owner, 'Gerichtsstand ist Köln.');
    silverId = (await w.call('POST', `/api/event/${previous.eventId}/packages`, owner.token, SILVER)).json().id;
    await w.call('PUT', `/api/event/${previous.eventId}/sponsor-wall`, owner.token, { enabled: true });
    // Three sponsors last year: two signed (German and English), one only invited (no sponsor of it).
    sponsors = [await w.readySponsor(owner, previous, 'de'), await w.readySponsor(owner, previous, 'en')];
    for (const guest of sponsors) {
      const state = await w.state(guest, guest.sponsorshipId);
      const signed = await w.sign(guest, guest.sponsorshipId, state.document_sha256!, {
        drawn_signature: await drawnSignature(),
      });
      expect(signed.statusCode).toBe(201);
    }
    await w.invite(owner, previous.eventId, { packageIds: [previous.packageId] });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('plans the next edition in one step: packages with benefits at new prices, settings, nothing of sponsors', async () => {
    const refused = await w.call('POST', `/api/event/${previous.eventId}/next-edition`, stranger.token, {
      title: 'Fremd',
      event_date: '2027-06-01',
      location: 'Köln',
    });
    expect(refused.statusCode).toBe(404);
    const wrongPrice = await w.call('POST', `/api/event/${previous.eventId}/next-edition`, owner.token, {
      title: 'Straßenfest 2027',
      event_date: '2027-06-01',
      location: 'Köln',
      prices: [{ package_id: 999_999, price_cents: 1 }],
    });
    expect(wrongPrice.statusCode).toBe(400);
    const eventsBefore = await t.database.db.selectFrom('events').select('id').execute();

    const res = await w.call('POST', `/api/event/${previous.eventId}/next-edition`, owner.token, {
      title: 'Straßenfest 2027',
      event_date: '2027-06-01',
      location: 'Köln',
      price_change_percent: 5,
      prices: [{ package_id: silverId, price_cents: 120_000 }],
    });
    expect(res.statusCode).toBe(201);
    next = res.json<PlanNextEditionResponse>();
    expect(next.packages).toBe(2);
    // The refused plan wrote nothing (one transaction).
    expect((await t.database.db.selectFrom('events').select('id').execute()).length).toBe(eventsBefore.length + 1);

    const event = (await w.call('GET', `/api/event/${next.event_id}`, owner.token)).json();
    expect(event).toMatchObject({ title: 'Straßenfest 2027', event_date: '2027-06-01', location: 'Köln' });
    expect(event).toMatchObject({ sponsor_amount: 0, open_sponsorships: 0, committed_cents: 0 });
    const packages = (await w.call('GET', `/api/event/${next.event_id}/packages`, owner.token)).json();
    expect(packages.map((p: { name: string; price_cents: number }) => [p.name, p.price_cents])).toEqual([
      ['Gold „Größe“', 262_500],
      ['Silber', 120_000],
    ]);
    expect(packages[0].benefits.map((b: { title: string }) => b.title)).toEqual(['Logo auf dem Plakat', 'Stand']);
    expect(packages[1]).toMatchObject({ capacity: 1, sold: 0 });
    const settings = (await w.call('GET', `/api/events/${next.event_id}/agreement-settings`, owner.token)).json();
    expect(settings).toMatchObject({ mode: 'generated', clauses: 'Gerichtsstand ist Köln.', payment_term_days: 30 });
    const wall = await t.database.db
      .selectFrom('sponsor_walls')
      .selectAll()
      .where('event_id', '=', next.event_id)
      .execute();
    expect(wall).toHaveLength(1);

    // Nothing of the sponsors: no sponsorship, offer, choice, consent, deliverable or invitation.
    const db = t.database.db;
    for (const table of ['sponsorships', 'invitations', 'deliverables'] as const) {
      expect(await db.selectFrom(table).select('event_id').where('event_id', '=', next.event_id).execute()).toEqual([]);
    }
    const newPackageIds = packages.map((p: { id: number }) => p.id);
    expect(
      await db.selectFrom('sponsorship_choices').selectAll().where('package_id', 'in', newPackageIds).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('sponsorship_offers').selectAll().where('package_id', 'in', newPackageIds).execute(),
    ).toEqual([]);
  });

  it('lists the previous sponsors with their package suggested, and offers each once even when asked twice at once', async () => {
    const view = await renewals();
    expect(view.previous_event?.id).toBe(previous.eventId);
    expect(view.rows.map((r) => r.sponsor_email).sort()).toEqual(sponsors.map((s) => s.email).sort());
    const gold = view.packages.find((p) => p.name === 'Gold „Größe“')!;
    expect(view.rows.every((r) => r.suggested_package_id === gold.id && r.state === 'not_offered')).toBe(true);
    expect((await w.call('GET', `/api/events/${next.event_id}/renewals`, stranger.token)).statusCode).toBe(404);

    const body = {
      deadline: '2026-04-20',
      offers: view.rows.map((r) => ({ previous_sponsorship_id: r.previous_sponsorship_id, package_id: gold.id })),
    };
    expect((await w.call('POST', `/api/events/${next.event_id}/renewals`, stranger.token, body)).statusCode).toBe(404);
    const past = await w.call('POST', `/api/events/${next.event_id}/renewals`, owner.token, {
      ...body,
      deadline: '2026-03-01',
    });
    expect(past.json().code).toBe('renewal.deadline-past');
    const sent = mail.sent.length;
    const [a, b] = await Promise.all([
      w.call('POST', `/api/events/${next.event_id}/renewals`, owner.token, body),
      w.call('POST', `/api/events/${next.event_id}/renewals`, owner.token, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().offered + b.json().offered).toBe(2);
    expect(a.json().already + b.json().already).toBe(2);
    const offerMails = mail.sent.slice(sent).filter((m) => /Verlängerungsangebot|renewal offer/.test(m.subject));
    expect(offerMails).toHaveLength(2);
    // Each in the sponsor's language.
    expect(offerMails.find((m) => m.to === sponsors[0]!.email)!.subject).toMatch(/^Ihr Verlängerungsangebot/);
    expect(offerMails.find((m) => m.to === sponsors[1]!.email)!.subject).toMatch(/^Your renewal offer/);
    const after = await renewals();
    expect(after.rows.map((r) => r.state)).toEqual(['offered', 'offered']);
    const rows = await t.database.db
      .selectFrom('renewal_offers')
      .selectAll()
      .where('event_id', '=', next.event_id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it("accepting chooses the preselected package and prefills the agreement with last year's legal details", async () => {
    const guest = linkOf(sponsors[1]!.email);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/invitations/${guest.token}` });
    expect(lookup.statusCode).toBe(200);
    const row = (await renewals()).rows.find((r) => r.sponsor_email === guest.email)!;
    guest.sponsorshipId = row.offer!.sponsorship_id;
    const view = (
      await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/renewal`, guest)
    ).json<SponsorRenewalResponse>();
    expect(view.offer).toMatchObject({ status: 'offered', expired: false, package_id: row.suggested_package_id });
    // Another sponsor's link does not open this offer.
    const other = linkOf(sponsors[0]!.email);
    expect(
      (
        await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/renewal/accept`, other, {
          package_id: view.offer!.package_id,
        })
      ).statusCode,
    ).toBe(404);

    const accepted = await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/renewal/accept`, guest, {
      package_id: view.offer!.package_id,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().offer.status).toBe('accepted');
    const again = await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/renewal/decline`, guest);
    expect(again.json().code).toBe('renewal.decided');
    const state = await w.state(guest, guest.sponsorshipId);
    expect(state).toMatchObject({ state: 'draft', may_sign: true, missing: [], language: 'en' });
    const signed = await w.sign(guest, guest.sponsorshipId, state.document_sha256!);
    expect(signed.statusCode).toBe(201);
    expect((await renewals()).rows.find((r) => r.sponsor_email === guest.email)!.state).toBe('accepted');
    // Their legal details are still one row per address: nothing was copied.
    const legal = await t.database.db
      .selectFrom('sponsor_legal_details')
      .selectAll()
      .where('email_normalized', '=', guest.email.toLowerCase())
      .execute();
    expect(legal).toHaveLength(1);
    expect(legal[0]!.legal_name).toBe(legalDetails('en').legal_name);
  });

  it("reminds a sponsor without an answer once a day through the chasers' outbox; declining withdraws", async () => {
    const row = (await renewals()).rows.find((r) => r.sponsor_email === sponsors[0]!.email)!;
    const url = `/api/renewal-offers/${row.offer!.id}/reminder`;
    expect((await w.call('POST', url, stranger.token)).statusCode).toBe(404);
    const [first, second] = await Promise.all([w.call('POST', url, owner.token), w.call('POST', url, owner.token)]);
    expect([first.json().queued, second.json().queued].sort()).toEqual([false, true]);
    await outboxJobOf(t.database.db)!.run(t.clock());
    const reminders = mail.sent.filter((m) => m.to === sponsors[0]!.email && /^Noch offen/.test(m.subject));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('Ihr Verlängerungsangebot beantworten');
    expect(reminders[0]!.text).toMatch(/invite-sponsor\/\?token=.*#renewal/);
    await later(24 * 60 * 60 * 1000);
    expect((await w.call('POST', url, owner.token)).json().queued).toBe(true);

    const guest = { ...linkOf(sponsors[0]!.email), sponsorshipId: row.offer!.sponsorship_id };
    const declined = await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/renewal/decline`, guest);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().offer.status).toBe('declined');
    const sponsorship = (await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}`, guest)).json();
    expect(sponsorship.status).toBe('withdrawn');
    expect((await w.call('POST', url, owner.token)).json().code).toBe('renewal.decided');
    expect((await renewals()).rows.find((r) => r.sponsor_email === guest.email)!.state).toBe('declined');
  });

  it('shows an offer past its deadline as no answer, which can no longer be accepted', async () => {
    await later(30 * 24 * 60 * 60 * 1000);
    const third = await w.readySponsor(owner, previous, 'de');
    const state = await w.state(third, third.sponsorshipId);
    await w.sign(third, third.sponsorshipId, state.document_sha256!);
    const view = await renewals();
    const row = view.rows.find((r) => r.sponsor_email === third.email)!;
    const offered = await w.call('POST', `/api/events/${next.event_id}/renewals`, owner.token, {
      deadline: '2026-05-20',
      offers: [{ previous_sponsorship_id: row.previous_sponsorship_id, package_id: silverIdOf(view) }],
    });
    expect(offered.json()).toEqual({ offered: 1, already: 0 });
    await later(30 * 24 * 60 * 60 * 1000);
    const late = (await renewals()).rows.find((r) => r.sponsor_email === third.email)!;
    expect(late.state).toBe('no_answer');
    const guest = { ...linkOf(third.email), sponsorshipId: late.offer!.sponsorship_id };
    const accept = await w.asGuest('POST', `/api/sponsorships/${guest.sponsorshipId}/renewal/accept`, guest, {
      package_id: silverIdOf(view),
    });
    expect(accept.json().code).toBe('renewal.expired');
  });

  it("is answered from the sponsor's account as from the link: the dashboard's bearer, nobody else's", async () => {
    const fourth = await w.readySponsor(owner, previous, 'de');
    const state = await w.state(fourth, fourth.sponsorshipId);
    await w.sign(fourth, fourth.sponsorshipId, state.document_sha256!);
    const view = await renewals();
    const row = view.rows.find((r) => r.sponsor_email === fourth.email)!;
    const deadline = new Date(t.clock().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    await w.call('POST', `/api/events/${next.event_id}/renewals`, owner.token, {
      deadline,
      offers: [{ previous_sponsorship_id: row.previous_sponsorship_id, package_id: silverIdOf(view) }],
    });
    const offerId = (await renewals()).rows.find((r) => r.sponsor_email === fourth.email)!.offer!.sponsorship_id;
    const account = await signUpAndSignIn(t, fourth.email);
    const bearer = account.AccessToken;
    // The dashboard lists the new sponsorship by the account's address and reads its offer.
    const mine = await w.call('GET', '/api/sponsorships', bearer);
    expect(mine.json<Array<{ id: number }>>().map((s) => s.id)).toContain(offerId);
    const offer = await w.call('GET', `/api/sponsorships/${offerId}/renewal`, bearer);
    expect(offer.json<SponsorRenewalResponse>().offer).toMatchObject({ status: 'offered', expired: false });
    // Another account may neither read nor answer it.
    const otherSponsor = await signUpAndSignIn(t);
    expect((await w.call('GET', `/api/sponsorships/${offerId}/renewal`, otherSponsor.AccessToken)).statusCode).toBe(
      404,
    );
    const foreign = await w.call('POST', `/api/sponsorships/${offerId}/renewal/accept`, otherSponsor.AccessToken, {
      package_id: silverIdOf(view),
    });
    expect(foreign.statusCode).toBe(404);
    const accepted = await w.call('POST', `/api/sponsorships/${offerId}/renewal/accept`, bearer, {
      package_id: silverIdOf(view),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<SponsorRenewalResponse>().offer!.status).toBe('accepted');
    expect((await renewals()).rows.find((r) => r.sponsor_email === fourth.email)!.state).toBe('accepted');
  });
});

const silverIdOf = (view: RenewalsResponse) => view.packages.find((p) => p.name === 'Silber')!.id;
