// System notifications (type 'notification') carry a JSON body naming what happened, so that each
// reader sees it in their own language: {"key":"invitation_sent","params":{"event":"Sommerfest"}}.
import { z } from 'zod';

export const NOTIFICATION_KEYS = [
  'invitation_sent',
  'agreement_downloaded',
  'signed_uploaded',
  'status_changed',
] as const;

const ZNotificationBody = z.object({
  key: z.enum(NOTIFICATION_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
});
export type NotificationBody = z.infer<typeof ZNotificationBody>;

/** The notification's key and parameters, or null when the text is not such a body. */
export function parseNotification(text: string): NotificationBody | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ZNotificationBody.safeParse(json);
  return parsed.success ? parsed.data : null;
}
