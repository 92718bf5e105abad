import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  alertsQueryOptions,
  applyAlertEvent,
  applyAlertReadEvent,
  safeAlertLink,
  withAlert,
  withRead,
  type Alert,
  type AlertsList,
} from './alerts';

const alert = (id: number, change: Partial<Alert> = {}): Alert => ({
  id,
  kind: 'new_message',
  params: { from: 'sponsor@example.org' },
  count: 1,
  link: '/chats/?conversation=1',
  created_at: '2025-01-01T10:00:00.000Z',
  read_at: null,
  ...change,
});

describe('alerts cache', () => {
  it('puts a new or folded alert first, once, with the server’s count', () => {
    const list: AlertsList = { notifications: [alert(2), alert(1)], unread_count: 2 };
    expect(withAlert(list, alert(3), 3).notifications.map((a) => a.id)).toEqual([3, 2, 1]);
    const folded = withAlert(list, alert(1, { count: 2 }), 2);
    expect(folded.notifications.map((a) => [a.id, a.count])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(folded.unread_count).toBe(2);
  });

  it('marks the given ids or all read, keeping earlier read times', () => {
    const list: AlertsList = {
      notifications: [alert(3), alert(2), alert(1, { read_at: '2025-01-01T09:00:00.000Z' })],
      unread_count: 2,
    };
    const some = withRead(list, [2], 1, 'now');
    expect(some.notifications.map((a) => a.read_at)).toEqual([null, 'now', '2025-01-01T09:00:00.000Z']);
    expect(some.unread_count).toBe(1);
    const all = withRead(list, null, 0, 'now');
    expect(all.notifications.map((a) => a.read_at)).toEqual(['now', 'now', '2025-01-01T09:00:00.000Z']);
  });

  it('applies stream events to a loaded list', () => {
    const queryClient = new QueryClient();
    const key = alertsQueryOptions().queryKey;
    queryClient.setQueryData(key, { notifications: [alert(1)], unread_count: 1 });
    applyAlertEvent(queryClient, { notification: alert(2), unread_count: 2 });
    expect(queryClient.getQueryData(key)?.notifications.map((a) => a.id)).toEqual([2, 1]);
    applyAlertReadEvent(queryClient, { ids: null, unread_count: 0 });
    const after = queryClient.getQueryData(key);
    expect(after?.unread_count).toBe(0);
    expect(after?.notifications.every((a) => a.read_at !== null)).toBe(true);
  });

  it('follows app paths only', () => {
    expect(safeAlertLink('/chats/?conversation=4')).toBe('/chats/?conversation=4');
    expect(safeAlertLink('//evil.example')).toBe('/');
    expect(safeAlertLink('/\\evil.example')).toBe('/');
    expect(safeAlertLink('https://evil.example')).toBe('/');
  });
});
