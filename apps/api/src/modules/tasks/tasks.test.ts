import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from '../events/test-support.ts';
import { invite } from '../invitations/test-support.ts';
import { toDbTime } from '../../db/values.ts';

describe.each(ENGINES)('organiser tasks on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let stranger: TestUser;
  let sponsorOnly: TestUser;
  const call = requester(() => t);
  const tasksOf = (user: TestUser, organisationId = user.organisationId) =>
    call('GET', `/api/organisation/${organisationId}/tasks`, user.token);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, stranger, sponsorOnly] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'sponsor'),
    ]);
  });
  afterAll(async () => t.close());

  it('lists events without a PDF, signed sponsorships to confirm and open invitations', async () => {
    const empty = await tasksOf(organiser);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      events_without_file: [],
      sponsorships_to_confirm: [],
      pending_invitations: [],
      overdue_deliverables: [],
      overdue_invoices: [],
      total: 0,
    });

    const event = (await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Ohne PDF' }))).json();
    const colleague = uniqueEmail('colleague');
    await invite(t, organiser, colleague);
    const sponsorEmail = uniqueEmail('sponsor');
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsorEmail,
      event_id: event.id,
    });
    const token = new URL(invited.json().url).searchParams.get('token')!;
    const guest = { authorization: `${token}:${sponsorEmail}` };
    const sponsorshipId = invited.json().sponsorId;
    const upload = (
      await t.app.inject({
        method: 'POST',
        url: `/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`,
        headers: guest,
        payload: { file_name: 'signed.pdf' },
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes(),
    });
    const attached = await t.app.inject({
      method: 'PUT',
      url: `/api/sponsorships/${sponsorshipId}/signed-agreement`,
      headers: guest,
      payload: { s3_id: upload.s3_id, key: upload.key },
    });
    expect(attached.statusCode).toBe(200);

    const tasks = (await tasksOf(organiser)).json();
    expect(tasks.events_without_file).toEqual([{ id: event.id, title: 'Ohne PDF', event_date: '2026-07-04' }]);
    expect(tasks.sponsorships_to_confirm).toEqual([
      {
        id: sponsorshipId,
        event_id: event.id,
        event_title: 'Ohne PDF',
        sponsor_email: sponsorEmail,
        sponsor_name: null,
        action: 'confirm',
      },
    ]);
    // The sponsor who signed is a sponsorship to confirm, no longer an open invitation; one who has
    // not answered is.
    expect(tasks.pending_invitations.map((i: { kind: string; email: string }) => [i.kind, i.email])).toEqual([
      ['team', colleague],
    ]);
    expect(tasks.total).toBe(3);
    // Named by the sponsor's organisation once it named itself (decision 091).
    await t.database.db
      .insertInto('sponsor_profiles')
      .values({
        email_normalized: sponsorEmail.toLowerCase(),
        public_name: 'Nordbräu',
        description_de: '',
        description_en: '',
        created_at: toDbTime(new Date()),
        updated_at: toDbTime(new Date()),
      })
      .execute();
    expect((await tasksOf(organiser)).json().sponsorships_to_confirm[0].sponsor_name).toBe('Nordbräu');
    const waiting = uniqueEmail('waiting');
    expect(
      (await call('POST', '/api/sponsor-invitation', organiser.token, { email: waiting, event_id: event.id }))
        .statusCode,
    ).toBe(201);
    const later = (await tasksOf(organiser)).json();
    expect(later.pending_invitations.map((i: { kind: string; email: string }) => [i.kind, i.email]).sort()).toEqual(
      [
        ['sponsor', waiting],
        ['team', colleague],
      ].sort(),
    );
    expect(later.pending_invitations.find((i: { kind: string }) => i.kind === 'sponsor')).toMatchObject({
      event_id: event.id,
      event_title: 'Ohne PDF',
    });
    expect(later.total).toBe(4);

    // A week later both links have expired: the colleague's invitation is no task any more, the
    // sponsor who has not signed still is (sending the invitation again makes a new link).
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: toDbTime(new Date(Date.now() - 60_000)) })
      .where('email', 'in', [waiting, colleague])
      .execute();
    const expired = (await tasksOf(organiser)).json();
    expect(expired.pending_invitations.map((i: { kind: string; email: string }) => [i.kind, i.email])).toEqual([
      ['sponsor', waiting],
    ]);
    expect(expired.total).toBe(3);

    // Another organisation's dashboard shows none of it.
    expect((await tasksOf(stranger)).json().total).toBe(0);
  });

  it("refuses another organisation's tasks, sponsors and anonymous callers", async () => {
    expect((await tasksOf(stranger, organiser.organisationId)).statusCode).toBe(403);
    expect((await tasksOf(sponsorOnly)).statusCode).toBe(403);
    expect((await call('GET', `/api/organisation/${organiser.organisationId}/tasks`, null)).statusCode).toBe(401);
  });
});
