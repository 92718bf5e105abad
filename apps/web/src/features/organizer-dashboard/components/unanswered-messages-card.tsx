import { MessagesSquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUnreadSummary } from '@/lib/chat';
import { StatCard } from './stat-card';

/** Spec "Organiser dashboard": unanswered messages (conversations with unread messages), to the chats. */
export function UnansweredMessagesCard() {
  const { t } = useTranslation();
  const summary = useUnreadSummary('bearer');
  return (
    <StatCard
      icon={MessagesSquareIcon}
      title={t('chat.unansweredCard.title')}
      description={t('chat.unansweredCard.description')}
      value={summary ? summary.unread_conversations : t('chat.unansweredCard.unknown')}
      testId="unanswered-count"
      link={{ to: '/chats/', label: t('chat.unansweredCard.link') }}
    />
  );
}
