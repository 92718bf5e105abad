// Crash safety (issue 10): the real server as a child process takes a stream of chat messages, event
// saves with their PDF, and sign-ups; it is killed with SIGKILL mid-stream and started again on the
// same data. Every write the client saw acknowledged must be there, whole: each message with its
// text, each event with its file (and the file's bytes), each sign-up's account.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers.ts';
import {
  client,
  CLIENT_ID,
  freshPostgres,
  freePort,
  kill,
  PASSWORD,
  printedInvitationCode,
  startServer,
} from '../child-server.ts';
import { pdfBytes } from '../../src/modules/events/test-support.ts';
import type { Engine } from '../../src/db/column-types.ts';

describe.each(ENGINES)('crash safety on %s', (engine: Engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every acknowledged write whole after SIGKILL mid-stream', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      RATE_LIMIT_INVITE_CODE: 'off',
      RATE_LIMIT_INVITATION_TOKEN: 'off',
      RATE_LIMIT_GUEST_CHAT: 'off',
      RATE_LIMIT_UPLOADS: 'off',
      // The sign-up writer below signs up as fast as it can from 127.0.0.1.
      RATE_LIMIT_SIGN_UPS: 'off',
    };
    if (engine === 'postgres') {
      const database = await freshPostgres('crash');
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const port = await freePort();
    let server = await startServer(env, port);
    cleanups.push(() => kill(server, 'SIGKILL'));
    const invitationCode = printedInvitationCode(server);
    const { identity, api, onboardOrganiser } = client(server.base);

    // An organiser with an event, and a sponsor invited to it (the guest side of the chat).
    const { token, organisationId } = await onboardOrganiser(
      `crash.organiser.${Date.now()}@example.org`,
      invitationCode,
      'Crash e.V.',
    );
    const event = { event_date: '2026-07-04', location: 'Halle', description: 'Crash test.' };
    const savedEventId = (await api('POST', '/api/event/-1', token, { ...event, title: 'save-0' })).json().id as number;
    const invited = await api('POST', '/api/sponsor-invitation', token, {
      email: 'crash.sponsor@example.org',
      event_id: savedEventId,
    });
    const guest = `${new URL(invited.json().url as string).searchParams.get('token')}:crash.sponsor@example.org`;
    const conversationId = (await api('GET', '/api/token/conversation', guest)).json()[0]!.id as number;

    // The stream: four writers until the kill; each records only what was acknowledged.
    const acked = {
      messages: [] as Array<{ id: number; text: string }>,
      events: [] as Array<{ id: number; title: string; key: string; bytes: Buffer }>,
      saves: [] as number[],
      signUps: [] as string[],
    };
    let killed = false;
    const writer = async (step: (i: number) => Promise<void>) => {
      for (let i = 1; !killed; i++) {
        try {
          await step(i);
        } catch {
          // Requests cut off by the kill were never acknowledged.
        }
      }
    };
    const writers = [
      writer(async (i) => {
        const text = `message ${i} ${'ü'.repeat(i % 50)}`;
        const res = await api('POST', `/api/conversation/${conversationId}/message`, token, { message: text });
        if (res.status === 201) acked.messages.push({ id: res.json().id as number, text });
      }),
      writer(async (i) => {
        const text = `guest ${i}`;
        const res = await api('POST', `/api/token/conversation/${conversationId}/message`, guest, { message: text });
        if (res.status === 201) acked.messages.push({ id: res.json().id as number, text });
      }),
      writer(async (i) => {
        const title = `event-${i}`;
        const created = await api('POST', '/api/event/-1', token, { ...event, title });
        if (created.status !== 201) return;
        const id = created.json().id as number;
        const upload = (await api('GET', `/api/file/upload/${organisationId}/${id}/Vertrag-${i}/pdf`, token)).json();
        const bytes = pdfBytes(`event ${i} ${randomBytes(8).toString('hex')}`);
        const put = await fetch(`${server.base}${upload.url as string}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/pdf' },
          body: bytes,
        });
        if (put.status !== 204) return;
        const saved = await api('PUT', `/api/event/${id}`, token, {
          ...event,
          title,
          files: [{ s3_id: upload.s3_id, name: upload.file, key: upload.key }],
        });
        if (saved.status === 200) acked.events.push({ id, title, key: upload.key as string, bytes });
      }),
      writer(async (i) => {
        const res = await api('PUT', `/api/event/${savedEventId}`, token, { ...event, title: `save-${i}` });
        if (res.status === 200) acked.saves.push(i);
      }),
      writer(async (i) => {
        const address = `crash.signup.${i}.${Date.now()}@example.org`;
        const res = await identity('SignUp', {
          ClientId: CLIENT_ID,
          Username: address,
          Password: PASSWORD,
          ClientMetadata: { invitationCode },
        });
        if (res.status === 200) acked.signUps.push(address);
      }),
    ];
    // Killed mid-stream once every kind of write has been acknowledged at least once (on a busy
    // machine an event's four requests can take longer than a fixed pause), and at 1.5 s at the earliest.
    const started = Date.now();
    const allAcked = () =>
      acked.messages.length > 0 && acked.events.length > 0 && acked.saves.length > 0 && acked.signUps.length > 0;
    while (Date.now() - started < 1500 || (!allAcked() && Date.now() - started < 15_000)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await kill(server, 'SIGKILL');
    killed = true;
    await Promise.all(writers);
    expect(acked.messages.length).toBeGreaterThan(0);
    expect(acked.events.length).toBeGreaterThan(0);
    expect(acked.saves.length).toBeGreaterThan(0);
    expect(acked.signUps.length).toBeGreaterThan(0);

    server = await startServer(env, port);
    const after = client(server.base);

    // The whole history, page by page (newest first), as the chat screen loads it when scrolled back.
    const messages: Array<{ id: number; message: string }> = [];
    for (let before = ''; ;) {
      const page = await after.api('GET', `/api/conversation/${conversationId}?limit=200${before}`, token);
      const items = page.json<Array<{ id: number; message: string }>>();
      messages.unshift(...items);
      if (page.headers.get('x-has-more') !== 'true' || items.length === 0) break;
      before = `&before=${items[0]!.id}`;
    }
    const byId = new Map(messages.map((m) => [m.id, m.message]));
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    for (const message of acked.messages) expect(byId.get(message.id), `message ${message.id}`).toBe(message.text);

    for (const saved of acked.events) {
      const read = await after.api('GET', `/api/event/${saved.id}`, token);
      expect(read.status).toBe(200);
      expect(read.json()).toMatchObject({ title: saved.title, files: [expect.objectContaining({ key: saved.key })] });
      const download = await fetch(`${server.base}/api/download?key=${encodeURIComponent(saved.key)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(saved.bytes);
    }
    // Nothing half-applied: every event of the organisation that lists a file can serve it.
    const listed = (await after.api('GET', `/api/events/${organisationId}?limit=100`, token)).json<
      Array<{ id: number }>
    >();
    for (const { id } of listed) {
      const files = ((await after.api('GET', `/api/event/${id}`, token)).json().files ?? []) as Array<{ key: string }>;
      for (const file of files) {
        const download = await fetch(`${server.base}/api/download?key=${encodeURIComponent(file.key)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(download.status, `file of event ${id}`).toBe(200);
      }
    }

    const title = (await after.api('GET', `/api/event/${savedEventId}`, token)).json().title as string;
    expect(Number(title.replace('save-', ''))).toBeGreaterThanOrEqual(Math.max(...acked.saves));

    for (const address of acked.signUps) {
      const again = await after.identity('SignUp', {
        ClientId: CLIENT_ID,
        Username: address,
        Password: PASSWORD,
        ClientMetadata: { invitationCode },
      });
      expect(again.body.__type, address).toBe('UsernameExistsException');
    }
    await kill(server, 'SIGTERM');
  }, 180_000);
});
