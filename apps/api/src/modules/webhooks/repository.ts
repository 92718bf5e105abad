// The one writer of webhook_endpoints and webhook_deliveries (decision 111). Every state change is a
// conditional update on the row's current state: a delivery is claimed only while it is due and
// unclaimed, and its result is written only by the claim that made the attempt.
import type { WebhookEventType } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema-webhooks.ts';
import type { Selectable } from 'kysely';
import { heldRows } from '../../db/held-rows.ts';
import { toDbBool, toDbTime } from '../../db/values.ts';
import { newMessageId } from './signing.ts';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The pause before attempt n+1 after n failed ones: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (a day in all). */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

const DELIVERY_COLUMNS = [
  'id',
  'endpoint_id',
  'organisation_id',
  'message_id',
  'event_type',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'claimed_until',
  'last_attempt_at',
  'last_status',
  'last_error',
  'last_response',
  'created_at',
  'delivered_at',
] as const;

const listed = (types: string) => types.split(',').filter(Boolean);

/**
 * Queues a message for every enabled endpoint of the organisation that receives `type`, in the
 * caller's transaction: the change and its deliveries commit together or not at all.
 */
export async function enqueueWebhookEvent(
  trx: Db,
  event: { organisationId: number; type: WebhookEventType; data: Record<string, unknown>; at?: Date },
): Promise<number> {
  const at = event.at ?? new Date();
  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'event_types'])
    .where('organisation_id', '=', event.organisationId)
    .where('enabled', '=', toDbBool(true))
    .execute();
  const receiving = endpoints.filter((endpoint) => listed(endpoint.event_types).includes(event.type));
  if (receiving.length === 0) return 0;
  const payload = JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data });
  await trx
    .insertInto('webhook_deliveries')
    .values(
      receiving.map((endpoint) => ({
        endpoint_id: endpoint.id,
        organisation_id: event.organisationId,
        message_id: newMessageId(),
        event_type: event.type,
        payload,
        status: 'pending' as const,
        next_attempt_at: toDbTime(at),
        created_at: toDbTime(at),
      })),
    )
    .execute();
  return receiving.length;
}

/** A test message to one endpoint, whatever types it receives. */
export async function enqueueTestMessage(trx: Db, organisationId: number, endpointId: number, at: Date) {
  const payload = JSON.stringify({
    type: 'webhook.test' satisfies WebhookEventType,
    timestamp: at.toISOString(),
    data: { endpoint_id: endpointId, note: 'A test message sent from the webhook settings.' },
  });
  await trx
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpointId,
      organisation_id: organisationId,
      message_id: newMessageId(),
      event_type: 'webhook.test',
      payload,
      status: 'pending',
      next_attempt_at: toDbTime(at),
      created_at: toDbTime(at),
    })
    .execute();
}

export function createWebhooksRepository(db: Db) {
  return {
    endpointsOf: (organisationId: number) =>
      db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .orderBy('id')
        .execute(),

    endpoint: (organisationId: number, id: number) =>
      db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Deliveries of the last day per endpoint and status, for the list. */
    async recentCounts(organisationId: number, since: Date) {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['endpoint_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('organisation_id', '=', organisationId)
        .where('created_at', '>=', toDbTime(since))
        .groupBy(['endpoint_id', 'status'])
        .execute();
      const counts = new Map<number, { delivered: number; failed: number; pending: number }>();
      for (const row of rows) {
        const entry = counts.get(row.endpoint_id) ?? { delivered: 0, failed: 0, pending: 0 };
        entry[row.status] = Number(row.n);
        counts.set(row.endpoint_id, entry);
      }
      return counts;
    },

    /**
     * A new endpoint, unless the organisation has `limit` already; two creations at once never pass
     * the limit together. Its secret is sealed for its own row id, so it is sealed once the id is known.
     */
    async create(
      values: Omit<EndpointRow, 'id' | 'previous_secret' | 'previous_until' | 'enabled'>,
      limit: number,
      sealSecret: (id: number) => string,
    ): Promise<EndpointRow | undefined> {
      return db.transaction().execute(async (trx) => {
        // The organisation's row held for the transaction: of two creations at once the second counts after the first.
        await heldRows(
          trx,
          trx.selectFrom('organisations').select('id').where('id', '=', values.organisation_id),
        ).execute();
        const { n } = await trx
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organisation_id', '=', values.organisation_id)
          .executeTakeFirstOrThrow();
        if (Number(n) >= limit) return undefined;
        const inserted = await trx
          .insertInto('webhook_endpoints')
          .values({ ...values, secret: 'unsealed' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .updateTable('webhook_endpoints')
          .set({ secret: sealSecret(inserted.id) })
          .where('id', '=', inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    update: (
      organisationId: number,
      id: number,
      patch: Partial<Pick<EndpointRow, 'url' | 'description' | 'event_types' | 'enabled'>>,
    ) =>
      // An empty change changes nothing: the endpoint as it is (an UPDATE needs a column to set).
      Object.keys(patch).length === 0
        ? db
            .selectFrom('webhook_endpoints')
            .selectAll()
            .where('organisation_id', '=', organisationId)
            .where('id', '=', id)
            .executeTakeFirst()
        : db
            .updateTable('webhook_endpoints')
            .set({ ...patch, ...(patch.enabled !== undefined ? { enabled: toDbBool(Boolean(patch.enabled)) } : {}) })
            .where('organisation_id', '=', organisationId)
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst(),

    async remove(organisationId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A rotation replaces the secret it read: of two rotations at once, one wins and the other is told. */
    rotate: (
      organisationId: number,
      id: number,
      change: { from: string; secret: string; previous: string; previousUntil: Date },
    ) =>
      db
        .updateTable('webhook_endpoints')
        .set({
          secret: change.secret,
          previous_secret: change.previous,
          previous_until: toDbTime(change.previousUntil),
        })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .where('secret', '=', change.from)
        .returningAll()
        .executeTakeFirst(),

    /** A sealed value sealed again (key rotation), if nobody changed it meanwhile. */
    async reseal(id: number, column: 'secret' | 'previous_secret', from: string, to: string): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ [column]: to })
        .where('id', '=', id)
        .where(column, '=', from)
        .execute();
    },

    deliveriesOf: (organisationId: number, endpointId: number, limit: number) =>
      db
        .selectFrom('webhook_deliveries')
        .select([...DELIVERY_COLUMNS])
        .where('organisation_id', '=', organisationId)
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    delivery: (organisationId: number, id: number) =>
      db
        .selectFrom('webhook_deliveries')
        .select([...DELIVERY_COLUMNS])
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async due(at: Date, limit: number): Promise<number[]> {
      const now = toDbTime(at);
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => Number(row.id));
    },

    /** Claims a due delivery for `claimMs` with its endpoint; undefined when another process has it. */
    async claim(id: number, at: Date, claimMs: number) {
      const now = toDbTime(at);
      const claimedUntil = toDbTime(new Date(at.getTime() + claimMs));
      const row = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ claimed_until: claimedUntil, attempts: eb('attempts', '+', 1), last_attempt_at: now }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .returning([...DELIVERY_COLUMNS])
        .executeTakeFirst();
      if (!row) return undefined;
      const endpoint = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', row.endpoint_id)
        .executeTakeFirst();
      return endpoint ? { delivery: row, endpoint, claimedUntil } : undefined;
    },

    /** The attempt's result, written only by the claim that made it (a claim run out lost its say). */
    async settle(
      id: number,
      claimedUntil: string,
      result: {
        status: 'pending' | 'delivered' | 'failed';
        nextAttemptAt: Date | null;
        lastStatus: number | null;
        lastError: string | null;
        lastResponse: string | null;
        at: Date;
      },
    ): Promise<boolean> {
      const updated = await db
        .updateTable('webhook_deliveries')
        .set({
          status: result.status,
          claimed_until: null,
          ...(result.nextAttemptAt ? { next_attempt_at: toDbTime(result.nextAttemptAt) } : {}),
          last_status: result.lastStatus,
          last_error: result.lastError,
          last_response: result.lastResponse,
          delivered_at: result.status === 'delivered' ? toDbTime(result.at) : null,
        })
        .where('id', '=', id)
        .where('claimed_until', '=', claimedUntil)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** A delivery that failed for good queued again from now (the owner's "send again"). */
    retry: (organisationId: number, id: number, at: Date) =>
      db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: toDbTime(at), claimed_until: null })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returning([...DELIVERY_COLUMNS])
        .executeTakeFirst(),
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
