// Documents in the sponsor's language (decision 074), through the real routes on both engines: the
// sponsor tells the language they use, the agreement follows it unless an organiser chose one, and
// the choice is frozen once the sponsor signed.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { pdfTextOf } from '../../lib/script-samples.ts';
import { createOutboxMail } from '../../ports/mail/outbox.ts';
import { onboardedUser, validEvent, type TestUser } from '../events/test-support.ts';
import { agreementWorld, mailCatcher } from './test-support.ts';

describe.each(ENGINES)('document languages on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  let stranger: TestUser;
  const mail = mailCatcher();
  const w = agreementWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, { deps: { mail } });
    mail.forward = createOutboxMail(t.database.db, t.app.log);
    [owner, stranger] = await Promise.all([onboardedUser(t, 'veranstalter'), onboardedUser(t, 'veranstalter')]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('writes the agreement in the language the sponsor tells, or the organiser chooses, until signed', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'de');
    const other = await w.readySponsor(owner, event, 'de');
    const id = guest.sponsorshipId;
    const draftText = async () =>
      pdfTextOf((await w.call('GET', `/api/sponsorships/${id}/agreement/draft.pdf`, owner.token)).rawPayload).text;
    expect(await draftText()).toContain('Sponsoringvereinbarung');

    // Only the sponsor tells their language, for their own sponsorship.
    const tell = (language: string, who = guest) =>
      w.asGuest('PUT', `/api/sponsorships/${id}/sponsor-language`, who, { language });
    expect((await tell('fr')).statusCode).toBe(400);
    expect((await tell('en', other)).json().code).toBe('sponsorship.not-found');
    const byOrganiser = await w.call('PUT', `/api/sponsorships/${id}/sponsor-language`, owner.token, {
      language: 'en',
    });
    expect(byOrganiser.json().code).toBe('sponsorship.not-found');
    const told = await tell('en');
    expect(told.json()).toMatchObject({ sponsor_language: 'en', agreement_language: null });
    expect(await w.state(owner, id)).toMatchObject({ language: 'en', language_choice: null });
    const english = await draftText();
    expect(english).toContain('Sponsorship agreement');
    expect(english).toContain('Presented for signature');
    expect(english).not.toContain('Sponsoringvereinbarung');

    // The organisation's organisers choose per document; nobody else does.
    const choose = (language: 'de' | 'en' | null, token = owner.token) =>
      w.call('PUT', `/api/sponsorships/${id}/agreement/language`, token, { language });
    expect((await choose('de', stranger.token)).json().code).toBe('sponsorship.not-found');
    const byGuest = await w.asGuest('PUT', `/api/sponsorships/${id}/agreement/language`, guest, { language: 'de' });
    expect([byGuest.statusCode, byGuest.json().code]).toEqual([403, 'sponsorship.organisers-decide']);
    const chosen = await choose('de');
    expect([chosen.statusCode, chosen.json().language, chosen.json().language_choice]).toEqual([200, 'de', 'de']);
    expect(await draftText()).toContain('Sponsoringvereinbarung');
    expect((await choose(null)).json()).toMatchObject({ language: 'en', language_choice: null });

    // Signed: the document is frozen, neither the organiser's choice nor the sponsor's language moves it.
    const sha = (await w.state(guest, id)).document_sha256!;
    expect((await w.sign(guest, id, sha)).statusCode).toBe(201);
    const frozen = await choose('de');
    expect([frozen.statusCode, frozen.json().code]).toEqual([409, 'agreement.language-frozen']);
    expect((await tell('de')).json()).toMatchObject({ sponsor_language: 'de', agreement_language: 'en' });
    expect(await w.state(owner, id)).toMatchObject({ state: 'sponsor_signed', language: 'en', document_sha256: sha });

    // The sealed agreement is English; the sponsor's mail comes in the language they use now.
    mail.sent.length = 0;
    expect((await w.sign(owner, id, sha)).statusCode).toBe(201);
    const sealed = await w.call('GET', `/api/sponsorships/${id}/agreement/signed.pdf`, owner.token);
    expect(pdfTextOf(sealed.rawPayload).text).toMatch(/Signed by both parties on/);
    const toSponsor = mail.sent.find((m) => m.to === guest.email)!;
    expect(toSponsor.subject).toContain('Unterschriebene Sponsoringvereinbarung');
  });

  it('has no language to choose for an uploaded agreement', async () => {
    const eventId = (await w.call('POST', '/api/event/-1', owner.token, validEvent({ title: 'Hoffest' }))).json().id;
    const guest = await w.invite(owner, eventId);
    const res = await w.call('PUT', `/api/sponsorships/${guest.sponsorshipId}/agreement/language`, owner.token, {
      language: 'en',
    });
    expect([res.statusCode, res.json().code]).toEqual([409, 'agreement.not-generated']);
  });
});
