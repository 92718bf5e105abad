// The signed-in session's live connection and unread-message count, for the header. Loaded only
// once someone is signed in: signed-out pages such as the login page need neither (nor the chat
// schemas they parse with), see docs/decisions/006-bundle-budget.md.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth';
import { useUnreadSummary } from '@/lib/chat';
import { useLiveStream } from '@/lib/live/use-live-stream';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';

export function SessionWatcher({ onUnread }: { onUnread: (count: number) => void }) {
  // The header lives as long as the page, so it holds the signed-in session's live connection.
  const { user } = useAuth();
  const profile = useQuery({ ...userProfileQueryOptions(user?.sub ?? ''), enabled: Boolean(user) });
  useLiveStream('bearer', profile.data?.organisationId ?? null);
  const unread = useUnreadSummary('bearer', { enabled: true })?.unread_messages ?? 0;
  useEffect(() => onUnread(unread), [unread, onUnread]);
  return null;
}
