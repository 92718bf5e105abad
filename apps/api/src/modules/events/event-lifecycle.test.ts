import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import { joinedMember } from '../invitations/test-support.ts';
import { createAccess } from '../access/index.ts';
import { onboardedUser, pdfBytes, requester, validEvent, type TestUser } from './test-support.ts';

// Issue 21, point 4: archiving hides an event until it is unarchived; deleting is final and possible
// only while every sponsorship is still `invited`, and takes invitations, packages and files along.
describe.each(ENGINES)('archiving and deleting events on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let other: TestUser;
  let sponsorUser: TestUser;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    [organiser, other, sponsorUser] = await Promise.all([
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'veranstalter'),
      onboardedUser(t, 'sponsor'),
    ]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const createEvent = async (title = `Fest ${Math.random()}`, user = organiser) => {
    const res = await call('POST', '/api/event/-1', user.token, validEvent({ title }));
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; title: string };
  };
  const inviteSponsor = async (eventId: number, email = uniqueEmail('sponsor')) => {
    const res = await call('POST', '/api/sponsor-invitation', organiser.token, { email, event_id: eventId });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { sponsorId: number; url: string };
    return { ...body, email, token: new URL(body.url).searchParams.get('token')! };
  };
  const listIds = async (archived?: boolean) => {
    const query = archived === undefined ? '' : `?archived=${archived}`;
    const res = await call('GET', `/api/events/${organiser.organisationId}${query}`, organiser.token);
    expect(res.statusCode).toBe(200);
    return { ids: (res.json() as { id: number }[]).map((e) => e.id), total: Number(res.headers['x-total-count']) };
  };

  it('archives an event out of the list, the tasks and the search, and unarchives it back', async () => {
    const event = await createEvent(`Archivfest ${Date.now()}`);
    expect((await listIds()).ids).toContain(event.id);
    const before = await listIds();

    const archived = await call('POST', `/api/event/${event.id}/archive`, organiser.token);
    expect(archived.statusCode).toBe(200);
    expect(Date.parse(archived.json().archived_at)).toBeGreaterThan(0);
    const listed = await listIds();
    expect(listed.ids).not.toContain(event.id);
    expect(listed.total).toBe(before.total - 1);
    expect((await listIds(true)).ids).toEqual([event.id]);
    // Still readable and editable by its organisers.
    expect((await call('GET', `/api/event/${event.id}`, organiser.token)).json().archived_at).toBe(
      archived.json().archived_at,
    );
    const tasks = await call('GET', `/api/organisation/${organiser.organisationId}/tasks`, organiser.token);
    expect(tasks.json().events_without_file.map((e: { id: number }) => e.id)).not.toContain(event.id);
    const search = await call('GET', `/api/search?q=${encodeURIComponent(event.title)}`, organiser.token);
    expect(JSON.stringify(search.json())).not.toContain(event.title);

    // Archiving again keeps the first time; unarchiving brings it back.
    expect((await call('POST', `/api/event/${event.id}/archive`, organiser.token)).json().archived_at).toBe(
      archived.json().archived_at,
    );
    const back = await call('POST', `/api/event/${event.id}/unarchive`, organiser.token);
    expect(back.statusCode).toBe(200);
    expect(back.json().archived_at).toBeNull();
    expect((await listIds()).ids).toContain(event.id);
    expect((await listIds(true)).ids).toEqual([]);
    const found = await call('GET', `/api/search?q=${encodeURIComponent(event.title)}`, organiser.token);
    expect(JSON.stringify(found.json())).toContain(event.title);
  });

  it('refuses archiving, deleting and the preview to another organisation, a sponsor and without a token', async () => {
    const event = await createEvent();
    for (const [method, url] of [
      ['POST', `/api/event/${event.id}/archive`],
      ['POST', `/api/event/${event.id}/unarchive`],
      ['GET', `/api/event/${event.id}/deletion`],
      ['DELETE', `/api/event/${event.id}`],
    ] as const) {
      expect((await call(method, url, null)).statusCode, url).toBe(401);
      const theirs = await call(method, url, other.token);
      expect(theirs.statusCode, url).toBe(404);
      expect(theirs.json().code).toBe('event.not-found');
      const sponsor = await call(method, url, sponsorUser.token);
      expect(sponsor.statusCode, url).toBe(403);
    }
    expect((await call('GET', `/api/event/${event.id}`, organiser.token)).json().archived_at).toBeNull();
  });

  it('lets a team member who organises archive and delete too', async () => {
    const member = await joinedMember(t, organiser);
    const event = await createEvent();
    expect((await call('POST', `/api/event/${event.id}/archive`, member.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/event/${event.id}`, member.token)).statusCode).toBe(204);
  });

  it('names what deleting removes, deletes it with its files from storage, and the links then say invalid', async () => {
    const event = await createEvent('Löschfest');
    const upload = await call(
      'GET',
      `/api/file/upload/${organiser.organisationId}/${event.id}/Vertrag/pdf`,
      organiser.token,
    );
    const { url, s3_id, file, key } = upload.json() as { url: string; s3_id: string; file: string; key: string };
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/pdf' },
      payload: pdfBytes('delete-me'),
    });
    expect(put.statusCode).toBe(204);
    const saved = await call('PUT', `/api/event/${event.id}`, organiser.token, {
      ...validEvent({ title: 'Löschfest' }),
      files: [{ s3_id, name: file, key }],
    });
    expect(saved.statusCode).toBe(200);
    if (t.config.files.store.kind !== 'local') throw new Error('expected the local store');
    const blob = path.join(t.config.files.store.dir, ...key.split('/'));
    expect(fs.existsSync(blob)).toBe(true);
    const first = await inviteSponsor(event.id);
    await inviteSponsor(event.id);

    const preview = await call('GET', `/api/event/${event.id}/deletion`, organiser.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      id: event.id,
      title: 'Löschfest',
      deletable: true,
      invitations: 2,
      packages: 0,
      files: 1,
      blocking_sponsorships: 0,
    });

    const deleted = await call('DELETE', `/api/event/${event.id}`, organiser.token);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/event/${event.id}`, organiser.token)).statusCode).toBe(404);
    expect(fs.existsSync(blob)).toBe(false);
    const lookup = await call('GET', `/api/invitations/${first.token}`, null);
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json().code).toBe('invitation.link-invalid');
    const sponsorships = await t.database.db
      .selectFrom('sponsorships')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(sponsorships).toEqual([]);
    // Final: a second delete finds nothing.
    expect((await call('DELETE', `/api/event/${event.id}`, organiser.token)).statusCode).toBe(404);
  });

  it('refuses deleting once a sponsorship is past invited; archiving stays possible', async () => {
    const event = await createEvent();
    const invited = await inviteSponsor(event.id);
    const declined = await call('POST', `/api/sponsorships/${invited.sponsorId}/status`, organiser.token, {
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);

    const preview = await call('GET', `/api/event/${event.id}/deletion`, organiser.token);
    expect(preview.json()).toMatchObject({ deletable: false, invitations: 0, blocking_sponsorships: 1 });
    const refused = await call('DELETE', `/api/event/${event.id}`, organiser.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('event.has-sponsorships');
    expect((await call('GET', `/api/event/${event.id}`, organiser.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/event/${event.id}/archive`, organiser.token)).statusCode).toBe(200);
  });

  it('answers whether an event is archived to other modules (the sponsor wall)', async () => {
    const event = await createEvent();
    const access = createAccess(t.database.db).events;
    expect(await access.isArchived(event.id)).toBe(false);
    await call('POST', `/api/event/${event.id}/archive`, organiser.token);
    expect(await access.isArchived(event.id)).toBe(true);
    expect(await access.isArchived(2_000_000_000)).toBe(false);
  });
});
