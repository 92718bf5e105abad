// Documents are made on the worker pool (decision 093): issuing uses it (the pool counts a task per
// invoice), and while eight issues run at once cheap reads keep being answered. How long the event
// loop pauses meanwhile is a speed figure: printed here, budgeted in the bench (`--heavy-only`), not
// asserted, since on this shared 2-core machine the scheduler alone pauses an idle loop by as much as
// one invoice's documents take since decision 110.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { workPool } from '../../lib/work-pool.ts';
import { requester } from '../events/test-support.ts';
import { documentInput } from './documents.ts';
import type { InvoiceDocumentInput } from './einvoice.ts';
import { createInvoicesRepository } from './repository.ts';
import { billingOrganiser, confirmedSponsorship, eventWithPackage, issuedInvoice } from './test-support.ts';
import { invoiceWorkerTasks } from './worker-tasks.ts';

const N = 8;

describe.each(ENGINES)('documents on the worker pool on %s', (engine) => {
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

  it('issues on the pool while a cheap read keeps being answered', async () => {
    const organiser = await billingOrganiser(t);
    const event = await eventWithPackage(t, organiser);
    const warm = await issuedInvoice(t, organiser, await confirmedSponsorship(t, organiser, event));
    // One invoice's documents on the main thread, as before the pool (warm: validators built).
    const record = (await createInvoicesRepository(t.database.db).find(warm.id))!;
    const input = documentInput(record) as InvoiceDocumentInput;
    await invoiceWorkerTasks['invoice.documents'](input);
    let inline = Infinity;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await invoiceWorkerTasks['invoice.documents'](input);
      inline = Math.min(inline, performance.now() - started);
    }

    const drafts: number[] = [];
    for (let i = 0; i < N; i++) {
      const guest = await confirmedSponsorship(t, organiser, event);
      drafts.push(
        (await call('POST', `/api/sponsorships/${guest.sponsorshipId}/invoices`, organiser.token)).json().invoice.id,
      );
    }
    const before = workPool().stats().completed;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    let busy = true;
    const probes: number[] = [];
    const probe = (async () => {
      while (busy) {
        const started = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        probes.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    loop.enable();
    const issued = await Promise.all(drafts.map((id) => call('POST', `/api/invoices/${id}/issue`, organiser.token)));
    loop.disable();
    busy = false;
    await probe;
    expect(issued.map((r) => r.statusCode)).toEqual(drafts.map(() => 200));
    expect(workPool().stats().completed - before).toBeGreaterThanOrEqual(N);
    const longestPauseMs = loop.max / 1e6;
    probes.sort((a, b) => a - b);
    const p99 = probes[Math.floor(probes.length * 0.99)] ?? Infinity;
    console.log({
      inlineMs: inline,
      longestPauseMs,
      p99,
      probes: probes.length,
      threads: workPool().stats(),
    });
    expect(probes.length).toBeGreaterThan(N);
  });
});
