// Bulk issuing and sending as persistent jobs (decision 093), on both engines: one job however often
// it is started at once, numbers gap-free in the items' order, and a killed process's job taken up
// again after its claim ran out without numbering or mailing again what was done.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceJob, InvoiceJobItem } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { listOutbox } from '../../ports/mail/outbox.ts';
import { requester } from '../events/test-support.ts';
import { createJobsRepository } from './jobs-repository.ts';
import { invoiceJobsOf, JOB_CLAIM_MS } from './jobs.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, SETTINGS } from './test-support.ts';

describe.each(ENGINES)('invoice jobs on %s', (engine) => {
  let t: IdentityTestApp;
  const call = requester(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine);
    t.clock.advance(Date.parse('2026-06-01T08:00:00Z') - t.clock().getTime());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  const drafted = async (n: number, format = '{YY}-{NNN}') => {
    const organiser = await billingOrganiser(t, { ...SETTINGS, number_format: format });
    const event = await eventWithPackage(t, organiser);
    const drafts: number[] = [];
    for (let i = 0; i < n; i++) {
      const guest = await confirmedSponsorship(t, organiser, event);
      drafts.push(
        (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token)).json().invoice.id,
      );
    }
    return { organiser, event, drafts };
  };
  const mailsWith = async (number: string) =>
    (await listOutbox(t.database.db, 1000)).filter((m) => m.attachments.some((a) => a.filename === `${number}.pdf`))
      .length;

  it('issues every draft as one job, started five times at once, numbered in order', async () => {
    const { organiser, event, drafts } = await drafted(4);
    const started = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call('POST', `/api/event/${event.eventId}/invoice-jobs`, organiser.token, { kind: 'issue-drafts' }),
      ),
    );
    expect(started.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(started.map((r) => (r.json().job as InvoiceJob).id)).size).toBe(1);
    await invoiceJobsOf(t.database.db)!.settled();
    const read = await call('GET', `/api/event/${event.eventId}/invoice-jobs`, organiser.token);
    const job = (read.json().jobs as InvoiceJob[]).find((j) => j.kind === 'issue-drafts')!;
    expect(job.state).toBe('done');
    expect(job.done).toBe(4);
    expect(job.items.map((i) => i.invoice_id)).toEqual(drafts);
    expect(job.items.map((i) => [i.state, i.number])).toEqual(
      drafts.map((_, k) => ['done', `26-${String(k + 1).padStart(3, '0')}`]),
    );
    for (const item of job.items) expect(await mailsWith(item.number!)).toBe(1);
    // Another organisation's user cannot start or read it.
    const stranger = await billingOrganiser(t);
    const refused = await call('GET', `/api/event/${event.eventId}/invoice-jobs`, stranger.token);
    expect([403, 404]).toContain(refused.statusCode);
    // Sending all again is a job too: one more mail each.
    const send = await call('POST', `/api/event/${event.eventId}/invoice-jobs`, organiser.token, { kind: 'send' });
    expect(send.statusCode).toBe(202);
    await invoiceJobsOf(t.database.db)!.settled();
    for (const item of job.items) expect(await mailsWith(item.number!)).toBe(2);
  });

  it("takes a killed process's job up again after its claim, without redoing what was done", async () => {
    const { organiser, event, drafts } = await drafted(3, 'R{YY}-{NNN}');
    const jobs = createJobsRepository(t.database.db);
    const items: InvoiceJobItem[] = drafts.map((id) => ({
      invoice_id: id,
      sponsor_email: 'x@example.com',
      state: 'pending',
      number: null,
      code: null,
    }));
    const me = { sub: organiser.sub, email: organiser.email };
    const { job } = await jobs.start({
      organisationId: 0,
      eventId: event.eventId,
      kind: 'issue-drafts',
      items,
      by: me,
      at: t.clock(),
    });
    // The "killed" process: claimed it, issued the first draft and recorded it, issued the second
    // (numbered and mailed) but died before recording that.
    const dead = (await jobs.claim(job.id, t.clock(), JOB_CLAIM_MS))!;
    const first = (await call('POST', `/api/invoices/${drafts[0]}/issue`, organiser.token)).json().invoice;
    dead.items[0] = { ...dead.items[0]!, state: 'done', number: first.number };
    expect(await jobs.progress(dead, t.clock(), JOB_CLAIM_MS)).toBe(true);
    const second = (await call('POST', `/api/invoices/${drafts[1]}/issue`, organiser.token)).json().invoice;
    const runner = invoiceJobsOf(t.database.db)!;
    // While its claim holds, nobody takes it.
    expect((await runner.runOnce(t.clock())).worked).toBe(0);
    t.clock.advance(JOB_CLAIM_MS + 1000);
    await runner.runOnce(t.clock());
    // (the server's own timer may have taken it first: wait for whichever did)
    for (let i = 0; i < 100 && (await jobs.find(job.id))!.state !== 'done'; i++)
      await new Promise((r) => setTimeout(r, 100));
    const after = (await jobs.find(job.id))!;
    expect(after.state).toBe('done');
    expect(after.items.map((i) => [i.state, i.number])).toEqual([
      ['done', 'R26-001'],
      ['done', 'R26-002'],
      ['done', 'R26-003'],
    ]);
    expect([first.number, second.number]).toEqual(['R26-001', 'R26-002']);
    expect(await mailsWith('R26-001')).toBe(1);
    expect(await mailsWith('R26-002')).toBe(1);
    expect(await mailsWith('R26-003')).toBe(1);
    // The dead process's claim writes nothing any more.
    expect(await jobs.progress(dead, t.clock(), JOB_CLAIM_MS)).toBe(false);
  });

  it('mails an invoice once when the kill came between its mail and its record (decision 097)', async () => {
    const { organiser, event, drafts } = await drafted(2, 'K{YY}-{NNN}');
    const jobs = createJobsRepository(t.database.db);
    const items: InvoiceJobItem[] = drafts.map((id) => ({
      invoice_id: id,
      sponsor_email: 'x@example.com',
      state: 'pending',
      number: null,
      code: null,
    }));
    const me = { sub: organiser.sub, email: organiser.email };
    const { job } = await jobs.start({
      organisationId: 0,
      eventId: event.eventId,
      kind: 'issue-drafts',
      items,
      by: me,
      at: t.clock(),
    });
    // The "killed" process claimed the job, numbered the first draft and mailed it, and died before
    // recording the mail: the invoice is issued, its mail is in the outbox, `sent_at` is not set.
    expect(await jobs.claim(job.id, t.clock(), JOB_CLAIM_MS)).not.toBeNull();
    const first = (await call('POST', `/api/invoices/${drafts[0]}/issue`, organiser.token)).json().invoice;
    await t.database.db.updateTable('invoices').set({ sent_at: null }).where('id', '=', drafts[0]!).execute();
    expect(await mailsWith(first.number)).toBe(1);
    t.clock.advance(JOB_CLAIM_MS + 1000);
    await invoiceJobsOf(t.database.db)!.runOnce(t.clock());
    for (let i = 0; i < 100 && (await jobs.find(job.id))!.state !== 'done'; i++)
      await new Promise((r) => setTimeout(r, 100));
    const after = (await jobs.find(job.id))!;
    expect(after.items.map((i) => [i.state, i.number])).toEqual([
      ['done', 'K26-001'],
      ['done', 'K26-002'],
    ]);
    // Delivered again under the invoice's first-mail key: recorded now, and still one mail.
    const row = await t.database.db
      .selectFrom('invoices')
      .select('sent_at')
      .where('id', '=', drafts[0]!)
      .executeTakeFirst();
    expect(row?.sent_at).not.toBeNull();
    expect(await mailsWith('K26-001')).toBe(1);
    expect(await mailsWith('K26-002')).toBe(1);
  });
});
