// The Prometheus endpoint (decision 077): GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`.
// Without METRICS_TOKEN nothing is collected and the route does not exist, so a server is never
// measured for nobody nor shows its figures without the token. One registry per app (tests build
// many apps in one process); the figures are this process's own: Prometheus scrapes each process.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type * as PromClientModule from 'prom-client';
import type { Registry } from 'prom-client';
import type { DbHandle } from '../db/index.ts';
import type { ReadCache } from '../read-cache/index.ts';
import type { MailPort } from '../ports/mail/index.ts';
import type { WorkGauge } from '../lib/work-gauge.ts';

/** Figures read at scrape time from what owns them. */
export type MetricSources = {
  database: DbHandle;
  readCache: ReadCache;
  /** Live streams (SSE) open on this process. */
  openStreams: () => number;
};

export type Metrics = {
  registry: Registry;
  /** The mail port, counting sends accepted and not yet finished (the outgoing mail's queue). */
  countMail(mail: MailPort): MailPort;
  /** Counts the runs of the background jobs while they run. */
  work: WorkGauge;
  /** Starts reading the sources and answering /metrics; call once the ports exist. */
  attach(sources: MetricSources): void;
};

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const sameToken = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

type PromClient = typeof PromClientModule;

/**
 * Registers the request histogram and the route; null (nothing measured) without a token. prom-client
 * is loaded only then: its loading was 170 ms of every start here.
 */
export async function registerMetrics(app: FastifyInstance, token: string | null): Promise<Metrics | null> {
  if (!token) return null;
  const prom = await import('prom-client');
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = prom;
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), heap, GC and the process's CPU and memory.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'sp_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern (a stream counts until it closes)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'sp_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a request or byte limit, by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The pattern, never the raw URL: ids would make a series per row.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route });
    done();
  });

  let mailPending = 0;
  new Gauge({
    name: 'sp_mail_queue_depth',
    help: 'Mails handed to the mail port and not yet stored (outbox) or accepted (SMTP)',
    registers: [registry],
    collect() {
      this.set(mailPending);
    },
  });
  const jobsRunning = new Gauge({
    name: 'sp_job_queue_depth',
    help: 'Runs of a background job started and not yet finished, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const work: WorkGauge = {
    async track(job, run) {
      jobsRunning.inc({ job });
      try {
        return await run();
      } finally {
        jobsRunning.dec({ job });
      }
    },
  };
  // Both jobs show up as 0 before their first run, so a dashboard has the series from the start.
  for (const job of ['invoice-reminders', 'fulfilment-overdue']) jobsRunning.set({ job }, 0);

  return {
    registry,
    work,
    countMail: (mail) => ({
      async send(message) {
        mailPending++;
        try {
          await mail.send(message);
        } finally {
          mailPending--;
        }
      },
    }),
    attach(sources) {
      attachSources(prom, registry, sources);
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        if (!sameToken(given, token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: 'The metrics need the token of METRICS_TOKEN', code: 'auth.unauthenticated' });
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
}

function attachSources({ Counter, Gauge, Histogram }: PromClient, registry: Registry, sources: MetricSources) {
  const { database, readCache } = sources;
  const statements = new Histogram({
    name: 'sp_db_statement_duration_seconds',
    help: 'Time of each database statement, by kind (select, insert, update, delete, raw)',
    labelNames: ['kind'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  database.observeStatements((kind, ms) => statements.observe({ kind }, ms / 1000));
  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: 'sp_db_pool_connections',
      help: 'PostgreSQL pool: connections by state (idle, busy) and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = poolStats();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'busy' }, total - idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }
  new Counter({
    name: 'sp_read_cache_lookups_total',
    help: 'Read cache (read-cache/index.ts) look-ups by result: hit, miss, joined (a running load)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const stats = readCache.stats();
      this.reset();
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'miss' }, stats.misses);
      this.inc({ result: 'joined' }, stats.joined);
    },
  });
  new Gauge({
    name: 'sp_read_cache_bytes',
    help: 'Bytes of answers kept by the read cache',
    registers: [registry],
    collect() {
      this.set(readCache.stats().bytes);
    },
  });
  new Gauge({
    name: 'sp_live_streams_open',
    help: 'Live streams (server-sent events) open on this process',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
}
