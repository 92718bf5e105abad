import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, MessagesSquareIcon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import {
  conversationMessagesQueryOptions,
  loadedMessages,
  markConversationRead,
  type ChatAuth,
  type Message,
} from '@/lib/chat';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useSendMessage } from '../api/send-message';
import { MessageItem } from './message-item';
import { SendBox } from './send-box';

const OPPOSITE_SIDE = { organisation: 'sponsor', sponsor: 'organisation' } as const;

/** Our side of the conversation, read from the messages (the system writes for neither side). */
function ownSide(messages: Message[]): Message['senderSide'] {
  const own = messages.find((m) => m.fromMe && m.senderSide !== 'system');
  if (own) return own.senderSide;
  const theirs = messages.find((m) => !m.fromMe && m.senderSide !== 'system');
  return theirs && theirs.senderSide !== 'system' ? OPPOSITE_SIDE[theirs.senderSide] : 'system';
}

/** The answer for a conversation the caller may not open (or that is gone). */
function isNoAccess(error: unknown): boolean {
  return isApiError(error) && [403, 404].includes(error.status);
}

function MessageLog({ auth, conversationId, name }: { auth: ChatAuth; conversationId: number; name: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const messages = useInfiniteQuery(conversationMessagesQueryOptions(auth, conversationId));
  const logRef = useRef<HTMLDivElement>(null);
  const list = loadedMessages(messages.data);
  const firstId = list[0]?.id;
  const lastId = list.at(-1)?.id;
  const shown = useRef<{ firstId?: number; lastId?: number; scrollHeight: number }>({ scrollHeight: 0 });

  // A new message scrolls to the bottom; older messages put above keep what the reader sees in place.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const before = shown.current;
    if (lastId !== before.lastId) log.scrollTop = log.scrollHeight;
    else if (firstId !== before.firstId) log.scrollTop += log.scrollHeight - before.scrollHeight;
    shown.current = { firstId, lastId, scrollHeight: log.scrollHeight };
  }, [firstId, lastId, list.length]);

  useEffect(() => {
    if (messages.isSuccess) markConversationRead(queryClient, auth, conversationId);
  }, [messages.isSuccess, messages.dataUpdatedAt, queryClient, auth, conversationId]);

  const loadOlder = () =>
    void messages.fetchNextPage().then((result) => {
      if (result.isFetchNextPageError) {
        toast.error(t('chat.pane.olderFailed', { message: getErrorMessage(result.error, t) }));
      }
    });

  const lastOwnRead = [...list].reverse().find((m) => m.fromMe && m.type === 'text' && m.id > 0);

  let body;
  if (messages.isPending) {
    body = <p className="text-sm text-muted-foreground">{t('common.loading')}</p>;
  } else if (messages.isError && !messages.data) {
    // A failed refetch or load of older messages keeps what was loaded on screen.
    const notFound = isNoAccess(messages.error);
    body = (
      <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <p className="font-medium text-destructive">
          {notFound
            ? t('chat.pane.notFound')
            : t('chat.pane.loadError', { message: getErrorMessage(messages.error, t) })}
        </p>
        {notFound ? null : (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void messages.refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  } else if (list.length === 0) {
    body = <p className="py-10 text-center text-sm text-muted-foreground">{t('chat.pane.empty')}</p>;
  } else {
    body = (
      <>
        {messages.hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={loadOlder} disabled={messages.isFetchingNextPage}>
              {messages.isFetchingNextPage ? t('chat.pane.loadingOlder') : t('chat.pane.older')}
            </Button>
          </div>
        ) : (
          <p className="mb-3 text-center text-xs text-muted-foreground">{t('chat.pane.start')}</p>
        )}
        <ol className="flex flex-col gap-3">
          {list.map((message) => (
            <MessageItem key={message.id} message={message} showRead={message === lastOwnRead && message.isRead} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-label={t('chat.pane.log', { name })}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5"
    >
      {body}
    </div>
  );
}

function ConversationPane({
  auth,
  conversationId,
  name,
  onBack,
}: {
  auth: ChatAuth;
  conversationId: number;
  name: string;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(conversationMessagesQueryOptions(auth, conversationId));
  const messages = loadedMessages(query.data);
  // A conversation that does not exist or is not the caller's (e.g. an old ?conversation= link):
  // the log says so, and there is nothing to send to.
  const noAccess = !query.data && isNoAccess(query.error);
  const ownSender = [...messages].reverse().find((m) => m.fromMe && m.type === 'text')?.sender;
  const send = useSendMessage(auth, conversationId, {
    sender: ownSender ?? t('chat.pane.you'),
    side: ownSide(messages),
  });

  return (
    <>
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-border px-3 sm:px-5">
        {onBack ? (
          <Button variant="ghost" size="icon" onClick={onBack} aria-label={t('chat.pane.back')}>
            <ArrowLeftIcon aria-hidden="true" />
          </Button>
        ) : null}
        <h2 className="min-w-0 truncate font-semibold">{name}</h2>
      </div>
      <MessageLog auth={auth} conversationId={conversationId} name={name} />
      <SendBox
        disabled={noAccess}
        disabledText={t('chat.send.noAccess')}
        focusKey={conversationId}
        onSend={(text, restore) =>
          send.mutate(text, {
            onError: (error) => {
              toast.error(t('chat.send.failed', { message: getErrorMessage(error, t) }));
              restore();
            },
          })
        }
      />
    </>
  );
}

/** The right-hand pane: the selected conversation's messages and the send box. */
export function MessagePane({
  auth,
  conversationId,
  name,
  onBack,
  className,
}: {
  auth: ChatAuth;
  conversationId: number | undefined;
  name: string;
  onBack?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={name || t('chat.pane.placeholderTitle')}
      className={cn('flex min-h-0 min-w-0 flex-col', className)}
    >
      {conversationId === undefined ? (
        <>
          <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
            <MessagesSquareIcon aria-hidden="true" className="size-12 text-muted-foreground" />
            <h2 className="mt-3 font-semibold">{t('chat.pane.placeholderTitle')}</h2>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t('chat.pane.placeholderText')}</p>
          </div>
          <SendBox disabled focusKey={undefined} onSend={() => undefined} />
        </>
      ) : (
        <ConversationPane
          key={conversationId}
          auth={auth}
          conversationId={conversationId}
          name={name}
          onBack={onBack}
        />
      )}
    </section>
  );
}
