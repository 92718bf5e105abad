// What the runtime tests (two processes, backup and restore, graceful shutdown) share on top of
// ../child-server.ts: the engines to run on, a server's quiet environment, a place of its own (a data
// directory and, on PostgreSQL, a database) removed after the run, an invited sponsor, an uploaded
// signed agreement, a generated agreement signed by both sides and sealed, and every event's title.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { EVENTS_PAGE_SIZE_MAX, type AgreementStateResponse } from '@sp/shared';
import { legalDetails, PACKAGE } from '../../src/modules/agreements/test-support.ts';
import { validEvent } from '../../src/modules/events/test-support.ts';
import { client, freshPostgres } from '../child-server.ts';

export type Engine = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** No mail server, warnings only. */
export const QUIET_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', SMTP_URL: '' };

/** Runs what is pushed, last first, after the file's tests (servers stop before their place goes). */
export function cleanupsAfterAll(): (cleanup: () => Promise<unknown> | unknown) => void {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return (cleanup) => void cleanups.push(cleanup);
}

/** A data directory (and on PostgreSQL a database) of its own; `cleanup` removes it. */
export async function place(
  engine: Engine,
  name: string,
  cleanup: (done: () => Promise<unknown> | unknown) => void,
): Promise<{ DATA_DIR: string; DATABASE_URL: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sp-${name}-`));
  cleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (engine === 'postgres') {
    const database = await freshPostgres(name.replaceAll('-', '_'));
    cleanup(database.drop);
    databaseUrl = database.url;
  }
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
}

/** A sponsor invited by link to `eventId`; `guest` is the `token:email` credential of the link. */
export async function inviteSponsor(
  base: string,
  organiserToken: string,
  eventId: number,
  invitation: { email: string; amount_cents?: number; package_ids?: number[] },
): Promise<{ guest: string; sponsorshipId: number }> {
  const invited = await client(base).api('POST', '/api/sponsor-invitation', organiserToken, {
    ...invitation,
    event_id: eventId,
  });
  if (invited.status !== 201) throw new Error(`invitation: ${invited.status}`);
  const token = new URL(invited.json().url as string).searchParams.get('token');
  return { guest: `${token}:${invitation.email}`, sponsorshipId: invited.json().sponsorId as number };
}

/**
 * The guest uploads `bytes` as the signed agreement of an upload-mode event and attaches it. The
 * upload URL is made on `base`; the file is sent to `putBase` (another process, behind one address).
 */
export async function uploadSignedAgreement(
  base: string,
  guest: string,
  sponsorshipId: number,
  bytes: Buffer,
  putBase = base,
): Promise<{ url: string; key: string; s3_id: string }> {
  const { api } = client(base);
  const made = await api('POST', `/api/sponsorships/${sponsorshipId}/signed-agreement/upload-url`, guest, {
    file_name: 'unterschrieben.pdf',
  });
  if (made.status !== 200) throw new Error(`upload URL: ${made.status}`);
  const upload = made.json<{ url: string; key: string; s3_id: string }>();
  const target = new URL(upload.url, base);
  const put = await fetch(new URL(target.pathname + target.search, putBase), {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: new Uint8Array(bytes),
  });
  if (put.status !== 204) throw new Error(`upload: ${put.status}`);
  const attached = await api('PUT', `/api/sponsorships/${sponsorshipId}/signed-agreement`, guest, {
    s3_id: upload.s3_id,
    key: upload.key,
  });
  if (attached.status !== 200) throw new Error(`attach: ${attached.status}`);
  return upload;
}

/**
 * An event with the generated agreement and one package, a sponsor who chose it and entered legal
 * details, signed by the sponsor and countersigned by the organiser (the owner): the sealed PDF's
 * SHA-256 on record, when it was completed and its bytes as served.
 */
export async function sealedAgreement(
  base: string,
  organiserToken: string,
  sponsorEmail: string,
): Promise<{ sponsorshipId: number; sha256: string; completedAt: string; bytes: Buffer }> {
  const { api } = client(base);
  const must = async <T extends { status: number }>(what: string, res: Promise<T>, status = 200): Promise<T> => {
    const answer = await res;
    if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const event = await must(
    'event',
    api('POST', '/api/event/-1', organiserToken, validEvent({ title: 'Besiegelt' })),
    201,
  );
  const eventId = event.json().id as number;
  const pack = await must('package', api('POST', `/api/event/${eventId}/packages`, organiserToken, PACKAGE), 201);
  const packageId = pack.json().id as number;
  await must(
    'agreement settings',
    api('PUT', `/api/events/${eventId}/agreement-settings`, organiserToken, {
      mode: 'generated',
      clauses: 'Gerichtsstand ist Kassel.',
      payment_term_days: 30,
      members_may_countersign: false,
    }),
  );
  const { guest, sponsorshipId } = await inviteSponsor(base, organiserToken, eventId, {
    email: sponsorEmail,
    package_ids: [packageId],
  });
  await must('package', api('POST', `/api/sponsorships/${sponsorshipId}/package`, guest, { package_id: packageId }));
  await must('legal details', api('PUT', '/api/sponsor-profile/legal', guest, legalDetails('de')));
  const state = async () =>
    (await api('GET', `/api/sponsorships/${sponsorshipId}/agreement`, organiserToken)).json<AgreementStateResponse>();
  const draft = (await state()).document_sha256;
  if (!draft) throw new Error(`no draft: ${JSON.stringify(await state())}`);
  const sign = (who: string, full_name: string) =>
    api('POST', `/api/sponsorships/${sponsorshipId}/agreement/signatures`, who, {
      document_sha256: draft,
      full_name,
      position: 'Vorstand',
      consent: true,
    });
  await must('sponsor signature', sign(guest, 'Jörg Weiß'), 201);
  await must('countersignature', sign(organiserToken, 'Anna Größe'), 201);
  const done = await state();
  if (done.state !== 'completed' || !done.signed_document) throw new Error(`not sealed: ${JSON.stringify(done)}`);
  const pdf = await fetch(`${base}/api/sponsorships/${sponsorshipId}/agreement/signed.pdf`, {
    headers: { authorization: `Bearer ${organiserToken}` },
  });
  if (pdf.status !== 200) throw new Error(`sealed PDF: ${pdf.status}`);
  const bytes = Buffer.from(await pdf.arrayBuffer());
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== done.signed_document.sha256) throw new Error('the sealed PDF is not the one on record');
  return { sponsorshipId, sha256, completedAt: done.signed_document.completed_at, bytes };
}

/** The titles of every event of the organisation, page by page. */
export async function allEventTitles(base: string, organisationId: number, token: string): Promise<string[]> {
  const titles: string[] = [];
  for (let offset = 0; ; offset += EVENTS_PAGE_SIZE_MAX) {
    const page = await client(base).api(
      'GET',
      `/api/events/${organisationId}?limit=${EVENTS_PAGE_SIZE_MAX}&offset=${offset}`,
      token,
    );
    if (page.status !== 200) throw new Error(`events: ${page.status}`);
    const events = page.json() as Array<{ title: string }>;
    titles.push(...events.map((event) => event.title));
    if (events.length < EVENTS_PAGE_SIZE_MAX) return titles;
  }
}
