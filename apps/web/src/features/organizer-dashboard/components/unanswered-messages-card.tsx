import { useQuery } from '@tanstack/react-query';
import { MessagesSquareIcon } from 'lucide-react';
import { unreadSummaryQueryOptions } from '@/lib/chat';
import { useTranslation } from '@/lib/i18n';
import { PendingValue, StatCard } from './stat-card';

/**
 * Spec "Organiser dashboard": unanswered messages, to the chats. Issue 21, point 8: conversations
 * whose last message is from the sponsor, read or not.
 */
export function UnansweredMessagesCard() {
  const { t } = useTranslation();
  // The route's loader has started the request; the live stream keeps the count current.
  const summary = useQuery(unreadSummaryQueryOptions('bearer'));
  return (
    <StatCard
      icon={MessagesSquareIcon}
      title={t('chat.unansweredCard.title')}
      description={t('chat.unansweredCard.awaitingAnswer')}
      value={
        summary.isPending ? (
          <PendingValue />
        ) : summary.data ? (
          summary.data.unanswered_conversations
        ) : (
          t('chat.unansweredCard.unknown')
        )
      }
      testId="unanswered-count"
      link={{ to: '/chats/', label: t('chat.unansweredCard.link') }}
    />
  );
}
