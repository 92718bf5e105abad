// Table types of the webhooks module (migration 0064, decision 111), beside schema.ts to keep each file short.
import type { Generated } from 'kysely';
import type { WebhookDeliveryStatus, WebhookEventType } from '@sp/shared';
import type { DbBool, DbTime } from './schema.ts';

export type WebhookEndpointsTable = {
  id: Generated<number>;
  organisation_id: number;
  url: string;
  description: Generated<string>;
  /** The event types it receives, comma-separated. */
  event_types: string;
  /** The signing secret (`whsec_…`), sealed with the secrets key for this endpoint's row. */
  secret: string;
  /** The secret before the last rotation, sealed likewise; it signs too until `previous_until`. */
  previous_secret: string | null;
  previous_until: DbTime | null;
  enabled: Generated<DbBool>;
  created_by: string;
  created_at: DbTime;
};

export type WebhookDeliveriesTable = {
  id: Generated<number>;
  endpoint_id: number;
  organisation_id: number;
  /** The `webhook-id` header: the same on every attempt. */
  message_id: string;
  event_type: WebhookEventType;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: DbTime;
  claimed_until: DbTime | null;
  last_attempt_at: DbTime | null;
  last_status: number | null;
  last_error: string | null;
  last_response: string | null;
  created_at: DbTime;
  delivered_at: DbTime | null;
};

export type WebhookTables = { webhook_endpoints: WebhookEndpointsTable; webhook_deliveries: WebhookDeliveriesTable };
