import { useTranslation } from '@/lib/i18n';
import { parseNotification } from '../utils/notification';

const STATUS_KEYS = ['invited', 'downloaded', 'signed', 'confirmed', 'declined', 'withdrawn'] as const;
type StatusKey = (typeof STATUS_KEYS)[number];

function isStatusKey(value: string | undefined): value is StatusKey {
  return (STATUS_KEYS as readonly (string | undefined)[]).includes(value);
}

/** A notification's text in the reader's language; its raw text when the body is not one we know. */
export function useNotificationText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => {
    const notification = parseNotification(text);
    if (!notification) return text;
    const { key, params } = notification;
    const status = isStatusKey(params.status) ? t(`chat.notification.status.${params.status}`) : (params.status ?? '');
    const values = { ...params, status };
    return params.event ? t(`chat.notification.${key}Event`, values) : t(`chat.notification.${key}`, values);
  };
}
