// The chasers' outbox against a real database: a failing mail port is retried after a pause and
// marked failed after the last attempt; a row claimed by a process that died is sent once its claim
// runs out, and two drains at once send each row once.
import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, uniqueEmail, type IdentityTestApp } from '../../identity/test-support.ts';
import type { MailMessage } from '../../ports/mail/index.ts';
import { onboardedUser, requester, validEvent } from '../events/test-support.ts';
import { CLAIM_MS, MAX_ATTEMPTS, createOutboxJob, retryDelayMs } from './outbox-job.ts';
import { createReadinessRepository } from './repository.ts';

describe.each(ENGINES)('chaser outbox on %s', (engine) => {
  let t: IdentityTestApp;
  let organisationId: number;
  let eventId: number;
  let sponsorshipId: number;
  const call = requester(() => t);
  const repo = () => createReadinessRepository(t.database.db);
  const log = { error: () => undefined } as never;

  const jobWith = (send: (m: MailMessage) => Promise<void>) =>
    createOutboxJob({
      repo: repo(),
      mail: { send },
      log,
      linkFor: async () => 'http://sponsor.example/link',
      eventTitle: async () => 'Stadtlauf',
    });

  const queueOne = (limitKey: string) =>
    repo()
      .queue(
        [
          {
            organisationId,
            eventId,
            sponsorshipId,
            recipient: 'logo@example.org',
            language: 'en',
            limitKey,
            override: false,
            items: [{ column_key: 'deliverable:logo', title: 'Logo', due: null }],
            createdBy: 'organiser@example.org',
          },
        ],
        t.clock(),
      )
      .then((queued) => queued.has(sponsorshipId));

  const statusOf = async () =>
    (await repo().notices([eventId])).map((n) => ({ status: n.status, attempts: n.attempts }));

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    const organiser = await onboardedUser(t, 'veranstalter');
    organisationId = organiser.organisationId;
    eventId = (await call('POST', '/api/event/-1', organiser.token, validEvent())).json().id;
    const invited = await call('POST', '/api/sponsor-invitation', organiser.token, {
      email: uniqueEmail('sponsor'),
      event_id: eventId,
    });
    sponsorshipId = invited.json().sponsorId;
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('chase_outbox').execute();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('refuses a second row under the same limit key', async () => {
    expect(await queueOne('2026-04-01')).toBe(true);
    expect(await queueOne('2026-04-01')).toBe(false);
    expect(await queueOne('2026-04-01:override:abcdefgh')).toBe(true);
  });

  it('retries a failed send after its pause, and gives up after the last attempt', async () => {
    await queueOne('d1');
    let calls = 0;
    const failing = jobWith(async () => {
      calls += 1;
      throw new Error('smtp down');
    });
    const start = t.clock().getTime();
    expect(await failing.run(new Date(start))).toEqual({ sent: 0, failed: 1 });
    expect(await statusOf()).toEqual([{ status: 'queued', attempts: 1 }]);
    // Not before its pause.
    expect(await failing.run(new Date(start + retryDelayMs(1) - 1))).toEqual({ sent: 0, failed: 0 });
    let at = start;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      at += retryDelayMs(attempt);
      await failing.run(new Date(at));
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(await statusOf()).toEqual([{ status: 'failed', attempts: MAX_ATTEMPTS }]);
    expect(await failing.run(new Date(at + 365 * 24 * 3600 * 1000))).toEqual({ sent: 0, failed: 0 });
  });

  it('sends a retried row once the mail port is back', async () => {
    await queueOne('d2');
    const start = t.clock().getTime();
    await jobWith(async () => Promise.reject(new Error('down'))).run(new Date(start));
    const sent: MailMessage[] = [];
    const working = jobWith(async (m) => void sent.push(m));
    expect(await working.run(new Date(start + retryDelayMs(1)))).toEqual({ sent: 1, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Logo: http://sponsor.example/link#deliverables');
    expect(await statusOf()).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  it('leaves a row claimed by a killed process to be sent when its claim runs out, once', async () => {
    await queueOne('d3');
    const start = t.clock().getTime();
    const [id] = await repo().due(new Date(start), 10);
    // The process that claimed it died before sending: nothing marks it.
    expect(await repo().claim(id!, new Date(start), CLAIM_MS)).toBeDefined();
    const sent: MailMessage[] = [];
    const survivor = jobWith(async (m) => void sent.push(m));
    expect(await survivor.run(new Date(start + CLAIM_MS - 1))).toEqual({ sent: 0, failed: 0 });
    const [a, b] = await Promise.all([
      survivor.run(new Date(start + CLAIM_MS)),
      jobWith(async (m) => void sent.push(m)).run(new Date(start + CLAIM_MS)),
    ]);
    expect(a!.sent + b!.sent).toBe(1);
    expect(sent).toHaveLength(1);
    expect(await statusOf()).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  it('goes on past a full batch in one run, so a large chase leaves at the mail port’s rate', async () => {
    for (let i = 0; i < 150; i += 1) await queueOne(`many-${i}`);
    const sent: MailMessage[] = [];
    const { sent: count } = await jobWith(async (m) => void sent.push(m)).run(t.clock());
    // The app's own timer may take a few of them meanwhile; one run sends far more than a batch (50).
    expect(count).toBeGreaterThan(100);
    expect(sent).toHaveLength(count);
    await vi.waitFor(async () => expect((await statusOf()).every((s) => s.status === 'sent')).toBe(true));
  });
});
