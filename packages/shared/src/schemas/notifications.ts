// In-app notifications ("alerts", issue 8): what happened to the signed-in user, newest first, with
// an unread count; delivered live over GET /api/stream as `notification` and `notification_read`.
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
  'new_message',
  'invitation_accepted',
  'agreement_downloaded',
  'signed_uploaded',
  'sponsorship_confirmed',
  'sponsorship_declined',
  'sponsorship_withdrawn',
  'deliverables_overdue',
  'shipment_announced',
  'shipment_received',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof ZNotificationKind>;

/** GET /notifications answers at most this many. */
export const NOTIFICATIONS_LIMIT = 50;
/** POST /notifications/read takes at most this many ids at once. */
export const NOTIFICATIONS_READ_MAX = 100;

export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  /** Texts for the translation (who, which event, ...); strings only. */
  params: z.record(z.string(), z.string()),
  /** How many things it stands for (new messages of one conversation are folded into one alert). */
  count: z.number().int().min(1),
  /** An app path such as `/chats/?conversation=7`, always starting with one `/`. */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationWire = z.infer<typeof ZNotification>;

export const ZListNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  unread_count: z.number().int().min(0),
});
export type ListNotificationsResponse = z.infer<typeof ZListNotificationsResponse>;

/** Either the given ids (others' are ignored) or all of one's own. */
export const ZMarkNotificationsReadRequest = z.union([
  z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(NOTIFICATIONS_READ_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsReadRequest = z.infer<typeof ZMarkNotificationsReadRequest>;

export const ZMarkNotificationsReadResponse = z.object({ unread_count: z.number().int().min(0) });
export type MarkNotificationsReadResponse = z.infer<typeof ZMarkNotificationsReadResponse>;

/** Stream event `notification`: a new (or updated, same id) alert and the new unread count. */
export const ZStreamNotificationEvent = z.object({
  notification: ZNotification,
  unread_count: z.number().int().min(0),
});
export type StreamNotificationEvent = z.infer<typeof ZStreamNotificationEvent>;
/** Stream event `notification_read`: alerts marked read elsewhere (`ids` null: all of them). */
export const ZStreamNotificationReadEvent = z.object({
  ids: z.array(z.number().int()).nullable(),
  unread_count: z.number().int().min(0),
});
export type StreamNotificationReadEvent = z.infer<typeof ZStreamNotificationReadEvent>;
export const NOTIFICATION_STREAM_EVENT_TYPES = ['notification', 'notification_read'] as const;
export type NotificationStreamEventType = (typeof NOTIFICATION_STREAM_EVENT_TYPES)[number];
