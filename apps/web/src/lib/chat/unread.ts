// The unread counters for the header's Nachrichten badge, the dashboard's unanswered-messages card
// and the sponsor pages; kept current by the live stream's `unread` events.
import { useQuery } from '@tanstack/react-query';
import type { ChatAuth } from './chat-auth';
import { unreadSummaryQueryOptions, type UnreadSummary } from './conversations';

/** The counters, or undefined while unknown (not loaded, failed, or `enabled` false). */
export function useUnreadSummary(
  auth: ChatAuth,
  { enabled = true }: { enabled?: boolean } = {},
): UnreadSummary | undefined {
  const { data } = useQuery({ ...unreadSummaryQueryOptions(auth), enabled });
  return data;
}
