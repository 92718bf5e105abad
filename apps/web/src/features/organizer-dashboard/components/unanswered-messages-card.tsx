import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, MessagesSquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUnreadSummary } from '@/lib/chat';

/** Spec "Organiser dashboard": unanswered messages (conversations with unread messages), to the chats. */
export function UnansweredMessagesCard() {
  const { t } = useTranslation();
  const summary = useUnreadSummary('bearer');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessagesSquareIcon aria-hidden="true" className="size-5 text-primary" />
          {t('chat.unansweredCard.title')}
        </CardTitle>
        <CardDescription>{t('chat.unansweredCard.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-end justify-between gap-4">
        <p className="text-4xl font-bold tabular-nums" data-testid="unanswered-count">
          {summary ? summary.unread_conversations : t('chat.unansweredCard.unknown')}
        </p>
        <Link
          to="/chats/"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('chat.unansweredCard.link')}
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
