/**
 * The signed-in user's in-app notifications (the header's bell): GET /notifications, marking them
 * read, and applying the live stream's `notification` / `notification_read` events to the cache, so
 * the badge and the open panel change without refetching.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  STALE_TIMES,
  ZListNotificationsResponse,
  ZMarkNotificationsReadResponse,
  type ListNotificationsResponse,
  type MarkNotificationsReadRequest,
  type NotificationWire,
  type StreamNotificationEvent,
  type StreamNotificationReadEvent,
} from '@sp/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type Alert = NotificationWire;
export type AlertsList = ListNotificationsResponse;

export function listAlerts(options: { signal?: AbortSignal } = {}): Promise<AlertsList> {
  return api.get('/notifications', { schema: ZListNotificationsResponse, signal: options.signal });
}

export function alertsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.alerts,
    queryFn: ({ signal }) => listAlerts({ signal }),
    // Kept current by the live stream; the same freshness as the chat when it is down.
    staleTime: STALE_TIMES.conversations,
  });
}

export function markAlertsRead(body: MarkNotificationsReadRequest): Promise<{ unread_count: number }> {
  return api.post('/notifications/read', body, { schema: ZMarkNotificationsReadResponse });
}

/** The list with `ids` (null: all) read at `at`, and the server's new unread count. */
export function withRead(list: AlertsList, ids: readonly number[] | null, unreadCount: number, at: string): AlertsList {
  const marked = ids === null ? null : new Set(ids);
  return {
    notifications: list.notifications.map((alert) =>
      alert.read_at === null && (marked === null || marked.has(alert.id)) ? { ...alert, read_at: at } : alert,
    ),
    unread_count: unreadCount,
  };
}

/** The list with `alert` first (replacing an older copy with the same id: a folded new message). */
export function withAlert(list: AlertsList, alert: Alert, unreadCount: number): AlertsList {
  return {
    notifications: [alert, ...list.notifications.filter((a) => a.id !== alert.id)],
    unread_count: unreadCount,
  };
}

/** A `notification` event of the live stream. */
export function applyAlertEvent(queryClient: QueryClient, event: StreamNotificationEvent): void {
  const key = alertsQueryOptions().queryKey;
  if (!queryClient.getQueryData(key)) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  queryClient.setQueryData(key, (old) => (old ? withAlert(old, event.notification, event.unread_count) : old));
}

/** A `notification_read` event of the live stream (read in another tab). */
export function applyAlertReadEvent(queryClient: QueryClient, event: StreamNotificationReadEvent): void {
  queryClient.setQueryData(alertsQueryOptions().queryKey, (old) =>
    old ? withRead(old, event.ids, event.unread_count, new Date().toISOString()) : old,
  );
}

/** Refetches the alerts (after the live stream was down). */
export function refreshAlerts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey, exact: true });
}

/** Only an app path (one leading slash) is followed; anything else goes to the start page. */
export function safeAlertLink(link: string): string {
  return /^\/(?![/\\])/.test(link) ? link : '/';
}
