import { useQuery } from '@tanstack/react-query';
import { MessageSquarePlusIcon, MessagesSquareIcon, SearchIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { conversationsQueryOptions, isGuest, type ChatAuth, type Conversation } from '@/lib/chat';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { formatListTime } from '../utils/list-time';
import { useNotificationText } from './notification-text';
import { StartConversationDialog } from './start-conversation-dialog';

function matches(conversation: Conversation, query: string): boolean {
  return conversation.otherName.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
}

/** Spec: a badge when the last message is unread; it shows how many are. */
export function unreadCountOf(conversation: Conversation): number {
  const last = conversation.message;
  if (!last || last.fromMe || last.isRead) return 0;
  return Math.max(conversation.unreadCount, 1);
}

function ConversationItem({
  conversation,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notificationText = useNotificationText();
  const last = conversation.message;
  const unread = unreadCountOf(conversation);
  let preview = t('chat.list.noMessages');
  if (last) {
    const text = last.type === 'notification' ? notificationText(last.message) : last.message;
    preview = last.fromMe && last.type !== 'notification' ? t('chat.list.you', { message: text }) : text;
  }
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          selected && 'bg-secondary hover:bg-secondary',
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary uppercase"
        >
          {conversation.otherName.slice(0, 1)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-sm', unread > 0 ? 'font-bold' : 'font-medium')}>
              {conversation.otherName}
            </span>
            {last ? (
              <time dateTime={last.sentAt} className="shrink-0 text-xs text-muted-foreground">
                {formatListTime(last.sentAt, language)}
              </time>
            ) : null}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span
              className={cn(
                'min-w-0 flex-1 truncate text-sm',
                unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {preview}
            </span>
            {unread > 0 ? (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                <span aria-hidden="true">{unread}</span>
                <span className="sr-only">{t('chat.list.unread', { count: unread })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}

export function ConversationList({
  auth,
  selectedId,
  onSelect,
  className,
}: {
  auth: ChatAuth;
  selectedId: number | undefined;
  onSelect: (conversationId: number) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const conversations = useQuery(conversationsQueryOptions(auth));
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const guest = isGuest(auth);

  let body;
  if (conversations.isPending) {
    body = <p className="px-4 py-6 text-sm text-muted-foreground">{t('common.loading')}</p>;
  } else if (conversations.isError) {
    body = (
      <div role="alert" className="m-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <p className="font-medium text-destructive">
          {t('chat.list.loadError', { message: getErrorMessage(conversations.error, t) })}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void conversations.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (conversations.data.length === 0) {
    body = (
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <MessagesSquareIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="mt-3 font-medium">{t('chat.list.empty')}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {guest ? t('chat.list.emptyHintGuest') : t('chat.list.emptyHint')}
        </p>
      </div>
    );
  } else {
    const visible = conversations.data.filter((c) => matches(c, deferredQuery));
    body =
      visible.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted-foreground">{t('chat.list.noMatches', { query: deferredQuery })}</p>
      ) : (
        <ul className="divide-y divide-border">
          {visible.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selectedId}
              onSelect={() => onSelect(conversation.id)}
            />
          ))}
        </ul>
      );
  }

  return (
    <section aria-labelledby="chat-list-title" className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex flex-col gap-3 border-b border-border p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="chat-list-title" className="font-semibold">
            {t('chat.list.label')}
          </h2>
          {guest ? null : (
            <StartConversationDialog
              onStarted={onSelect}
              trigger={
                <Button size="sm" variant="outline" title={t('chat.new.button')}>
                  <MessageSquarePlusIcon aria-hidden="true" />
                  <span className="max-lg:sr-only">{t('chat.new.button')}</span>
                </Button>
              }
            />
          )}
        </div>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('chat.list.search')}
            placeholder={t('chat.list.searchPlaceholder')}
            className="pl-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
    </section>
  );
}
