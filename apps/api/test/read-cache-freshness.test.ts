// The read cache (read-cache/index.ts, decision 094) must never answer stale data: every change to what
// the event list, the conversation list or a conversation shows is read back right after a cached
// read, through the API, on both engines; also writes that bypass the application's services
// (cascades, SQL through the handle).
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../src/identity/test-support.ts';
import { onboardedUser, requester, validEvent, type TestUser } from '../src/modules/events/test-support.ts';
import { joinedMember } from '../src/modules/invitations/test-support.ts';

type Message = { id: number; message: string; type: string; is_read: boolean; from_me: boolean };
type Conversation = { id: number; other_name: string; unread_count: number; message: { message: string } | null };
type ListedEvent = {
  id: number;
  title: string;
  sponsor_amount: number;
  committed_cents: number;
  open_sponsorships: number;
};

describe.each(ENGINES)('read cache freshness on %s', (engine) => {
  let t: IdentityTestApp;
  let organiser: TestUser;
  let colleague: TestUser;
  let sponsor: TestUser;
  let eventId: number;
  const call = requester(() => t);

  const events = async (token = organiser.token) => {
    const res = await call('GET', `/api/events/${organiser.organisationId}`, token);
    expect(res.statusCode).toBe(200);
    return { list: res.json<ListedEvent[]>(), total: res.headers['x-total-count'] };
  };
  const conversations = async (token: string) => {
    const res = await call('GET', '/api/conversation', token);
    expect(res.statusCode).toBe(200);
    return res.json<Conversation[]>();
  };
  const messages = async (token: string, id: number) => {
    const res = await call('GET', `/api/conversation/${id}`, token);
    expect(res.statusCode).toBe(200);
    // Only the chat's own messages: the sponsorship notices of the first test are in this conversation too.
    return res.json<Message[]>().filter((m) => m.type === 'text');
  };
  const send = async (token: string, id: number, message: string) =>
    expect((await call('POST', `/api/conversation/${id}/message`, token, { message })).statusCode).toBe(201);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    organiser = await onboardedUser(t, 'veranstalter');
    colleague = await joinedMember(t, organiser);
    sponsor = await onboardedUser(t, 'sponsor');
    const res = await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Stadtlauf' }));
    expect(res.statusCode).toBe(201);
    eventId = res.json().id;
  });
  afterAll(async () => t?.close());

  it('answers a changed event list after every kind of change, and the same bytes while nothing changed', async () => {
    const first = await call('GET', `/api/events/${organiser.organisationId}`, organiser.token);
    const again = await call('GET', `/api/events/${organiser.organisationId}`, organiser.token);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);

    // A new event.
    const created = await call('POST', '/api/event/-1', organiser.token, validEvent({ title: 'Herbstfest' }));
    const second = created.json().id as number;
    let now = await events();
    expect(now.list.map((e) => e.title)).toContain('Herbstfest');
    expect(now.total).toBe('2');

    // A changed event, by a colleague (another member's request fills the same cache entry).
    await events(colleague.token);
    expect(
      (await call('PUT', `/api/event/${second}`, colleague.token, validEvent({ title: 'Winterfest' }))).statusCode,
    ).toBe(200);
    now = await events();
    expect(now.list.map((e) => e.title)).toEqual(expect.arrayContaining(['Winterfest', 'Stadtlauf']));
    expect(now.list.map((e) => e.title)).not.toContain('Herbstfest');

    // A new sponsorship, then its amount and its confirmation.
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: sponsor.email,
      event_id: eventId,
      amount_cents: 120_000,
    });
    expect(invited.statusCode).toBe(201);
    const sponsorshipId = invited.json().sponsorId as number;
    const stadtlauf = async () => (await events()).list.find((e) => e.id === eventId)!;
    expect(await stadtlauf()).toMatchObject({ open_sponsorships: 1, sponsor_amount: 0, committed_cents: 0 });
    const amount = await t.app.inject({
      method: 'PATCH',
      url: `/api/sponsorships/${sponsorshipId}`,
      headers: { authorization: `Bearer ${organiser.token}` },
      payload: { amount_cents: 150_000 },
    });
    expect(amount.statusCode).toBe(200);
    expect(await stadtlauf()).toMatchObject({ open_sponsorships: 1, committed_cents: 0 });
    // SQL through the handle, no service involved.
    await t.database.db
      .updateTable('sponsorships')
      .set({ status: 'confirmed' })
      .where('id', '=', sponsorshipId)
      .execute();
    expect(await stadtlauf()).toMatchObject({ open_sponsorships: 0, sponsor_amount: 1, committed_cents: 150_000 });
    await t.database.db.deleteFrom('sponsorships').where('id', '=', sponsorshipId).execute();
    expect(await stadtlauf()).toMatchObject({ open_sponsorships: 0, sponsor_amount: 0, committed_cents: 0 });
  });

  it('keeps pages apart and still checks who asks before answering from the cache', async () => {
    const page = await call('GET', `/api/events/${organiser.organisationId}?limit=1&offset=0`, organiser.token);
    const next = await call('GET', `/api/events/${organiser.organisationId}?limit=1&offset=1`, organiser.token);
    expect(page.json()).toHaveLength(1);
    expect(next.json()).toHaveLength(1);
    expect(next.json()[0].id).not.toBe(page.json()[0].id);
    const stranger = await call('GET', `/api/events/${organiser.organisationId}`, sponsor.token);
    expect(stranger.statusCode).toBe(403);
    expect((await call('GET', `/api/events/${organiser.organisationId}`, null)).statusCode).toBe(401);
  });

  it('sends cached answers compressed as the request accepts, and the compressed copy never stale', async () => {
    const started = await call('POST', `/api/conversation/${encodeURIComponent(uniqueEmail('zip'))}`, organiser.token);
    const id = started.json().id as number;
    await send(organiser.token, id, 'Ein langer Text über das Sommerfest. '.repeat(60));
    const url = `/api/conversation/${id}`;
    const asked = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${organiser.token}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await asked();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [header, coding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync], // the second time from the cache
      ['gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await asked(header);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], header).toBe(coding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect((await asked('identity')).body).toBe(plain.body);

    await send(organiser.token, id, 'Noch eine Frage.');
    const after = await asked('gzip, deflate, br, zstd');
    const texts = JSON.parse(zlib.brotliDecompressSync(after.rawPayload).toString('utf8')).map(
      (m: Message) => m.message,
    );
    expect(texts.at(-1)).toBe('Noch eine Frage.');
  });

  it('answers new messages, read marks and renamed organisations in both lists and the conversation', async () => {
    const started = await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, organiser.token);
    expect(started.statusCode).toBe(200);
    const id = started.json().id as number;
    await send(organiser.token, id, 'Hallo!');

    // The sponsor reads: marks read (not cached), then cached reads.
    expect((await messages(sponsor.token, id)).map((m) => m.message)).toEqual(['Hallo!']);
    const sponsorView = await call('GET', `/api/conversation/${id}`, sponsor.token);
    expect((await call('GET', `/api/conversation/${id}`, sponsor.token)).body).toBe(sponsorView.body);
    // The organiser's own message shows read now; the organiser's cached view must say so.
    const organiserView = await messages(organiser.token, id);
    expect(organiserView).toMatchObject([{ message: 'Hallo!', is_read: true, from_me: true }]);

    // A new message reaches the cached views of both sides.
    await conversations(organiser.token);
    await conversations(sponsor.token);
    await send(sponsor.token, id, 'Danke, gerne.');
    expect((await messages(organiser.token, id)).map((m) => m.message)).toEqual(['Hallo!', 'Danke, gerne.']);
    // Read by the organiser: the sponsor's cached view of their own message flips to read.
    expect((await messages(sponsor.token, id)).at(-1)).toMatchObject({ message: 'Danke, gerne.', is_read: true });
    const organiserList = (await conversations(organiser.token)).find((c) => c.id === id)!;
    expect(organiserList).toMatchObject({ unread_count: 0, message: { message: 'Danke, gerne.' } });

    // Unread counts in the sponsor's list follow the organiser's messages.
    await send(colleague.token, id, 'Noch eine Frage');
    expect((await conversations(sponsor.token)).find((c) => c.id === id)).toMatchObject({
      unread_count: 1,
      message: { message: 'Noch eine Frage' },
    });

    // The organisation renamed: the sponsor's list shows the new name at once.
    const renamed = await call('PUT', `/api/user-profile/${organiser.sub}`, organiser.token, {
      organisation_name: 'Laufverein Musterstadt e.V.',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await conversations(sponsor.token)).find((c) => c.id === id)?.other_name).toBe(
      'Laufverein Musterstadt e.V.',
    );

    // A new conversation appears in the organiser's cached list.
    const newcomer = uniqueEmail('newcomer');
    await call('POST', `/api/conversation/${encodeURIComponent(newcomer)}`, organiser.token);
    expect((await conversations(organiser.token)).map((c) => c.other_name)).toContain(newcomer);

    // Someone else's conversation is still not found, cached or not.
    expect((await call('GET', `/api/conversation/${id}`, (await onboardedUser(t, 'sponsor')).token)).statusCode).toBe(
      404,
    );
  });

  it('moves the conversation lists on changes made by plain SQL, and when an organisation goes with its conversations', async () => {
    const other = await onboardedUser(t, 'veranstalter');
    const started = await call('POST', `/api/conversation/${encodeURIComponent(sponsor.email)}`, other.token);
    const id = started.json().id as number;
    await send(other.token, id, 'Guten Tag');
    expect((await conversations(sponsor.token)).find((c) => c.id === id)).toMatchObject({ unread_count: 1 });
    expect((await conversations(sponsor.token)).find((c) => c.id === id)).toMatchObject({ unread_count: 1 });

    // An operator's SQL on the conversation row reaches both sides' cached lists.
    await t.database.db
      .updateTable('conversations')
      .set({ unread_from_organisation: 0 })
      .where('id', '=', id)
      .execute();
    expect((await conversations(sponsor.token)).find((c) => c.id === id)).toMatchObject({ unread_count: 0 });
    await t.database.db
      .updateTable('conversations')
      .set({ sponsor_email: sponsor.email.toUpperCase() })
      .where('id', '=', id)
      .execute();
    expect((await conversations(other.token)).find((c) => c.id === id)?.other_name).toBe(sponsor.email.toUpperCase());

    // Moved to another address by SQL: gone from the old address's cached list, in the new one's,
    // and the old address's access to its messages (read and kept just before) ends at once.
    const elsewhere = await onboardedUser(t, 'sponsor');
    await conversations(elsewhere.token);
    await messages(sponsor.token, id);
    await messages(sponsor.token, id);
    await t.database.db
      .updateTable('conversations')
      .set({ sponsor_email_normalized: elsewhere.email.toLowerCase() })
      .where('id', '=', id)
      .execute();
    expect((await conversations(sponsor.token)).map((c) => c.id)).not.toContain(id);
    expect((await conversations(elsewhere.token)).map((c) => c.id)).toContain(id);
    expect((await call('GET', `/api/conversation/${id}`, sponsor.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/conversation/${id}`, elsewhere.token)).statusCode).toBe(200);
    await t.database.db
      .updateTable('conversations')
      .set({ sponsor_email_normalized: sponsor.email.toLowerCase() })
      .where('id', '=', id)
      .execute();
    expect((await conversations(sponsor.token)).map((c) => c.id)).toContain(id);

    // The organisation deleted (its conversations go by cascade): gone from the sponsor's cached list.
    await t.database.db.deleteFrom('organisations').where('id', '=', other.organisationId).execute();
    expect((await conversations(sponsor.token)).map((c) => c.id)).not.toContain(id);
  });

  // PostgreSQL prepares nothing in this process; SQLite's statement cache is ours (db/index.ts).
  if (engine === 'sqlite')
    it('writes and reads a busy conversation with the statements it prepared once', async () => {
      const prepared = t.database.preparedStatements!;
      const started = await call(
        'POST',
        `/api/conversation/${encodeURIComponent(uniqueEmail('busy'))}`,
        organiser.token,
      );
      const id = started.json().id as number;
      const round = async (i: number) => {
        await send(organiser.token, id, `Nachricht ${i}`);
        await messages(organiser.token, id);
        await conversations(organiser.token);
        await events();
      };
      for (let i = 0; i < 3; i++) await round(i);
      const before = prepared();
      for (let i = 3; i < 40; i++) await round(i);
      // Every statement's text must be the same each time: values go in as parameters, never into the SQL.
      expect(prepared() - before).toBe(0);
    });
});
