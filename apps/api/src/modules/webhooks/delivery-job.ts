// Drains the webhook deliveries (decision 111). Every process runs it on a timer; a delivery is
// claimed by a conditional update for CLAIM_MS, so one process sends it, and one killed after its
// claim leaves it to be claimed again when the claim runs out (a receiver may then get a message
// twice, with the same webhook-id, never not at all). Up to PARALLEL attempts run at once, each
// bounded by the time-out, so a slow receiver holds one slot, not the queue and never a request.
import type { FastifyBaseLogger } from 'fastify';
import { fromDbBool } from '../../db/values.ts';
import { createTimerJob } from '../../lib/timer-job.ts';
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  type DeliveryRow,
  type EndpointRow,
  type WebhooksRepository,
} from './repository.ts';
import type { AttemptResult, WebhookRequest } from './sender.ts';
import { signatureHeader } from './signing.ts';

const RUN_EVERY_MS = 2_000;
const BATCH = 50;
const PARALLEL = 8;
/** Longer than the longest attempt (the time-out is at most 60 s). */
export const CLAIM_MS = 90_000;
/** One run goes on while batches come full, for at most this long. */
const DRAIN_MS = 20_000;

export function createDeliveryJob(deps: {
  repo: WebhooksRepository;
  log: FastifyBaseLogger;
  /** The secrets that sign for an endpoint now (the current one, and a rotated one while it counts). */
  signingSecrets: (endpoint: EndpointRow, at: Date) => string[];
  send: (request: WebhookRequest) => Promise<AttemptResult>;
}) {
  const attempt = async (id: number, at: Date): Promise<'delivered' | 'failed' | 'retry' | 'skipped'> => {
    const began = performance.now();
    const claimed = await deps.repo.claim(id, at, CLAIM_MS);
    if (!claimed) return 'skipped';
    const { delivery, endpoint, claimedUntil } = claimed;
    const result = fromDbBool(endpoint.enabled)
      ? await deps.send(requestOf(delivery, endpoint, deps.signingSecrets(endpoint, at), at))
      : ({ kind: 'failed', error: 'the endpoint is switched off' } as const);
    const ok = result.kind === 'answered' && result.status >= 200 && result.status < 300;
    const attempts = delivery.attempts;
    const finalFailure = !ok && (attempts >= MAX_ATTEMPTS || !fromDbBool(endpoint.enabled));
    const status = ok ? 'delivered' : finalFailure ? 'failed' : 'pending';
    // Measured on the job's clock (the tests' clock in tests), like the claim.
    const done = new Date(at.getTime() + (performance.now() - began));
    await deps.repo.settle(id, claimedUntil, {
      status,
      nextAttemptAt: status === 'pending' ? new Date(done.getTime() + RETRY_DELAYS_MS[attempts - 1]!) : null,
      lastStatus: result.kind === 'answered' ? result.status : null,
      lastError: result.kind === 'failed' ? result.error : null,
      lastResponse: result.kind === 'answered' ? result.excerpt : null,
      at: done,
    });
    return ok ? 'delivered' : finalFailure ? 'failed' : 'retry';
  };

  const run = async (at: Date) => {
    const started = performance.now();
    const counts = { delivered: 0, failed: 0, retry: 0, skipped: 0 };
    for (;;) {
      const due = await deps.repo.due(at, BATCH);
      const queue = [...due];
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
            try {
              counts[await attempt(id, at)]++;
            } catch (error) {
              deps.log.error({ err: error, delivery: id }, 'webhook delivery failed');
            }
          }
        }),
      );
      if (due.length < BATCH || performance.now() - started > DRAIN_MS) break;
    }
    return counts;
  };

  const timer = createTimerJob({
    run,
    name: 'webhooks',
    everyMs: RUN_EVERY_MS,
    log: deps.log,
    failure: 'webhook deliveries failed',
  });
  return { run, start: timer.start, stop: timer.stop };
}

/** The Standard Webhooks request of one attempt: the same id on every attempt, a fresh timestamp and signature. */
export function requestOf(delivery: DeliveryRow, endpoint: EndpointRow, secrets: string[], at: Date): WebhookRequest {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    url: endpoint.url,
    body: delivery.payload,
    headers: {
      'webhook-id': delivery.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, delivery.message_id, timestamp, delivery.payload),
    },
  };
}

export type DeliveryJob = ReturnType<typeof createDeliveryJob>;

const jobs = new WeakMap<object, DeliveryJob>();
/** For tests: run the job of an app's database now instead of waiting for its timer. */
export const keepDeliveryJob = (db: object, job: DeliveryJob) => jobs.set(db, job);
export const deliveryJobOf = (db: object): DeliveryJob | undefined => jobs.get(db);
