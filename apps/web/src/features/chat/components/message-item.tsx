import { CheckCheckIcon } from 'lucide-react';
import { useFormat } from '@/hooks/use-format';
import type { Message } from '@/lib/chat';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useNotificationText } from './notification-text';

/** One message: ours on the right, theirs on the left, system notifications centred and muted. */
export function MessageItem({ message, showRead }: { message: Message; showRead: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const notificationText = useNotificationText();
  const time = (
    <time dateTime={message.sentAt} className="whitespace-nowrap">
      {format.dateTime(message.sentAt)}
    </time>
  );

  if (message.type === 'notification') {
    return (
      <li className="flex justify-center py-1" data-kind="notification">
        <p className="max-w-[90%] rounded-lg bg-muted px-3 py-1.5 text-center text-xs text-muted-foreground">
          <span className="font-medium">{notificationText(message.message)}</span>
          <span aria-hidden="true"> · </span>
          {time}
        </p>
      </li>
    );
  }

  const sending = message.id < 0;
  return (
    <li
      className={cn('flex flex-col gap-1', message.fromMe ? 'items-end' : 'items-start')}
      data-kind={message.fromMe ? 'own' : 'other'}
    >
      <p className="px-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{message.fromMe ? t('chat.pane.you') : message.sender}</span>
        <span aria-hidden="true"> · </span>
        {sending ? <span>{t('chat.pane.sending')}</span> : time}
      </p>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap md:max-w-[70%]',
          message.fromMe
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm bg-muted text-foreground',
          sending && 'opacity-70',
        )}
      >
        {message.message}
      </p>
      {showRead ? (
        <p className="flex items-center gap-1 px-1 text-xs text-muted-foreground">
          <CheckCheckIcon aria-hidden="true" className="size-3.5" />
          {t('chat.pane.read')}
        </p>
      ) : null}
    </li>
  );
}
