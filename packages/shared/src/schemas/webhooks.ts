// Signed webhooks (issue 61 point 2, decision 111): an organisation's endpoints, the event types they
// receive, and the log of deliveries. Deliveries follow the Standard Webhooks conventions
// (webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256>`).
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'sponsorship.confirmed',
  'agreement.completed',
  'invoice.issued',
  'invoice.paid',
  'invoice.overdue',
  'deliverable.done',
  'asset.approved',
  'message.received',
] as const;
export const ZWebhookEventType = z.enum([...WEBHOOK_EVENT_TYPES, 'webhook.test']);
export type WebhookEventType = z.infer<typeof ZWebhookEventType>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_URL_MAX = 2000;

const ZUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'An http or https address without user name or password');

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  created_at: z.string(),
  /** While a rotated secret still signs beside the new one. */
  previous_secret_until: z.string().nullable(),
  /** Of the last 24 hours. */
  recent: z.object({ delivered: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZListWebhooksResponse = z.object({ endpoints: z.array(ZWebhookEndpoint) });

export const ZCreateWebhookRequest = z.object({
  url: ZUrl,
  description: z.string().trim().max(200).default(''),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
});
export type CreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

export const ZUpdateWebhookRequest = z
  .object({
    url: ZUrl,
    description: z.string().trim().max(200),
    event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookRequest = z.infer<typeof ZUpdateWebhookRequest>;

/** The endpoint and its signing secret, shown once (on creation and rotation). */
export const ZWebhookWithSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  message_id: z.string(),
  event_type: ZWebhookEventType,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt. */
  last_status: z.number().int().nullable(),
  /** Why the last attempt failed when there was no answer (refused address, time-out, connection). */
  last_error: z.string().nullable(),
  /** The start of the receiver's answer (at most 1,000 characters). */
  last_response: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZListWebhookDeliveriesResponse = z.object({ deliveries: z.array(ZWebhookDelivery) });
export const ZWebhookTestResponse = z.object({ delivery: ZWebhookDelivery });
