import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestApp, type TestApp } from '../../test/helpers.ts';

const TOKEN = 'metrics-token-for-tests';

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(ENGINES)('the Prometheus endpoint on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token or with another one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('counts requests per route pattern, and shows the database, queues and streams', async () => {
    const route = 'sp_http_request_duration_seconds_count{method="GET",route="/api/invite/:code",status="404"}';
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, route) ?? 0;
    for (const code of ['AAAA-1111', 'BBBB-2222', 'CCCC-3333']) await t.app.inject({ url: `/api/invite/${code}` });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    // Three raw URLs, one series: the pattern, not the code.
    expect(sample(res.body, route)).toBe(before + 3);
    expect(res.body).not.toContain('AAAA-1111');
    expect(sample(res.body, 'sp_mail_queue_depth')).toBe(0);
    expect(sample(res.body, 'sp_job_queue_depth{job="invoice-reminders"}')).toBe(0);
    expect(sample(res.body, 'sp_job_queue_depth{job="fulfilment-overdue"}')).toBe(0);
    expect(sample(res.body, 'sp_live_streams_open')).toBe(0);
    expect(sample(res.body, 'sp_db_statement_duration_seconds_count{kind="select"}')).toBeGreaterThan(0);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(res.body).toContain('sp_read_cache_lookups_total{result="hit"}');
    if (engine === 'postgres') expect(res.body).toContain('sp_db_pool_connections{state="idle"}');
  });

  it('has every series the Grafana dashboard in deploy/ asks for', async () => {
    const dashboard = fs.readFileSync(new URL('../../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8');
    const asked = new Set(
      [...dashboard.matchAll(/\b((?:sp|nodejs|process)_\w+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!),
    );
    // The pool exists only on PostgreSQL.
    if (engine === 'sqlite') asked.delete('sp_db_pool_connections');
    expect(asked.size).toBeGreaterThan(8);
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const name of asked) expect(body, name).toContain(`# TYPE ${name} `);
  });

  it('has every series and label that the dashboard queries use, with samples', async () => {
    const dashboard = JSON.parse(
      fs.readFileSync(new URL('../../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: { title: string; targets: { expr: string }[] }[] };
    // A request of a route, so the request series have samples with their labels.
    await t.app.inject({ url: '/api/invite/DDDD-4444' });
    const samples = (await scrape(`Bearer ${TOKEN}`)).body.split('\n').filter((l) => l && !l.startsWith('#'));
    // Prometheus adds `instance` and `job` to every series.
    const added = new Set(['instance', 'job']);
    // Has samples only after a first refusal: its route label is checked below ('rate-limit refusals').
    const afterFirstEvent = new Set(['sp_rate_limit_refusals_total']);
    let checked = 0;
    for (const { title, targets } of dashboard.panels) {
      for (const { expr } of targets) {
        const series = [...expr.matchAll(/\b((?:sp|nodejs|process)_\w+)/g)].map((m) => m[1]!);
        const labels = [
          ...[...expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim())),
          ...[...expr.matchAll(/[{,]\s*(\w+)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1]!),
        ].filter((l) => !added.has(l));
        for (const name of series) {
          if (engine === 'sqlite' && name === 'sp_db_pool_connections') continue;
          if (afterFirstEvent.has(name)) continue;
          const lines = samples.filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
          expect(lines.length, `${title}: ${name}`).toBeGreaterThan(0);
          for (const label of labels) {
            expect(
              lines.some((l) => l.includes(`${label}="`)),
              `${title}: ${name} by ${label}`,
            ).toBe(true);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no metrics route', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer x' } })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('rate-limit refusals', () => {
  it('are counted by route', async () => {
    const t = await createTestApp('sqlite', { env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_INVITE_CODE: '1/60' } });
    try {
      await t.app.inject({ url: '/api/invite/AAAA-1111' });
      expect((await t.app.inject({ url: '/api/invite/AAAA-1111' })).statusCode).toBe(429);
      const body = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(body, 'sp_rate_limit_refusals_total{route="/api/invite/:code"}')).toBe(1);
    } finally {
      await t.close();
    }
  });
});
